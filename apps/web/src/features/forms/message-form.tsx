import { useState, type ReactNode } from 'react';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { SubmitButton } from './submit-button.tsx';
import { api } from '../../lib/api-client.ts';
import { fr } from '../../lib/fr.ts';
import { AntiSpamFields, useAnonymousForm } from './anonymous-form.tsx';
import { FormError } from './form-error.tsx';

/** What `field(name)` gives a FieldInput: its value, its server error and its disabled state. */
export interface MessageField {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
}

/**
 * An anonymous visitor's message (« Contacter la personne référente », « Signaler une erreur »):
 * text fields, the captcha and the honeypot, posted to `url`; the server's French errors show
 * under their fields and nothing typed is lost; after a send, the server's message replaces the
 * form and `onSent(message)` is called. `children(field)` renders the fields, in the order of
 * `fields` (a module constant: the first field in error gets the focus). Mount it afresh to
 * start again empty.
 */
export function MessageForm<Field extends string>({
  fields,
  empty,
  url,
  hint,
  submitLabel,
  onSent,
  children,
}: {
  fields: readonly Field[];
  empty: Record<Field, string>;
  url: string;
  hint: string;
  submitLabel: string;
  onSent?: (message: string) => void;
  children: (field: (name: Field) => MessageField) => ReactNode;
}) {
  const [values, setValues] = useState(empty);
  const [done, setDone] = useState<string | null>(null);
  const form = useAnonymousForm(fields);
  const { errors, processing } = form;
  const field = (name: Field): MessageField => ({
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
            (extra) => api.post<{ message: string }>(url, { ...values, ...extra }),
            (result) => {
              setValues(empty);
              setDone(result.message);
              onSent?.(result.message);
            },
          )
        }
      >
        <p className={fr.cx('fr-hint-text')}>{hint}</p>
        {children(field)}
        <AntiSpamFields form={form} />
        <SubmitButton processing={processing} className={fr.cx('fr-mt-2w')}>
          {submitLabel}
        </SubmitButton>
      </form>
    </>
  );
}
