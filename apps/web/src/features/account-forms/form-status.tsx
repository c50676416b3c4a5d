import { useId } from 'react';
import './account-forms.css';
import { fr } from '../../lib/fr.ts';

export const ERROR_BANNER_TEXT = 'Votre saisie comporte des erreurs.';

/**
 * The red banner of a form with errors (spec §2, §5). Show it when the form has errors and is not
 * processing: `<ErrorBanner show={form.hasErrors && !form.processing} />`. Announced (role alert).
 */
export function ErrorBanner({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div className={fr.cx('fr-alert', 'fr-alert--error', 'fr-alert--sm', 'fr-mb-3w')} role="alert">
      <p>{ERROR_BANNER_TEXT}</p>
    </div>
  );
}

/**
 * Progress of the files being sent, under the submit button: `value` is the hook's
 * `uploadProgress` (0 to 1, null when no upload runs, and then nothing shows).
 */
export function UploadProgress({ value }: { value: number | null }) {
  const id = useId();
  if (value === null) return null;
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="app-upload-progress fr-mt-2w">
      <label htmlFor={id} className={fr.cx('fr-label', 'fr-text--sm')}>
        Envoi des fichiers : {percent} %
      </label>
      <progress id={id} max={100} value={percent}>
        {percent} %
      </progress>
    </div>
  );
}
