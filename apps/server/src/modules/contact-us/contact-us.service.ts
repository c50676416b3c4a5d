import { CONTACT_THEMATIC_OTHER, CONTACT_US_SENT, type ContactUsOptions } from '@ad/contract';
import { THEMATIC_INVALID_MESSAGE, type ContactUsBody } from '@ad/contract/schemas';
import type { Config } from '../../env.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { insertContactMessage, recordDelivery } from './contact-messages.ts';
import type { ContactUsEmails } from './contact-us.emails.tsx';
import { presentContactUsOptions } from './contact-us.presenter.ts';
import {
  findContactUsThematic,
  listContactUsAddresses,
  listContactUsThematics,
} from './contact-us.queries.ts';

/** Who sent a form, as the request tells it (stored with the message). */
export interface SenderMeta {
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
}

/** 'Nous contacter' (spec public-site §2, §3, §7). No HTTP objects here. */
export function createContactUsService(deps: {
  db: AppDatabase;
  config: Config;
  mailer: Mailer;
  emails: ContactUsEmails;
}) {
  const { db, config, mailer, emails } = deps;

  return {
    async options(): Promise<ContactUsOptions> {
      const [thematics, addresses] = await Promise.all([
        listContactUsThematics(db),
        listContactUsAddresses(db),
      ]);
      return presentContactUsOptions(thematics, addresses);
    },

    /**
     * Stores the message and queues, in the same transaction, the e-mail to the thematic's
     * recipient (or CONTACT_EMAIL) and the visitor's acknowledgement: both go out only if the
     * message is stored, and never during the request.
     */
    async send(body: ContactUsBody, sender: SenderMeta): Promise<{ message: string }> {
      const thematic = await findContactUsThematic(db, body.thematic_id);
      if (!thematic) throw new ValidationError({ thematic_id: [THEMATIC_INVALID_MESSAGE] });
      // The subject belongs to 'Autre' only; for another thematic the field is hidden.
      const subject = thematic.id === CONTACT_THEMATIC_OTHER ? (body.subject ?? null) : null;
      const content = {
        firstname: body.firstname,
        lastname: body.lastname,
        email: body.email,
        thematic: thematic.name,
        subject,
        message: body.message,
      };
      const [toTeam, acknowledgement] = await Promise.all([
        emails.toTeam(content, thematic.recipientEmail || config.CONTACT_EMAIL),
        emails.acknowledgement({ email: body.email, thematic: thematic.name }),
      ]);

      await db.transaction(async (tx) => {
        const id = await insertContactMessage(tx, {
          kind: 'contact_us',
          firstname: body.firstname,
          lastname: body.lastname,
          email: body.email,
          subject,
          message: body.message,
          thematicId: thematic.id,
          userId: sender.userId,
          ip: sender.ip,
          userAgent: sender.userAgent,
        });
        await mailer.queue({ ...toTeam, afterDelivery: recordDelivery(id) }, { tx });
        await mailer.queue(acknowledgement, { tx });
      });
      return { message: CONTACT_US_SENT };
    },
  };
}

export type ContactUsService = ReturnType<typeof createContactUsService>;
