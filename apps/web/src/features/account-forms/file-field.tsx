import { useId, useRef, useState, type ChangeEvent } from 'react';
import './account-forms.css';
import { fr } from '../../lib/fr.ts';
import { formatFileSize, formatNames, shortFileName } from './file-names.ts';

/** A file already saved on the server (spec §3 "File entry"). */
export interface SavedFile {
  id: string | number;
  url: string;
  filename: string;
  size: number;
  displayedName?: string | null;
  /** Images also carry their original name and MIME type. */
  name?: string;
  type?: string;
}

/**
 * A saved file the member keeps: its id and title; its url, filename and size come with it or
 * from the field's `existing` list.
 */
export type KeptFile = { id: string | number; displayedName?: string | null } & Partial<
  Omit<SavedFile, 'id' | 'displayedName'>
>;

/** A file chosen in this visit, to be sent (e.g. as `logo_files[0][file]`). */
export interface AddedFile {
  file: File;
  displayedName?: string;
}

export interface FileFieldValue {
  existing: KeptFile[];
  added: AddedFile[];
}

/** The value of a file field that starts with the item's saved files. */
export function fileFieldValue(
  saved: readonly SavedFile[] | null | undefined = [],
): FileFieldValue {
  return { existing: (saved ?? []).map((file) => ({ ...file })), added: [] };
}

export interface FileFieldProps {
  /** Name of the input and root of the per-file error keys: `<name>.<i>.file`… */
  name: string;
  /** Id of the input; `field-<name>` by default (the form's focus on error finds it). */
  id?: string;
  label: string;
  hint?: string;
  /** Accepted MIME types, e.g. the server's allowedImageMimes, or ['application/pdf']. */
  accept: readonly string[];
  /** How many files at most (1: a new choice replaces the file). */
  max?: number;
  /** Saved files, to show the kept ones that carry only their id. */
  existing?: readonly SavedFile[];
  value: FileFieldValue;
  onChange: (next: FileFieldValue) => void;
  /** A 'Titre affiché (facultatif)' field for each file. */
  withDisplayName?: boolean;
  /** Message for the field as a whole (too many files, required…). */
  error?: string;
  /** Messages per file: `<name>.<i>.file`, `<name>.<i>.displayedName` (new files, in order), and
   * `<existingName>.<j>…` for the kept ones. */
  errorFor?: (key: string) => string | undefined;
  /** Root of the error keys of the kept files (the server's list, e.g. 'logos'); `name` if unset. */
  existingName?: string;
  disabled?: boolean;
  required?: boolean;
}

const fileKeys = new WeakMap<File, number>();
let nextFileKey = 1;
function keyOf(file: File): number {
  let key = fileKeys.get(file);
  if (key === undefined) {
    key = nextFileKey++;
    fileKeys.set(file, key);
  }
  return key;
}

/**
 * A DSFR file upload for images or PDFs (spec §3, §5, §9), single or multiple: the chosen files
 * are listed with their shortened name and size in French, each with a 'Retirer <name>' button
 * and, with `withDisplayName`, its 'Titre affiché (facultatif)'. Adding files never drops the
 * ones already chosen; more than `max` files, or a file of another format, is refused with a
 * message (the server checks again).
 */
export function FileField(props: FileFieldProps) {
  const { name, label, accept, value, onChange, withDisplayName, errorFor, disabled } = props;
  const max = props.max ?? 1;
  const multiple = max > 1;
  const id = props.id ?? `field-${name}`;
  const existingName = props.existingName ?? name;
  const uid = useId();
  const labelTextId = `${uid}-label`;
  const hintId = `${uid}-hint`;
  const errorId = `${uid}-error`;
  const localErrorId = `${uid}-local`;
  const input = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const formats = formatNames(accept);
  const hint =
    props.hint ??
    `Formats acceptés : ${formats.join(', ')}.${multiple ? ` ${max} fichiers au maximum.` : ''}`;
  const count = value.existing.length + value.added.length;

  const savedById = new Map((props.existing ?? []).map((file) => [String(file.id), file]));
  const kept = value.existing.map((file) => ({ ...savedById.get(String(file.id)), ...file }));

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // The same file may be chosen again after it was removed.
    event.target.value = '';
    if (chosen.length === 0) return;
    const refused = chosen.find((file) => accept.length > 0 && !accept.includes(file.type));
    if (refused) {
      setLocalError(
        `Le fichier « ${shortFileName(refused.name)} » n'est pas dans un format accepté (${formats.join(', ')}).`,
      );
      return;
    }
    if (!multiple) {
      setLocalError(null);
      onChange({ existing: [], added: [{ file: chosen[0]! }] });
      return;
    }
    if (count + chosen.length > max) {
      setLocalError(
        `Vous pouvez joindre ${max} fichiers au maximum : votre choix n'a pas été ajouté. Retirez un fichier pour en ajouter un autre.`,
      );
      return;
    }
    setLocalError(null);
    onChange({ ...value, added: [...value.added, ...chosen.map((file) => ({ file }))] });
  };

  const removeKept = (index: number) => {
    setLocalError(null);
    onChange({ ...value, existing: value.existing.filter((_, i) => i !== index) });
    input.current?.focus();
  };
  const removeAdded = (index: number) => {
    setLocalError(null);
    onChange({ ...value, added: value.added.filter((_, i) => i !== index) });
    input.current?.focus();
  };
  const renameKept = (index: number, displayedName: string) =>
    onChange({
      ...value,
      existing: value.existing.map((file, i) => (i === index ? { ...file, displayedName } : file)),
    });
  const renameAdded = (index: number, displayedName: string) =>
    onChange({
      ...value,
      added: value.added.map((file, i) => (i === index ? { ...file, displayedName } : file)),
    });

  const error = props.error;
  const describedBy = [hintId, error ? errorId : '', localError ? localErrorId : '']
    .filter(Boolean)
    .join(' ');

  const rows = [
    ...kept.map((file, index) => ({
      key: `saved-${file.id}`,
      filename: file.filename ?? file.name ?? String(file.id),
      size: file.size,
      url: file.url,
      displayedName: file.displayedName ?? '',
      errorRoot: `${existingName}.${index}`,
      onRemove: () => removeKept(index),
      onRename: (text: string) => renameKept(index, text),
    })),
    ...value.added.map((entry, index) => ({
      key: `new-${keyOf(entry.file)}`,
      filename: entry.file.name,
      size: entry.file.size,
      url: undefined,
      displayedName: entry.displayedName ?? '',
      errorRoot: `${name}.${index}`,
      onRemove: () => removeAdded(index),
      onRename: (text: string) => renameAdded(index, text),
    })),
  ];

  return (
    <div
      className={fr.cx(
        'fr-upload-group',
        error || localError ? 'fr-upload-group--error' : undefined,
        disabled ? 'fr-upload-group--disabled' : undefined,
      )}
    >
      <label className={fr.cx('fr-label')} htmlFor={id}>
        <span id={labelTextId}>{label}</span>
        {props.required ? <span aria-hidden="true"> *</span> : null}
        <span className={fr.cx('fr-hint-text')} id={hintId}>
          {hint}
        </span>
      </label>
      <input
        ref={input}
        id={id}
        name={name}
        className={fr.cx('fr-upload')}
        type="file"
        accept={accept.join(',')}
        multiple={multiple}
        disabled={disabled}
        // Named by the label's text alone: the hint is its description.
        aria-labelledby={labelTextId}
        aria-describedby={describedBy}
        aria-invalid={error || localError ? true : undefined}
        aria-required={props.required && count === 0 ? true : undefined}
        // An error of the kept files (`logos`) is this field's too (use-account-form's focus).
        data-error-keys={existingName !== name ? existingName : undefined}
        onChange={choose}
      />
      {error ? (
        <p className={fr.cx('fr-error-text')} id={errorId}>
          {error}
        </p>
      ) : null}
      <div aria-live="polite">
        {localError ? (
          <p className={fr.cx('fr-error-text')} id={localErrorId}>
            {localError}
          </p>
        ) : null}
      </div>
      {rows.length > 0 ? (
        <ul className="app-file-list" aria-label={`${label} : fichiers`}>
          {rows.map((row) => {
            const fileError =
              errorFor?.(`${row.errorRoot}.file`) ?? errorFor?.(row.errorRoot) ?? undefined;
            const nameError = errorFor?.(`${row.errorRoot}.displayedName`);
            const fileErrorId = `${uid}-${row.key}-error`;
            const nameErrorId = `${uid}-${row.key}-name-error`;
            const nameInputId = `field-${row.errorRoot}.displayedName`;
            const shown = shortFileName(row.filename);
            return (
              <li key={row.key} className="app-file-list__item">
                <p className={fr.cx('fr-mb-0')}>
                  {row.url ? (
                    <a
                      href={row.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={`${row.filename} - nouvelle fenêtre`}
                    >
                      {shown}
                    </a>
                  ) : (
                    <span title={shown === row.filename ? undefined : row.filename}>{shown}</span>
                  )}
                  {typeof row.size === 'number' ? (
                    <span className="app-file-list__size"> ({formatFileSize(row.size)})</span>
                  ) : null}
                </p>
                {fileError ? (
                  <p className={fr.cx('fr-error-text', 'fr-mt-0')} id={fileErrorId}>
                    {fileError}
                  </p>
                ) : null}
                {withDisplayName ? (
                  <div
                    className={fr.cx(
                      'fr-input-group',
                      'fr-mb-1w',
                      nameError ? 'fr-input-group--error' : undefined,
                    )}
                  >
                    <label className={fr.cx('fr-label')} htmlFor={nameInputId}>
                      Titre affiché (facultatif)
                      <span className={fr.cx('fr-sr-only')}> pour {shown}</span>
                    </label>
                    <input
                      id={nameInputId}
                      className={fr.cx('fr-input', nameError ? 'fr-input--error' : undefined)}
                      type="text"
                      value={row.displayedName}
                      disabled={disabled}
                      aria-invalid={nameError ? true : undefined}
                      aria-describedby={nameError ? nameErrorId : undefined}
                      onChange={(event) => row.onRename(event.target.value)}
                    />
                    {nameError ? (
                      <p className={fr.cx('fr-error-text')} id={nameErrorId}>
                        {nameError}
                      </p>
                    ) : null}
                  </div>
                ) : null}
                <button
                  type="button"
                  id={`field-${row.errorRoot}.file`}
                  className={fr.cx(
                    'fr-btn',
                    'fr-btn--sm',
                    'fr-btn--tertiary-no-outline',
                    'fr-icon-delete-line',
                    'fr-btn--icon-left',
                  )}
                  disabled={disabled}
                  aria-label={`Retirer ${row.filename}`}
                  aria-describedby={fileError ? fileErrorId : undefined}
                  onClick={row.onRemove}
                >
                  Retirer
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
