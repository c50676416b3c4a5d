/**
 * Form kit of the member account area (spec account-area §2 "Form pages" and "Modals", §4, §5,
 * §8, §9). Import from this file only: `import { useAccountForm, … } from '../../features/account-forms/index.ts'`.
 *
 * Sending
 * - `toFormData(values, { method: 'post' | 'put' })`: plain object → multipart, bracket notation
 *   (`a[0][b]`), booleans '1'/'0', null/undefined and empty lists as '' (empty = null / emptied),
 *   Files appended as files (`logo_files[0][file]`), Dates as YYYY-MM-DD, always `_method`.
 * - `submitMultipart<T>('POST', url, formData, { onProgress, signal })`: XMLHttpRequest with the
 *   API client's headers and CSRF token; rejects with `ApiError` (422 keeps `errors`, network
 *   failure is status 0). Pass `onProgress` only when `formDataHasFiles(formData)`, so that the
 *   progress bar shows for uploads only.
 *
 * Form state
 * - `const form = useAccountForm()`: `formRef` (on the `<form>`), `status`
 *   ('idle' | 'processing' | 'success' | 'error'), `processing`, `errors` (first message per key,
 *   dotted keys as the server sends them), `errorFor(key)`, `hasErrors`, `generalError`,
 *   `uploadProgress` (0..1 or null), `clearErrors()`, and
 *   `submit(event, ({ onProgress, signal }) => submitMultipart(...), onSuccess?, onError?)`
 *   (a second submit while one runs is ignored). After a 422 the first field in error (page order)
 *   is focused: it is found by `name` (`a.0.b` or `a[0][b]`) or by id `field-<key>`, falling back
 *   to the parent key (`logo_files.1.file` → `logo_files`). So give fields `name={key}` or
 *   `id={`field-${key}`}`. Errors that no field can show become `generalError`.
 *   Lock native fields with `<fieldset disabled={form.processing}>`; pass `disabled` to the
 *   components below.
 * - `FormError({ message })`: `generalError` above the form (from features/forms).
 * - `ErrorBanner({ show })`: 'Votre saisie comporte des erreurs.'; `show={form.hasErrors && !form.processing}`.
 * - `SubmitButton({ processing, children })`, `UploadProgress({ value: form.uploadProgress })`.
 *
 * Modals
 * - `SuccessModal({ open, message, onClose? })`: 'Fermer' refetches the /api/user queries and
 *   goes to the dashboard (or reloads it when already there); `onClose` replaces that.
 * - `ConfirmModal({ open?, confirmation, resetKey?, onCancel, onDone })`, `confirmation:
 *   Confirmation` ({ title, body, confirmLabel, run, failed? }): 'Confirmez-vous cette action ?',
 *   then `run()`; cannot be closed while it runs, then `onDone(message)` with what `run` resolved.
 * - `DeleteConfirmModal({ open, deletable, onCancel, onDeleted })`, `deletable: Deletable`
 *   ({ label, sentence, name, success, url } of a dashboard item): a ConfirmModal that sends
 *   `DELETE url`, then `onDeleted(deletable.success)` (show the SuccessModal with it).
 *
 * Fields (each takes `error?: string` (the first server message), `disabled?`, `required?` (adds
 * ' *' to the label and aria-required: pass the label without asterisk))
 * - `RichTextEditor({ id, label, hint?, value: html, onChange(html) })`: '' when empty.
 * - `FileField({ name, label, hint?, accept, max?, existing?, value, onChange, withDisplayName?, errorFor? })`,
 *   `value: FileFieldValue = { existing: KeptFile[], added: AddedFile[] }`; start with
 *   `fileFieldValue(savedFiles)`. Single file when `max` is 1 (default). Per-file errors are read
 *   with `errorFor('<name>.<i>.file')`, `'<name>.<i>.displayedName'` (new files) and
 *   `'<existingName>.<j>…'` (kept ones). Helpers `shortFileName(name)`, `formatFileSize(bytes)`.
 * - `MultiSelect({ id, label, hint?, options? | search?, value: SelectOption[], onChange })`:
 *   `SelectOption = { id, name }`; static options filtered without accents, or a remote
 *   `search(text, signal)` (500 ms debounce, not when blank, at most 50 shown).
 * - `AddressAutocomplete({ id, label, value: AddressValue, onChange })` (GET /api/addresses?query=):
 *   a choice fills address_line_1, city, postcode, latitude, longitude and empties address_line_2.
 *   Its input takes the focus for errors on any of these keys; show them with
 *   `error={form.errorFor('address_line_1') ?? form.errorFor('city') ?? …}`.
 *   `EMPTY_ADDRESS` is the cleared value.
 *
 * Drafts
 * - `const draft = useFormDraft(key, values, (saved) => setValues(saved), { enabled })`: saves to
 *   localStorage `ad:draft:<key>` (500 ms after a change, files left out), offers a saved draft on
 *   mount: render `<DraftNotice draft={draft} form={form.formRef} />`; call `draft.clear()` after
 *   a successful save.
 *   Pass `enabled` once the form holds its starting values (edit: after the item loaded). Name the
 *   key after the form and the item (`initiative:create`, `initiative:12`).
 *
 * Example (an edit form with files):
 *   const form = useAccountForm();
 *   const [values, setValues] = useState<Values>(initial);
 *   const draft = useFormDraft(`post:${id}`, values, setValues, { enabled: loaded });
 *   const onSubmit = (event: FormEvent<HTMLFormElement>) =>
 *     form.submit(event, ({ onProgress, signal }) => {
 *       const body = toFormData({ ...values, image: values.image.added[0]?.file ?? null }, { method: 'put' });
 *       return submitMultipart('POST', `/api/user/posts/${id}`, body, {
 *         onProgress: formDataHasFiles(body) ? onProgress : undefined, signal });
 *     }, () => { draft.clear(); setSuccess(message); });
 *   <form ref={form.formRef} onSubmit={onSubmit} noValidate>
 *     <DraftNotice draft={draft} form={form.formRef} /> <ErrorBanner show={form.hasErrors && !form.processing} />
 *     <FormError message={form.generalError} />
 *     <RichTextEditor id="field-description" label="Description" required value={values.description}
 *       onChange={(description) => setValues((v) => ({ ...v, description }))}
 *       error={form.errorFor('description')} disabled={form.processing} />
 *     <SubmitButton processing={form.processing}>Enregistrer mes modifications</SubmitButton>
 *     <UploadProgress value={form.uploadProgress} />
 *   </form>
 *   <SuccessModal open={success !== null} message={success ?? ''} />
 */
export { toFormData, formDataHasFiles, type ToFormDataOptions } from './to-form-data.ts';
export { submitMultipart, type MultipartOptions } from './submit-multipart.ts';
export {
  useAccountForm,
  fieldElement,
  type AccountForm,
  type FormStatus,
  type SendContext,
} from './use-account-form.ts';
export { FormError } from '../forms/form-error.tsx';
export { SubmitButton } from '../forms/submit-button.tsx';
export { ErrorBanner, ERROR_BANNER_TEXT, UploadProgress } from './form-status.tsx';
export { SuccessModal, useBackToDashboard } from './success-modal.tsx';
export { ConfirmModal, type Confirmation } from './confirm-modal.tsx';
export { DeleteConfirmModal, type Deletable } from './delete-confirm-modal.tsx';
export { RichTextEditor, type RichTextEditorProps } from './rich-text-editor.tsx';
export {
  FileField,
  fileFieldValue,
  type AddedFile,
  type FileFieldProps,
  type FileFieldValue,
  type KeptFile,
  type SavedFile,
} from './file-field.tsx';
export { formatFileSize, shortFileName } from './file-names.ts';
export { MultiSelect, type MultiSelectProps, type SelectOption } from './multi-select.tsx';
export {
  AddressAutocomplete,
  EMPTY_ADDRESS,
  addressText,
  type AddressSuggestion,
  type AddressValue,
} from './address-autocomplete.tsx';
export { useFormDraft, type FormDraft } from './use-form-draft.ts';
export { DraftNotice } from './draft-notice.tsx';
export { ModerationBadge } from './moderation-badge.tsx';
