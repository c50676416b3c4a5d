import { fr } from '../../lib/fr.ts';
import { Alert } from '@codegouvfr/react-dsfr/Alert';

/** The message of a failed send that concerns no field, above the form (announced: role alert). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert
      severity="error"
      small
      description={message}
      className={fr.cx('fr-mb-3w')}
      role="alert"
    />
  );
}
