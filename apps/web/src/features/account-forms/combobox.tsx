import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { fr } from '../../lib/fr.ts';
import type { SearchStatus } from './use-debounced-search.ts';

export interface ComboboxProps<Option> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  text: string;
  /** The user typed: the text, and whether the list should open. */
  onTextChange: (text: string) => void;
  options: readonly Option[];
  optionKey: (option: Option) => string;
  optionLabel: (option: Option) => string;
  /** Multi-select: the options already chosen (aria-selected, with a check mark). */
  isChosen?: (option: Option) => boolean;
  onSelect: (option: Option) => void;
  /** 'done' with no option shows 'Aucun résultat'; 'loading' a search message. */
  status: SearchStatus;
  multiple?: boolean;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Under the input, inside the field group (chosen tags, chosen address). */
  children?: ReactNode;
  /** Ids of more elements describing the input. */
  describedBy?: string;
  /** Server error keys this input answers for (see useAccountForm's focus on error). */
  errorKeys?: string;
}

export const NO_RESULT = 'Aucun résultat';
const SEARCHING = 'Recherche en cours…';
const SEARCH_FAILED = 'La recherche a échoué. Veuillez réessayer.';

/**
 * An editable combobox with a list popup (WAI-ARIA 1.2 combobox pattern): the focus stays in the
 * input, the active option is `aria-activedescendant`; Down/Up move through the options (Down and
 * Alt+Down open the list), Enter chooses, Escape closes the list then clears the text. DSFR input
 * group look, hint and error tied to the input by aria-describedby.
 */
export function Combobox<Option>(props: ComboboxProps<Option>) {
  const {
    id,
    label,
    hint,
    error,
    disabled,
    required,
    text,
    options,
    optionKey,
    optionLabel,
    isChosen,
    status,
    multiple,
  } = props;
  const uid = useId();
  const listboxId = `${uid}-listbox`;
  const labelTextId = `${uid}-label`;
  const hintId = `${uid}-hint`;
  const errorId = `${uid}-error`;
  const statusId = `${uid}-status`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const optionId = (index: number) => `${uid}-option-${index}`;
  const activeIndex = active < options.length ? active : -1;
  const showList = open && options.length > 0 && !disabled;
  const message =
    !open || disabled
      ? ''
      : status === 'loading' || status === 'pending'
        ? options.length === 0 && status === 'loading'
          ? SEARCHING
          : ''
        : status === 'error'
          ? SEARCH_FAILED
          : status === 'done' && options.length === 0
            ? NO_RESULT
            : '';

  const moveTo = (index: number) => {
    setActive(index);
    if (typeof document === 'undefined') return;
    const element = document.getElementById(optionId(index));
    if (element && typeof element.scrollIntoView === 'function') {
      element.scrollIntoView({ block: 'nearest' });
    }
  };

  const choose = (option: Option) => {
    props.onSelect(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (!open || event.altKey) {
          setOpen(true);
          if (event.altKey) return;
        }
        if (options.length > 0) moveTo(activeIndex + 1 >= options.length ? 0 : activeIndex + 1);
        return;
      }
      case 'ArrowUp': {
        if (!open || options.length === 0) return;
        event.preventDefault();
        moveTo(activeIndex <= 0 ? options.length - 1 : activeIndex - 1);
        return;
      }
      case 'Enter': {
        // Enter on a chosen option must not submit the form around the field.
        if (showList && activeIndex >= 0) {
          event.preventDefault();
          choose(options[activeIndex]!);
        }
        return;
      }
      case 'Escape': {
        if (open && (showList || message)) {
          // The list closes, not the dialog or whatever holds the field.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          event.stopPropagation();
          props.onTextChange('');
        }
        return;
      }
      case 'Tab':
        setOpen(false);
        return;
      default:
    }
  };

  const describedBy =
    [hint ? hintId : '', error ? errorId : '', props.describedBy ?? ''].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div
      className={fr.cx(
        'fr-input-group',
        error ? 'fr-input-group--error' : undefined,
        disabled ? 'fr-input-group--disabled' : undefined,
      )}
    >
      <label className={fr.cx('fr-label')} htmlFor={id}>
        <span id={labelTextId}>{label}</span>
        {required ? <span aria-hidden="true"> *</span> : null}
        {hint ? (
          <span className={fr.cx('fr-hint-text')} id={hintId}>
            {hint}
          </span>
        ) : null}
      </label>
      <div className="app-combobox">
        <input
          ref={props.inputRef}
          id={id}
          className={fr.cx('fr-input', error ? 'fr-input--error' : undefined)}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          // Named by the label's text alone: the hint is its description.
          aria-labelledby={labelTextId}
          data-error-keys={props.errorKeys}
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          disabled={disabled}
          placeholder={props.placeholder}
          value={text}
          onChange={(event) => {
            props.onTextChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label={label}
          aria-multiselectable={multiple || undefined}
          className="app-combobox__listbox"
          hidden={!showList}
        >
          {showList
            ? options.map((option, index) => {
                const chosen = isChosen?.(option) ?? false;
                return (
                  <li
                    key={optionKey(option)}
                    id={optionId(index)}
                    role="option"
                    aria-selected={multiple ? chosen : index === activeIndex}
                    className={`app-combobox__option${index === activeIndex ? ' app-combobox__option--active' : ''}${chosen ? ' app-combobox__option--chosen' : ''}`}
                    // The focus stays in the input while the pointer chooses.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option)}
                  >
                    {optionLabel(option)}
                  </li>
                );
              })
            : null}
        </ul>
        <div id={statusId} role="status" className={message ? 'app-combobox__message' : undefined}>
          {message}
          {showList && status !== 'loading' ? (
            <span className={fr.cx('fr-sr-only')}>
              {options.length === 1 ? '1 résultat' : `${options.length} résultats`}
            </span>
          ) : null}
        </div>
      </div>
      {error ? (
        <p className={fr.cx('fr-error-text')} id={errorId}>
          {error}
        </p>
      ) : null}
      {props.children}
    </div>
  );
}
