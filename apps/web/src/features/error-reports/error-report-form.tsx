import { useState } from 'react';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import type { MapDetailType } from '@ad/contract';
import {
  ERROR_REPORT_EMAIL_MAX,
  ERROR_REPORT_MESSAGE_MAX,
  errorReportPath,
} from '@ad/contract/error-reports';
import { api } from '../../lib/api-client.ts';
import { fr } from '../../lib/fr.ts';
import { AntiSpamFields, useAnonymousForm } from '../forms/anonymous-form.tsx';
import { FieldInput } from '../forms/field-input.tsx';
import { FormError } from '../forms/form-error.tsx';

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
  const [values, setValues] = useState(EMPTY);
  const [done, setDone] = useState<string | null>(null);
  const form = useAnonymousForm(FIELDS);
  const { errors, processing } = form;
  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name],
    disabled: processing,
  });

  if (done) {
    return <Alert severity="success" small description={done} role="status" />;
  }

  return (
    <>
      <FormError message={form.generalError} />
      <form
        ref={form.formRef}
        noValidate
        aria-busy={processing}
        onSubmit={(event) =>
          void form.send(
            event,
            (extra) =>
              api.post<{ message: string }>(errorReportPath(type, id), { ...values, ...extra }),
            (result) => {
              setValues(EMPTY);
              setDone(result.message);
              onSent?.(result.message);
            },
          )
        }
      >
        <p className={fr.cx('fr-hint-text')}>
          Les champs marqués d'un astérisque sont obligatoires.
        </p>
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
        <AntiSpamFields form={form} />
        <Button type="submit" disabled={processing} className={fr.cx('fr-mt-2w')}>
          {processing ? 'Envoi en cours…' : 'Envoyer le signalement'}
        </Button>
      </form>
    </>
  );
}
