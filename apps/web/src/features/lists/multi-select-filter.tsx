import { useEffect, useId, useRef } from 'react';
import './lists.css';
import { fr } from '../../lib/fr.ts';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterGroup {
  label: string;
  options: FilterOption[];
}

/**
 * A filter of a list page (Catégories, Types…): a disclosure (native `<details>`, so it opens
 * with the keyboard and before the scripts load) holding DSFR checkboxes, optionally grouped
 * (Thématiques by thematic). Each change applies at once (the list refetches); Escape or a click
 * outside closes it. A value is added only once (spec §5).
 */
export function MultiSelectFilter(props: {
  label: string;
  /** Flat options, or `groups` of options. */
  options?: FilterOption[];
  groups?: FilterGroup[];
  selected: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const id = useId();
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const groups = props.groups ?? [{ label: '', options: props.options ?? [] }];
  const selected = new Set(props.selected);
  // Only the values it offers: a mistyped or old link's other values select nothing.
  const count = groups.reduce(
    (sum, group) => sum + group.options.filter((option) => selected.has(option.value)).length,
    0,
  );

  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !element.open) return;
      // This Escape is the list's: not also the one of a modal around it (the 'Filtrer' panel).
      event.preventDefault();
      event.stopPropagation();
      element.open = false;
      summary.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (element.open && !element.contains(event.target as Node)) element.open = false;
    };
    element.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      element.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  const toggle = (value: string, checked: boolean) => {
    const next = props.selected.filter((v) => v !== value);
    props.onChange(checked ? [...next, value] : next);
  };

  return (
    <details ref={details} className="app-filter">
      <summary ref={summary} className={fr.cx('fr-select')}>
        {props.label}
        {count > 0 && (
          <span className="app-filter__count">
            {' '}
            ({count}
            <span className={fr.cx('fr-sr-only')}> sélectionné{count > 1 ? 's' : ''}</span>)
          </span>
        )}
      </summary>
      <div className="app-filter__panel">
        {groups.map((group, groupIndex) => (
          <fieldset
            key={group.label || groupIndex}
            className={fr.cx('fr-fieldset', 'fr-mb-0')}
            aria-label={group.label || props.label}
          >
            {group.label && (
              <legend className={fr.cx('fr-fieldset__legend', 'fr-text--bold', 'fr-text--sm')}>
                {group.label}
              </legend>
            )}
            {group.options.map((option) => {
              const inputId = `${id}-${groupIndex}-${option.value}`;
              return (
                <div key={option.value} className={fr.cx('fr-fieldset__element', 'fr-mb-1v')}>
                  <div className={fr.cx('fr-checkbox-group', 'fr-checkbox-group--sm')}>
                    <input
                      type="checkbox"
                      id={inputId}
                      checked={selected.has(option.value)}
                      onChange={(event) => toggle(option.value, event.currentTarget.checked)}
                    />
                    <label className={fr.cx('fr-label')} htmlFor={inputId}>
                      {option.label}
                    </label>
                  </div>
                </div>
              );
            })}
          </fieldset>
        ))}
        {count > 0 && (
          <button
            type="button"
            className={fr.cx('fr-btn', 'fr-btn--tertiary-no-outline', 'fr-btn--sm')}
            onClick={() => {
              // The button goes with the last choice: the focus goes back to the filter.
              summary.current?.focus();
              props.onChange([]);
            }}
          >
            Tout désélectionner
          </button>
        )}
      </div>
    </details>
  );
}
