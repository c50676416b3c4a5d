import type { MapDetailType } from '@ad/contract';
import {
  ERROR_REPORT_EMAIL_MAX,
  ERROR_REPORT_MESSAGE_MAX,
  errorReportPath,
} from '@ad/contract/error-reports';
import { FieldInput } from '../forms/field-input.tsx';
import { MessageForm } from '../forms/message-form.tsx';

const FIELDS = ['message', 'email'] as const;
const EMPTY = { message: '', email: '' };

/**
 * « Signaler une erreur » (issue 10): what is wrong on the item's page (required) and, if the
 * visitor wants an answer, their e-mail; the captcha and the honeypot of the anonymous forms.
 * Posted to /api/initiatives/{id}/error-reports (or the procedure's); the server's French errors
 * show under their fields, nothing typed is lost; after a send, the thanks replace the form.
 * Mount it afresh at each opening (the dialog does) to start again empty.
 */
export function ErrorReportForm({
  type,
  id,
  onSent,
}: {
  type: MapDetailType;
  id: number;
  onSent?: (message: string) => void;
}) {
  return (
    <MessageForm
      fields={FIELDS}
      empty={EMPTY}
      url={errorReportPath(type, id)}
      hint="Les champs marqués d'un astérisque sont obligatoires."
      submitLabel="Envoyer le signalement"
      onSent={onSent}
    >
      {(field) => (
        <>
          <FieldInput
            {...field('message')}
            label="Votre message*"
            hintText={`Quelle information est inexacte, périmée ou manquante ? ${ERROR_REPORT_MESSAGE_MAX} caractères au plus.`}
            rows={6}
            maxLength={ERROR_REPORT_MESSAGE_MAX}
          />
          <FieldInput
            {...field('email')}
            label="Votre e-mail (facultatif)"
            hintText="Pour que l'équipe puisse vous répondre. Format attendu : nom@domaine.fr"
            type="email"
            autoComplete="email"
            required={false}
            maxLength={ERROR_REPORT_EMAIL_MAX}
          />
        </>
      )}
    </MessageForm>
  );
}
