import { useRef, useState } from 'react';
import './account-forms.css';
import { fr } from '../../lib/fr.ts';
import { Combobox } from './combobox.tsx';
import { normalizeText, useDebouncedSearch } from './use-debounced-search.ts';

export interface SelectOption {
  id: string | number;
  name: string;
}

export interface MultiSelectProps {
  /** Id of the input; `field-<key>` lets the form focus it on a server error. */
  id: string;
  label: string;
  hint?: string;
  /** Static mode: the options, filtered by the typed text. */
  options?: readonly SelectOption[];
  /** Search mode: the options for the typed text (communes…), the previous search aborted. */
  search?: (text: string, signal: AbortSignal) => Promise<SelectOption[]>;
  value: readonly SelectOption[];
  onChange: (value: SelectOption[]) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
}

/**
 * A multi-select combobox (spec §4, §8, §9): the chosen items show as DSFR tags under it, each
 * with its 'Retirer <name>' button; an item is added only once. With `options`, the typed text
 * filters them (accent-insensitive); with `search`, the typed text is searched 500 ms after the
 * last keystroke (not when blank), at most 50 options. 'Aucun résultat' when nothing matches.
 */
export function MultiSelect(props: MultiSelectProps) {
  const { value, onChange, options, search, disabled } = props;
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const remote = useDebouncedSearch(search ? text : '', search);

  const chosen = new Set(value.map((item) => String(item.id)));
  const needle = normalizeText(text);
  const shown = search
    ? remote.results
    : (options ?? []).filter((option) => !needle || normalizeText(option.name).includes(needle));

  const add = (option: SelectOption) => {
    setText('');
    if (chosen.has(String(option.id))) return;
    onChange([...value, { id: option.id, name: option.name }]);
  };

  const remove = (option: SelectOption) => {
    onChange(value.filter((item) => String(item.id) !== String(option.id)));
    input.current?.focus();
  };

  return (
    <Combobox<SelectOption>
      id={props.id}
      label={props.label}
      hint={props.hint}
      error={props.error}
      disabled={disabled}
      required={props.required}
      placeholder={props.placeholder}
      text={text}
      onTextChange={setText}
      options={shown}
      optionKey={(option) => String(option.id)}
      optionLabel={(option) => option.name}
      isChosen={(option) => chosen.has(String(option.id))}
      onSelect={add}
      status={search ? remote.status : 'done'}
      multiple
      inputRef={input}
    >
      {value.length > 0 ? (
        <ul
          className={`${fr.cx('fr-tags-group')} app-combobox__chosen`}
          aria-label={`${props.label} : sélection`}
        >
          {value.map((item) => (
            <li key={String(item.id)}>
              <button
                type="button"
                className={fr.cx('fr-tag', 'fr-tag--sm', 'fr-tag--dismiss')}
                aria-label={`Retirer ${item.name}`}
                disabled={disabled}
                onClick={() => remove(item)}
              >
                {item.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Combobox>
  );
}
