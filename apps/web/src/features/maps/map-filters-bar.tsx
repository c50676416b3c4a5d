import { useCallback, useEffect, useId, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, type MapFilters } from '@ad/contract';
import { fr } from '../../lib/fr.ts';
import { MultiSelectFilter } from '../lists/multi-select-filter.tsx';
import type { MapArrayFilter, MapQuery } from './map-query.ts';

/**
 * The search of the initiatives page: applied after a 500 ms pause, at once with Enter, and
 * cleared by Escape (spec §4).
 */
export function MapSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(q);
  // The search this field last applied, until the query shows it.
  const [sent, setSent] = useState<string | null>(null);
  // The query's search changed elsewhere ('Voir les initiatives liées', history): shown here.
  // Not when it is this field's own search coming back: the visitor may have typed on (or left
  // a space at the end) meanwhile.
  const [seenQ, setSeenQ] = useState(q);
  if (seenQ !== q) {
    setSeenQ(q);
    if (q !== sent) setText(q);
    setSent(null);
  }
  const search = useCallback(
    (value: string) => {
      if (value.trim() !== q) setSent(value.trim());
      onSearch(value);
    },
    [q, onSearch],
  );

  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => search(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, search]);

  return (
    <div className={`ad-map-search ${fr.cx('fr-search-bar')}`} role="search">
      <label className={fr.cx('fr-label')} htmlFor={`${id}-q`}>
        Rechercher une initiative ou une démarche
      </label>
      <input
        id={`${id}-q`}
        className={fr.cx('fr-input')}
        type="search"
        placeholder="Rechercher"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text !== '') {
            event.preventDefault();
            setText('');
            search('');
          } else if (event.key === 'Enter') {
            event.preventDefault();
            search(text);
          }
        }}
      />
    </div>
  );
}

/** The multi-select filters of the initiatives page (spec §3 'Map filter options'). */
export function MapFilterSelects({
  query,
  filters,
  onFilter,
}: {
  query: MapQuery;
  filters: MapFilters | undefined;
  onFilter: (name: MapArrayFilter, values: string[]) => void;
}) {
  const options = <T extends { id: number; name: string }>(list: T[] | undefined) =>
    (list ?? []).map((option) => ({ value: String(option.id), label: option.name }));

  return (
    <div className="app-filter-bar">
      <MultiSelectFilter
        label="Thématiques"
        options={options(filters?.themes)}
        selected={query.filters.thematics}
        onChange={(values) => onFilter('thematics', values)}
      />
      <MultiSelectFilter
        label="Sous-thématiques"
        groups={(filters?.subthematics ?? []).map((group) => ({
          label: group.thematic.name,
          options: options(group.subthematics),
        }))}
        selected={query.filters.subthematics}
        onChange={(values) => onFilter('subthematics', values)}
      />
      <MultiSelectFilter
        label="Porteurs de projet"
        options={options(filters?.project_holder_types)}
        selected={query.filters.projectHolders}
        onChange={(values) => onFilter('projectHolders', values)}
      />
      <MultiSelectFilter
        label="Bénéficiaires"
        options={options(filters?.beneficiaries)}
        selected={query.filters.beneficiaries}
        onChange={(values) => onFilter('beneficiaries', values)}
      />
      <MultiSelectFilter
        label="Localisations"
        options={(filters?.locations ?? []).map((location) => ({
          value: location.code,
          label: `${location.name} (${location.code})`,
        }))}
        selected={query.filters.locations}
        onChange={(values) => onFilter('locations', values)}
      />
    </div>
  );
}
