import { useEffect, useRef } from 'react';
import { fr } from '../../lib/fr.ts';
import { Alert } from '@codegouvfr/react-dsfr/Alert';

/**
 * The message of a failed send that concerns no field, above the form (announced: role alert).
 * The form's button was disabled while it sent, so the focus was lost: when nothing else took
 * it, the message takes it, and the keyboard starts again from the form rather than the page's
 * top.
 */
export function FormError({ message }: { message: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (message && (active === null || active === document.body)) box.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div ref={box} tabIndex={-1}>
      <Alert
        severity="error"
        small
        description={message}
        className={fr.cx('fr-mb-3w')}
        role="alert"
      />
    </div>
  );
}
