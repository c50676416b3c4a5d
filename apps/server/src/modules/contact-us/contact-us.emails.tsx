import type { Config } from '../../env.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { renderEmail } from '../../platform/mail/render.ts';
import { EmailLayout, EmailQuote, EmailText } from '../../platform/mail/templates/layout.tsx';

export interface ContactUsMessage {
  firstname: string;
  lastname: string;
  email: string;
  thematic: string;
  subject: string | null;
  message: string;
}

/**
 * The e-mails of the site contact form: the message for the team (reply-to the visitor) and an
 * acknowledgement for the visitor. The acknowledgement repeats nothing the visitor typed (only
 * the thematic chosen from our list): a robot that got past the captcha could otherwise send its
 * own text to any address through it.
 */
export function createContactUsEmails(config: Config) {
  const frame = { appName: config.APP_NAME, appUrl: config.APP_URL };

  return {
    async toTeam(input: ContactUsMessage, to: string): Promise<Omit<MailMessage, 'afterDelivery'>> {
      const subject = `[Nous contacter] ${input.thematic}${input.subject ? ` : ${input.subject}` : ''}`;
      const sender = `${input.firstname} ${input.lastname}`;
      const body = await renderEmail(
        <EmailLayout
          {...frame}
          title="Nouveau message du formulaire de contact"
          preview={`${sender} – ${input.thematic}`}
        >
          <EmailText>
            Nom : {input.lastname}
            <br />
            Prénom : {input.firstname}
            <br />
            E-mail : {input.email}
            <br />
            Thématique : {input.thematic}
            {input.subject ? (
              <>
                <br />
                Objet : {input.subject}
              </>
            ) : null}
          </EmailText>
          <EmailText>Message :</EmailText>
          <EmailQuote text={input.message} />
          <EmailText>Pour lui répondre, répondez simplement à cet e-mail.</EmailText>
        </EmailLayout>,
      );
      return { to, replyTo: input.email, subject, ...body };
    },

    async acknowledgement(input: { email: string; thematic: string }): Promise<MailMessage> {
      const subject = `Votre message a bien été envoyé – ${config.APP_NAME}`;
      const body = await renderEmail(
        <EmailLayout
          {...frame}
          title="Votre message a bien été envoyé."
          preview="Nous vous répondrons dans les meilleurs délais"
        >
          <EmailText>Bonjour,</EmailText>
          <EmailText>
            Nous avons bien reçu le message que vous avez envoyé depuis le formulaire « Nous
            contacter » de la plateforme {config.APP_NAME}, sur le thème « {input.thematic} ».
            L'équipe vous répondra dans les meilleurs délais à cette adresse.
          </EmailText>
          <EmailText>
            Vous n'êtes pas à l'origine de ce message ? Ignorez simplement cet e-mail.
          </EmailText>
        </EmailLayout>,
      );
      return { to: input.email, subject, ...body };
    },
  };
}

export type ContactUsEmails = ReturnType<typeof createContactUsEmails>;
