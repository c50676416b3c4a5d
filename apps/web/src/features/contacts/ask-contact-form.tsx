import { CONTACT_MESSAGE_MAX, askContactPath } from '@ad/contract';
import { FieldInput } from '../forms/field-input.tsx';
import { MessageForm } from '../forms/message-form.tsx';

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
  return (
    <MessageForm
      fields={FIELDS}
      empty={EMPTY}
      url={askContactPath(contactId)}
      hint="Tous les champs sont obligatoires."
      submitLabel="Envoyer"
      onSent={onSent}
    >
      {(field) => (
        <>
          <FieldInput {...field('name')} label="Votre nom" autoComplete="name" />
          <FieldInput {...field('email')} label="Votre e-mail" type="email" autoComplete="email" />
          <FieldInput
            {...field('message')}
            label="Votre message*"
            rows={8}
            maxLength={CONTACT_MESSAGE_MAX}
          />
        </>
      )}
    </MessageForm>
  );
}
