import type { ReactNode } from 'react';
import { NEWSLETTER_CONFIRM_DAYS } from '@ad/contract';
import type { Config } from '../../env.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { renderEmail } from '../../platform/mail/render.ts';
import {
  EmailButton,
  EmailLayout,
  EmailLink,
  EmailText,
} from '../../platform/mail/templates/layout.tsx';

/**
 * The newsletter's e-mails. `newsletterMessage` frames every message sent to a subscriber with
 * its unsubscribe link (in the text and as `List-Unsubscribe`); the welcome message after the
 * confirmation is the first one, and the issues the team will send later use it too.
 */
export function createNewsletterEmails(config: Config) {
  const frame = { appName: config.APP_NAME, appUrl: config.APP_URL };

  async function newsletterMessage(input: {
    to: string;
    unsubscribeUrl: string;
    subject: string;
    title: string;
    preview?: string;
    children: ReactNode;
  }): Promise<MailMessage> {
    const body = await renderEmail(
      <EmailLayout {...frame} title={input.title} preview={input.preview}>
        {input.children}
        <EmailText>
          Vous recevez ce message parce que votre adresse est inscrite à la newsletter de la
          plateforme {config.APP_NAME}. Pour ne plus la recevoir, suivez ce lien (il ne sert qu'à
          cela) :
        </EmailText>
        <EmailText>
          <EmailLink href={input.unsubscribeUrl}>Se désinscrire de la newsletter</EmailLink>
        </EmailText>
      </EmailLayout>,
    );
    return {
      to: input.to,
      subject: input.subject,
      // RFC 8058: mail clients offer a one-click unsubscribe (a POST to the link).
      headers: {
        'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      ...body,
    };
  }

  return {
    newsletterMessage,

    /** The double opt-in: the subscription exists only once this link has been followed. */
    async confirmation(to: string, confirmUrl: string): Promise<MailMessage> {
      const subject = `Confirmez votre inscription à la newsletter – ${config.APP_NAME}`;
      const body = await renderEmail(
        <EmailLayout
          {...frame}
          title="Confirmez votre inscription à la newsletter"
          preview="Un clic pour recevoir nos actualités"
        >
          <EmailText>Bonjour,</EmailText>
          <EmailText>
            Une demande d'inscription à la newsletter de la plateforme {config.APP_NAME} a été faite
            avec cette adresse. Pour la confirmer, suivez ce lien :
          </EmailText>
          <EmailButton href={confirmUrl}>Confirmer mon inscription</EmailButton>
          <EmailText>
            Ce lien est valable {NEWSLETTER_CONFIRM_DAYS} jours. Si le bouton ne fonctionne pas,
            copiez cette adresse dans votre navigateur :{' '}
            <EmailLink href={confirmUrl}>{confirmUrl}</EmailLink>
          </EmailText>
          <EmailText>
            Vous n'êtes pas à l'origine de cette demande ? Ignorez ce message : vous ne serez pas
            inscrit.
          </EmailText>
        </EmailLayout>,
      );
      return { to, subject, ...body };
    },

    welcome(to: string, unsubscribeUrl: string): Promise<MailMessage> {
      return newsletterMessage({
        to,
        unsubscribeUrl,
        subject: `Votre inscription à la newsletter est confirmée – ${config.APP_NAME}`,
        title: 'Votre inscription à la newsletter est confirmée.',
        children: (
          <EmailText>
            Bonjour, merci de votre intérêt : vous recevrez désormais à cette adresse la newsletter
            de la plateforme {config.APP_NAME}, avec les actualités de l'alimentation saine et
            durable en Nouvelle-Aquitaine.
          </EmailText>
        ),
      });
    },
  };
}

export type NewsletterEmails = ReturnType<typeof createNewsletterEmails>;
