import type { ReactNode } from 'react';
import { fr } from '../../lib/fr.ts';

/**
 * The DSFR primary submit button of a form (spec §4: processing, fields and button disabled,
 * loader shown): while the request runs it is disabled, shows a spinner and says it is busy
 * (aria-busy, and 'envoi en cours' for screen readers). Styles in app/app.css.
 */
export function SubmitButton({
  processing,
  children,
  className,
}: {
  processing: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`${fr.cx('fr-btn')} app-submit${className ? ` ${className}` : ''}`}
      disabled={processing}
      aria-busy={processing}
    >
      {processing ? <span className="app-submit__spinner" aria-hidden="true" /> : null}
      {children}
      {processing ? <span className={fr.cx('fr-sr-only')}> (envoi en cours)</span> : null}
    </button>
  );
}
