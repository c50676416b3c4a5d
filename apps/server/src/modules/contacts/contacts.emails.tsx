import type { Config } from '../../env.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { renderEmail } from '../../platform/mail/render.ts';
import { EmailLayout, EmailQuote, EmailText } from '../../platform/mail/templates/layout.tsx';

/** "Contacter la personne référente": the visitor's message for the institution. */
export function createContactsEmails(config: Config) {
  const frame = { appName: config.APP_NAME, appUrl: config.APP_URL };

  return {
    async askContact(input: {
      to: string;
      bcc: string[];
      societyName: string;
      name: string;
      email: string;
      message: string;
    }): Promise<Omit<MailMessage, 'afterDelivery'>> {
      const subject = `Demande de contact via ${config.APP_NAME}`;
      const body = await renderEmail(
        <EmailLayout
          {...frame}
          title="Une personne souhaite vous contacter"
          preview={`Message de ${input.name}`}
        >
          <EmailText>Bonjour,</EmailText>
          <EmailText>
            {input.name} ({input.email}) vous a écrit depuis la fiche de {input.societyName} sur{' '}
            {config.APP_NAME} :
          </EmailText>
          <EmailQuote text={input.message} />
          <EmailText>
            Pour lui répondre, répondez simplement à cet e-mail. L'équipe de la plateforme n'est pas
            destinataire de cet échange.
          </EmailText>
        </EmailLayout>,
      );
      return {
        to: input.to,
        ...(input.bcc.length ? { bcc: input.bcc } : {}),
        replyTo: input.email,
        subject,
        ...body,
      };
    },
  };
}

export type ContactsEmails = ReturnType<typeof createContactsEmails>;
