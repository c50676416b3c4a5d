import type { ReactNode } from 'react';
import { Input, Select } from '../../../features/forms/dsfr-fields.tsx';
import type { FileEntry } from '@ad/contract/account/member-content';
import { Loader } from '../../../app/loader.tsx';
import {
  SubmitButton,
  toFormData,
  type FileFieldValue,
} from '../../../features/account-forms/index.ts';
import { ModerationBadge } from '../../../features/account-forms/moderation-badge.tsx';
import { fr } from '../../../lib/fr.ts';

/** The image formats the server accepts (its ALLOWED_IMAGE_MIMES; SVG is refused). */
export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PDF_MIMES = ['application/pdf'] as const;

export const SAVE_CHANGES = 'Enregistrer mes modifications';

/** A saved file as the FileField lists it. */
export const savedFiles = (entry: FileEntry | null | undefined) => (entry ? [entry] : []);

/**
 * How a single-file field travels: the chosen File, '' when the saved file was removed (or none
 * was chosen), nothing at all when the saved file is kept — the server then leaves it in place.
 */
export function fileToSend(value: FileFieldValue): File | '' | undefined {
  const added = value.added[0]?.file;
  if (added) return added;
  return value.existing.length === 0 ? '' : undefined;
}

/** The multipart body of a form: its text values, and its files as `fileToSend` says. */
export function publicationFormData(
  values: Record<string, string>,
  files: Record<string, File | '' | undefined>,
  editing: boolean,
): FormData {
  const data = toFormData(values, { method: editing ? 'put' : 'post' });
  for (const [name, file] of Object.entries(files)) {
    if (file === undefined) continue;
    if (file === '') data.append(name, '');
    else data.append(name, file, file.name);
  }
  return data;
}

/** The page frame of a form or a preview: its h1, then the content once its data loaded. */
export function PublicationPage({
  title,
  status,
  children,
}: {
  title: string;
  /** An edited item's moderation status (« En cours de modération »…), under the title. */
  status?: string;
  children?: ReactNode;
}) {
  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>{title}</h1>
      {status ? <ModerationBadge label={status} /> : null}
      {children ?? <Loader />}
    </div>
  );
}

/**
 * Where a member form sends and what follows a save, when it is not the member's own edit: the
 * team correcting a submission before publishing it (issue 10) uses the same forms.
 */
export interface FormTarget {
  /** The URL the form posts to (multipart, `_method=put`). */
  submitUrl: string;
  /** Replaces the success modal: called with the server's message. */
  onSaved: (message: string) => void;
  /** The button beside the submit button that leaves the form (`cancelLabel`). */
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
}

export function RequiredNote({ reviewed = true }: { reviewed?: boolean }) {
  return (
    <p className={fr.cx('fr-hint-text')}>
      Les champs marqués d'un astérisque (*) sont obligatoires.
      {reviewed ? ' Votre proposition sera relue par notre équipe avant sa publication.' : null}
    </p>
  );
}

/** The submit button of a form, and the target's cancel button beside it. */
export function FormButtons({
  processing,
  label,
  target,
}: {
  processing: boolean;
  label: string;
  target?: FormTarget;
}) {
  const submit = (
    <SubmitButton processing={processing}>{target?.submitLabel ?? label}</SubmitButton>
  );
  if (!target) return submit;
  return (
    <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-sm')}>
      <li>{submit}</li>
      <li>
        <button
          type="button"
          className={fr.cx('fr-btn', 'fr-btn--secondary')}
          onClick={target.onCancel}
          disabled={processing}
        >
          {target.cancelLabel}
        </button>
      </li>
    </ul>
  );
}

/** A DSFR select of an option list, with its placeholder and the server's error. */
export function OptionSelect({
  name,
  label,
  options,
  value,
  onChange,
  error,
  disabled,
  placeholder,
  required = true,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  placeholder: string;
  required?: boolean;
}) {
  return (
    <div className={fr.cx('fr-fieldset__element')}>
      <Select
        label={required ? `${label} *` : label}
        disabled={disabled}
        state={error ? 'error' : 'default'}
        stateRelatedMessage={error}
        nativeSelectProps={{
          name,
          id: `field-${name}`,
          required,
          'aria-required': required || undefined,
          value,
          onChange: (event) => onChange(event.target.value),
        }}
      >
        {/* An optional choice can be emptied again: its placeholder is a choice of its own. */}
        <option value="" disabled={required}>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** A calendar day, sent as YYYY-MM-DD (what `<input type="date">` gives). */
export function DateField({
  name,
  label,
  value,
  onChange,
  error,
  disabled,
  required = true,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}) {
  return (
    <div className={fr.cx('fr-fieldset__element')}>
      <Input
        label={required ? `${label} *` : label}
        disabled={disabled}
        state={error ? 'error' : 'default'}
        stateRelatedMessage={error}
        nativeInputProps={{
          type: 'date',
          name,
          required,
          value,
          onChange: (event) => onChange(event.target.value),
        }}
      />
    </div>
  );
}

/** Wraps a field in the DSFR fieldset element spacing. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className={fr.cx('fr-fieldset__element')}>{children}</div>;
}
