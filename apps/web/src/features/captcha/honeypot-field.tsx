import { useId } from 'react';
import { fr } from '../../lib/fr.ts';
import { HONEYPOT_FIELD } from '@ad/contract';

/**
 * The hidden honeypot of the anonymous forms (`email_address_check`, as in the spec's newsletter
 * form): out of sight, out of the tab order and of the accessibility tree, so that only robots
 * fill it; send its value with the form (the server then pretends to succeed and does nothing).
 */
export function HoneypotField({
  value = '',
  onChange,
}: {
  value?: string;
  onChange?: (value: string) => void;
}) {
  const id = `${useId()}-${HONEYPOT_FIELD}`;
  return (
    <div className={fr.cx('fr-sr-only')} aria-hidden="true">
      <label htmlFor={id}>Ne pas remplir ce champ</label>
      <input
        id={id}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        data-lpignore="true"
        data-1p-ignore="true"
        data-form-type="other"
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
      />
    </div>
  );
}
