import { useEffect, useRef, useState } from 'react';
import './account-forms.css';
import { fr } from '../../lib/fr.ts';
import { api } from '../../lib/api-client.ts';
import { Combobox } from './combobox.tsx';
import { useDebouncedSearch } from './use-debounced-search.ts';

/** The address fields of an initiative or a food procedure (spec §3). */
export interface AddressValue {
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  postcode: string | null;
  latitude: number | string | null;
  longitude: number | string | null;
}

/** One suggestion of GET /api/addresses?query=. */
export interface AddressSuggestion {
  label: string;
  address_line_1: string;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
}

export const EMPTY_ADDRESS: AddressValue = {
  address_line_1: null,
  address_line_2: null,
  city: null,
  postcode: null,
  latitude: null,
  longitude: null,
};

export function searchAddresses(text: string, signal: AbortSignal): Promise<AddressSuggestion[]> {
  return api
    .get<{ data: AddressSuggestion[] }>(`/api/addresses?query=${encodeURIComponent(text)}`, {
      signal,
    })
    .then((response) => response.data ?? []);
}

/** 'Rue X 33000 Bordeaux': the address as the field shows it. */
export function addressText(value: AddressValue): string {
  return [value.address_line_1, [value.postcode, value.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(' ');
}

/**
 * The address of an initiative or a food procedure (spec §4): the typed text is searched
 * (GET /api/addresses, 500 ms after the last keystroke, not when blank); a suggestion fills
 * address_line_1, city, postcode, latitude and longitude and empties address_line_2 (the
 * 'Complément' that belonged to the previous address); 'Effacer l'adresse', or emptying the text,
 * empties them all. The chosen address shows under the field.
 */
export function AddressAutocomplete({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
  required,
  hint,
}: {
  id: string;
  label: string;
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  hint?: string;
}) {
  const [text, setText] = useState(() => addressText(value));
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { results, status } = useDebouncedSearch(query, searchAddresses);
  const shown = addressText(value);
  const lastShown = useRef(shown);

  // A value set by the page (a restored draft, a loaded item) replaces the text.
  useEffect(() => {
    if (shown === lastShown.current) return;
    lastShown.current = shown;
    setText(shown);
    setQuery('');
  }, [shown]);

  const clear = () => {
    setText('');
    setQuery('');
    onChange({ ...EMPTY_ADDRESS });
  };

  const choose = (suggestion: AddressSuggestion) => {
    const next: AddressValue = {
      address_line_1: suggestion.address_line_1,
      address_line_2: null,
      city: suggestion.city,
      postcode: suggestion.postcode,
      latitude: suggestion.latitude,
      longitude: suggestion.longitude,
    };
    lastShown.current = addressText(next);
    setText(suggestion.label);
    setQuery('');
    onChange(next);
  };

  const chosenId = `${id}-chosen`;
  const hasAddress = Boolean(value.address_line_1 || value.city || value.postcode);

  return (
    <Combobox<AddressSuggestion>
      id={id}
      label={label}
      hint={hint ?? "Saisissez le début de l'adresse puis choisissez-la dans la liste."}
      error={error}
      disabled={disabled}
      required={required}
      text={text}
      onTextChange={(next) => {
        setText(next);
        setQuery(next);
        if (!next.trim() && hasAddress) onChange({ ...EMPTY_ADDRESS });
      }}
      options={results}
      optionKey={(suggestion) =>
        `${suggestion.label}|${suggestion.latitude}|${suggestion.longitude}`
      }
      optionLabel={(suggestion) => suggestion.label}
      onSelect={choose}
      status={status}
      inputRef={input}
      describedBy={hasAddress ? chosenId : undefined}
      errorKeys="address_line_1 city postcode latitude longitude"
    >
      {hasAddress ? (
        <div className="app-combobox__chosen">
          <p id={chosenId} className={fr.cx('fr-text--sm', 'fr-mb-1w')}>
            <span className={fr.cx('fr-text--bold')}>Adresse choisie : </span>
            {value.address_line_1}
            {value.address_line_2 ? `, ${value.address_line_2}` : ''}
            {value.postcode || value.city
              ? `, ${[value.postcode, value.city].filter(Boolean).join(' ')}`
              : ''}
          </p>
          <button
            type="button"
            className={fr.cx(
              'fr-btn',
              'fr-btn--sm',
              'fr-btn--tertiary',
              'fr-icon-close-line',
              'fr-btn--icon-left',
            )}
            disabled={disabled}
            onClick={() => {
              clear();
              input.current?.focus();
            }}
          >
            Effacer l&apos;adresse
          </button>
        </div>
      ) : null}
    </Combobox>
  );
}
