import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import type { MapListItem, MapResourceType } from '@ad/contract';
import { fr } from '../../lib/fr.ts';
import { Loader } from '../../app/loader.tsx';
import { formatNumber } from '../../lib/french-numbers.ts';
import { type MapListKind, type MapQuery } from './map-query.ts';
import { shownResourceType, tabFor } from './map-query-changes.ts';
import type { MapLists } from './use-map-lists.ts';
import { VirtualList } from './virtual-list.tsx';

/** Height of a list row (title on up to two lines, then the place and the theme). */
const ROW_HEIGHT = 84;

const TAB_LABELS: Record<MapListKind, string> = {
  foodProcedures: "Démarches (ensemble d'initiatives)",
  initiatives: 'Initiatives (distinctes)',
};

const EMPTY_MESSAGES: Record<MapListKind, string> = {
  foodProcedures: 'Désolé, nous ne parvenons pas à trouver de démarche alimentaire.',
  initiatives: "Désolé, nous ne parvenons pas à trouver d'initiative.",
};

const RESOURCE_TYPE_OPTIONS: { value: MapResourceType; label: string }[] = [
  { value: 'all', label: 'Tout' },
  { value: 'foodProcedures', label: 'Démarches' },
  { value: 'initiatives', label: 'Initiatives' },
];

/**
 * The side list of the initiatives page, the map's text alternative (spec §2): 'Afficher sur la
 * carte', the search heading, the two tabs with their virtualised lists and empty messages, and
 * 'Demander un rapport'.
 */
export function MapList({
  query,
  kinds,
  lists,
  counts,
  loading,
  failed,
  itemHref,
  onItemClick,
  onResourceType,
  onExport,
}: {
  query: MapQuery;
  /** The lists the query fetches, in tab order. */
  kinds: MapListKind[];
  lists: MapLists;
  /** Each tab's count (the lists' totals while only their first pages are shown). */
  counts: Readonly<Record<MapListKind, number>>;
  /** True until the first result, or while a changed query is fetched. */
  loading: boolean;
  /** The lists could not be fetched: no loader and no empty message (the page says why). */
  failed: boolean;
  itemHref: (kind: MapListKind, item: MapListItem) => string;
  /** A click on an item; call `event.preventDefault()` to stay on the page. */
  onItemClick: (kind: MapListKind, item: MapListItem, event: MouseEvent) => void;
  onResourceType: (type: MapResourceType) => void;
  onExport: () => void;
}) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  // The tab the visitor chose; it switches to the only non-empty type when the lists change.
  const [chosen, setChosen] = useState<MapListKind>(() => tabFor(kinds[0]!, counts));
  const [seenLists, setSeenLists] = useState(lists);
  if (seenLists !== lists) {
    setSeenLists(lists);
    const next = tabFor(chosen, counts);
    if (next !== chosen) setChosen(next);
  }
  const tab = kinds.includes(chosen) ? chosen : kinds[0]!;

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + kinds.length) % kinds.length;
    setChosen(kinds[next]!);
    tabs.current[next]?.focus();
  };

  const searching = query.q !== '';
  const items = lists[tab];
  return (
    // Busy while shown items are being replaced; never around the loader, which it would silence.
    <div className="ad-map-list" aria-busy={loading && items.length > 0}>
      {searching ? (
        <div className={fr.cx('fr-mb-2w')}>
          <h2 className={fr.cx('fr-h6', 'fr-mb-1v')}>Résultats de votre recherche</h2>
          <p className={fr.cx('fr-mb-0')}>« {query.q} »</p>
        </div>
      ) : (
        <fieldset className={fr.cx('fr-fieldset', 'fr-mb-1w')} aria-labelledby={`${id}-legend`}>
          <legend className={fr.cx('fr-fieldset__legend', 'fr-text--md')} id={`${id}-legend`}>
            Afficher sur la carte
          </legend>
          {RESOURCE_TYPE_OPTIONS.map((option) => (
            <div
              key={option.value}
              className={fr.cx('fr-fieldset__element', 'fr-fieldset__element--inline')}
            >
              <div className={fr.cx('fr-radio-group', 'fr-radio-group--sm')}>
                <input
                  type="radio"
                  id={`${id}-${option.value}`}
                  name={`${id}-type`}
                  value={option.value}
                  checked={shownResourceType(query) === option.value}
                  onChange={() => onResourceType(option.value)}
                />
                <label className={fr.cx('fr-label')} htmlFor={`${id}-${option.value}`}>
                  {option.label}
                </label>
              </div>
            </div>
          ))}
        </fieldset>
      )}

      <div className="ad-tabs">
        <div role="tablist" aria-label="Résultats" className="ad-tabs__list">
          {kinds.map((kind, index) => (
            <button
              key={kind}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${kind}`}
              aria-selected={tab === kind}
              aria-controls={`${id}-panel`}
              tabIndex={tab === kind ? 0 : -1}
              className="ad-tabs__tab"
              onClick={() => setChosen(kind)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {TAB_LABELS[kind]}
              <span className="ad-tabs__count">{formatNumber(counts[kind])}</span>
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${tab}`}
          className="ad-tabs__panel"
        >
          {items.length === 0 ? (
            failed ? null : loading ? (
              <Loader />
            ) : (
              <p className={fr.cx('fr-p-2w', 'fr-mb-0')}>{EMPTY_MESSAGES[tab]}</p>
            )
          ) : (
            <VirtualList
              items={items}
              rowHeight={ROW_HEIGHT}
              itemKey={(item) => item.id}
              label={TAB_LABELS[tab]}
              total={counts[tab]}
              renderItem={(item) => (
                <Link
                  to={itemHref(tab, item)}
                  className="ad-map-item"
                  onClick={(event) => onItemClick(tab, item, event)}
                >
                  <span
                    className="ad-map-item__dot"
                    style={{ background: item.thematic?.color ?? undefined }}
                    aria-hidden="true"
                  />
                  <span className="ad-map-item__title">{item.title}</span>
                  <span className="ad-map-item__meta">
                    {tab === 'foodProcedures' && item.is_pat === 1 ? (
                      <span className={fr.cx('fr-badge', 'fr-badge--sm', 'fr-badge--info')}>
                        PAT
                      </span>
                    ) : null}
                    {[item.city, item.thematic?.name].filter(Boolean).join(' · ')}
                  </span>
                </Link>
              )}
            />
          )}
        </div>
      </div>

      {searching ? null : (
        <button
          type="button"
          className={fr.cx(
            'fr-btn',
            'fr-btn--secondary',
            'fr-icon-mail-line',
            'fr-btn--icon-left',
            'fr-mt-2w',
          )}
          onClick={onExport}
        >
          Demander un rapport
        </button>
      )}
    </div>
  );
}
