import { useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { CONTACT_MESSAGE_MAX, askContactPath } from '@ad/contract';
import { api } from '../../lib/api-client.ts';
import { AntiSpamFields, useAnonymousForm } from '../forms/anonymous-form.tsx';
import { FieldInput } from '../forms/field-input.tsx';
import { FormError } from '../forms/form-error.tsx';

const FIELDS = ['name', 'email', 'message'] as const;
const EMPTY = { name: '', email: '', message: '' };

/**
 * "Contacter la personne référente" (spec public-site §2, §5, §7): 'Votre nom', 'Votre e-mail',
 * 'Votre message*' and the captcha, posted to /api/contacts/ask/{contactId}; the form's four
 * states; after a send, the spec's success message in place of the form.
 *
 * For the directory's cards and the map's detail modal, which open it in a modal: closing the
 * modal resets the form and its success state (spec §2) when the modal mounts it afresh, e.g.
 * `{open ? <AskContactForm contactId={contact.id} /> : null}` or with a new `key`.
 * `onSent` lets the modal move the focus or close itself later.
 */
export function AskContactForm({
  contactId,
  onSent,
}: {
  contactId: number;
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
              api.post<{ message: string }>(askContactPath(contactId), { ...values, ...extra }),
            (result) => {
              setValues(EMPTY);
              setDone(result.message);
              onSent?.(result.message);
            },
          )
        }
      >
        <p className={fr.cx('fr-hint-text')}>Tous les champs sont obligatoires.</p>
        <FieldInput {...field('name')} label="Votre nom" autoComplete="name" />
        <FieldInput {...field('email')} label="Votre e-mail" type="email" autoComplete="email" />
        <FieldInput
          {...field('message')}
          label="Votre message*"
          rows={8}
          maxLength={CONTACT_MESSAGE_MAX}
        />
        <AntiSpamFields form={form} />
        <Button type="submit" disabled={processing} className={fr.cx('fr-mt-2w')}>
          {processing ? 'Envoi en cours…' : 'Envoyer'}
        </Button>
      </form>
    </>
  );
}
