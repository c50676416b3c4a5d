import { ASK_CONTACT_SENT } from '@ad/contract';
import type { AskContactBody } from '@ad/contract/schemas';
import type { AppDatabase } from '../../platform/database.ts';
import { HttpError, ValidationError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { insertContactMessage, recordDelivery } from '../contact-us/contact-messages.ts';
import type { SenderMeta } from '../contact-us/contact-us.service.ts';
import type { ContactsEmails } from './contacts.emails.tsx';
import { findPublishedContact, memberEmails } from './contacts.queries.ts';

export const CONTACTS_MESSAGES = {
  notFound: "Ce contact n'existe pas ou n'est plus disponible.",
  noEmail:
    "Cette structure n'a pas d'adresse e-mail de contact : elle ne peut pas être jointe par ce formulaire.",
} as const;

/** The field of the 422 of a contact without society_email (not a field of the form). */
export const NO_EMAIL_FIELD = 'contact';

/** Contacts (institutions) as the public site uses them. No HTTP objects here. */
export function createContactsService(deps: {
  db: AppDatabase;
  mailer: Mailer;
  emails: ContactsEmails;
}) {
  const { db, mailer, emails } = deps;

  return {
    /**
     * "Contacter la personne référente" (spec public-site §2, §7): the message goes to the
     * contact's society_email, and in Bcc to its members' personal addresses when the institution
     * asks for it (send_also_to_personal_email), reply-to the visitor. Stored as `ask_contact`.
     */
    async ask(
      contactId: number | null,
      body: AskContactBody,
      sender: SenderMeta,
    ): Promise<{ message: string }> {
      const contact = contactId === null ? null : await findPublishedContact(db, contactId);
      if (!contact) throw new HttpError(404, CONTACTS_MESSAGES.notFound);
      const societyEmail = contact.societyEmail?.trim();
      if (!societyEmail) {
        throw new ValidationError({ [NO_EMAIL_FIELD]: [CONTACTS_MESSAGES.noEmail] });
      }
      // The members' personal addresses (when the institution asks for it) in Bcc: the visitor's
      // reply-to thread never shows them to anyone.
      const personal = contact.sendAlsoToPersonalEmail ? await memberEmails(db, contact.id) : [];
      const bcc = personal.filter(
        (address, index, all) =>
          address.toLowerCase() !== societyEmail.toLowerCase() &&
          all.findIndex((other) => other.toLowerCase() === address.toLowerCase()) === index,
      );
      const mail = await emails.askContact({
        to: societyEmail,
        bcc,
        societyName: contact.societyName,
        name: body.name,
        email: body.email,
        message: body.message,
      });

      await db.transaction(async (tx) => {
        const id = await insertContactMessage(tx, {
          kind: 'ask_contact',
          name: body.name,
          email: body.email,
          message: body.message,
          contactId: contact.id,
          userId: sender.userId,
          ip: sender.ip,
          userAgent: sender.userAgent,
        });
        await mailer.queue({ ...mail, afterDelivery: recordDelivery(id) }, { tx });
      });
      return { message: ASK_CONTACT_SENT };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
