import type { Config } from '../../env.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { renderEmail } from '../../platform/mail/render.ts';
import {
  EmailButton,
  EmailLayout,
  EmailLink,
  EmailText,
} from '../../platform/mail/templates/layout.tsx';

interface Recipient {
  email: string;
  firstname: string;
}

type LinkMessage = Pick<MailMessage, 'to' | 'subject' | 'html' | 'text'>;

/**
 * The e-mails of the account flows. They carry a single-use link, so they are built by the job
 * that issues the link and handed over at once (see accounts.service.ts), never stored in a job.
 */
export interface AccountEmails {
  verification(user: Recipient, link: string): Promise<LinkMessage>;
  passwordReset(user: Recipient, link: string): Promise<LinkMessage>;
  /** To the new address a member asked for: the link that confirms it. */
  emailChange(user: Recipient, link: string): Promise<LinkMessage>;
  /** To the current address: a change was asked (no link: it only warns). */
  emailChangeNotice(user: Recipient, newEmail: string): Promise<LinkMessage>;
  /** To the account's address: its password was changed from the account area (no link). */
  passwordChangedNotice(user: Recipient): Promise<LinkMessage>;
}

export function createAccountEmails(config: Config): AccountEmails {
  const frame = { appName: config.APP_NAME, appUrl: config.APP_URL };

  return {
    async verification(user, link) {
      const subject = `Confirmez votre adresse e-mail – ${config.APP_NAME}`;
      const body = await renderEmail(
        <EmailLayout
          {...frame}
          title="Confirmez votre adresse e-mail"
          preview="Confirmez votre adresse pour activer votre compte"
        >
          {/* No visitor text here: anyone can sign up with anyone's address. */}
          <EmailText>Bonjour,</EmailText>
          <EmailText>
            Vous venez de créer votre compte sur {config.APP_NAME}. Pour l'activer, confirmez votre
            adresse e-mail :
          </EmailText>
          <EmailButton href={link}>Confirmer mon adresse</EmailButton>
          <EmailText>
            Ce lien est valable 7 jours. Si le bouton ne fonctionne pas, copiez cette adresse dans
            votre navigateur : <EmailLink href={link}>{link}</EmailLink>
          </EmailText>
          <EmailText>
            Vous n'êtes pas à l'origine de cette inscription ? Ignorez ce message : le compte ne
            sera pas activé.
          </EmailText>
        </EmailLayout>,
      );
      return { to: user.email, subject, ...body };
    },

    async emailChange(user, link) {
      const subject = `Confirmez votre nouvelle adresse e-mail – ${config.APP_NAME}`;
      const body = await renderEmail(
        <EmailLayout
          {...frame}
          title="Confirmez votre nouvelle adresse e-mail"
          preview="Lien valable 24 heures"
        >
          <EmailText>Bonjour {user.firstname},</EmailText>
          <EmailText>
            Vous avez demandé à utiliser cette adresse pour votre compte sur {config.APP_NAME}. Pour
            la confirmer, suivez ce lien :
          </EmailText>
          <EmailButton href={link}>Confirmer ma nouvelle adresse</EmailButton>
          <EmailText>
            Ce lien est valable 24 heures et ne peut servir qu'une fois. Si le bouton ne fonctionne
            pas, copiez cette adresse dans votre navigateur :{' '}
            <EmailLink href={link}>{link}</EmailLink>
          </EmailText>
          <EmailText>
            Vous n'avez rien demandé ? Ignorez ce message : l'adresse du compte ne changera pas.
          </EmailText>
        </EmailLayout>,
      );
      return { to: user.email, subject, ...body };
    },

    async emailChangeNotice(user, newEmail) {
      const subject = `Changement d'adresse e-mail demandé – ${config.APP_NAME}`;
      const body = await renderEmail(
        <EmailLayout
          {...frame}
          title="Changement d'adresse e-mail demandé"
          preview="Votre adresse actuelle reste utilisée jusqu'à la confirmation"
        >
          <EmailText>Bonjour {user.firstname},</EmailText>
          <EmailText>
            Une demande de changement de l'adresse e-mail de votre compte sur {config.APP_NAME} a
            été faite depuis votre espace, vers l'adresse {newEmail}. Votre adresse actuelle reste
            celle du compte tant que le lien envoyé à la nouvelle n'a pas été ouvert.
          </EmailText>
          <EmailText>
            Vous n'êtes pas à l'origine de cette demande ? Votre mot de passe a été saisi pour la
            faire : connectez-vous sans attendre, changez-le (vos autres sessions seront fermées) et
            remettez votre adresse dans vos informations personnelles pour annuler la demande. Si
            vous ne pouvez plus vous connecter, écrivez-nous par le formulaire de contact du site.
          </EmailText>
        </EmailLayout>,
      );
      return { to: user.email, subject, ...body };
    },

    async passwordChangedNotice(user) {
      const subject = `Votre mot de passe a été modifié – ${config.APP_NAME}`;
      const body = await renderEmail(
        <EmailLayout
          {...frame}
          title="Votre mot de passe a été modifié"
          preview="Vos autres sessions ont été fermées"
        >
          <EmailText>Bonjour {user.firstname},</EmailText>
          <EmailText>
            Le mot de passe de votre compte sur {config.APP_NAME} vient d'être modifié depuis votre
            espace. Vos autres sessions ont été fermées.
          </EmailText>
          <EmailText>
            Vous n'êtes pas à l'origine de ce changement ? Choisissez sans attendre un nouveau mot
            de passe avec « Mot de passe oublié ? » sur la page de connexion : le lien sera envoyé à
            cette adresse. Si vous ne pouvez plus vous connecter, écrivez-nous par le formulaire de
            contact du site.
          </EmailText>
        </EmailLayout>,
      );
      return { to: user.email, subject, ...body };
    },

    async passwordReset(user, link) {
      const subject = `Réinitialisation de votre mot de passe – ${config.APP_NAME}`;
      const body = await renderEmail(
        <EmailLayout
          {...frame}
          title="Choisissez un nouveau mot de passe"
          preview="Lien valable 60 minutes"
        >
          <EmailText>Bonjour {user.firstname},</EmailText>
          <EmailText>
            Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Pour
            choisir un nouveau mot de passe, suivez ce lien :
          </EmailText>
          <EmailButton href={link}>Choisir un nouveau mot de passe</EmailButton>
          <EmailText>
            Ce lien est valable 60 minutes et ne peut servir qu'une fois. Si le bouton ne fonctionne
            pas, copiez cette adresse dans votre navigateur :{' '}
            <EmailLink href={link}>{link}</EmailLink>
          </EmailText>
          <EmailText>
            Vous n'avez rien demandé ? Ignorez ce message : votre mot de passe reste inchangé.
          </EmailText>
        </EmailLayout>,
      );
      return { to: user.email, subject, ...body };
    },
  };
}
