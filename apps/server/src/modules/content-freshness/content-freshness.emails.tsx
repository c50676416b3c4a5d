import type { RetentionType } from '@ad/contract/account/upkeep';
import type { Config } from '../../env.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { renderEmail } from '../../platform/mail/render.ts';
import {
  EmailButton,
  EmailLayout,
  EmailLink,
  EmailText,
} from '../../platform/mail/templates/layout.tsx';

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

/** « 3 mars 2027 », « 1er juin 2027 », Paris time. */
export const frenchDay = (date: Date) =>
  longDate
    .formatToParts(date)
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');

/** How each type is named in the warning (« votre évènement … il sera supprimé »). */
const NOUNS: Record<RetentionType, { yours: string; feminine: boolean }> = {
  posts: { yours: 'votre actualité', feminine: true },
  events: { yours: 'votre évènement', feminine: false },
  resources: { yours: 'votre ressource', feminine: true },
  initiatives: { yours: 'votre initiative', feminine: true },
  food_procedures: { yours: 'votre démarche', feminine: true },
};

const years = (count: number) => `${count} an${count > 1 ? 's' : ''}`;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The e-mails of the freshness check and of the retention (modules/content-freshness). */
export function createUpkeepEmails(config: Config) {
  const frame = { appName: config.APP_NAME, appUrl: config.APP_URL };

  return {
    /** « Is your initiative still up to date? », then its one reminder. */
    async freshness(input: {
      to: string;
      firstname: string;
      title: string;
      /** The last publication or confirmation. */
      referenceAt: Date;
      /** Set for the reminder: when the first message was sent. */
      requestedAt: Date | null;
      link: string;
      linkExpiresAt: Date;
      /** The initiative in the owner's account area. */
      accountLink: string;
    }): Promise<MailMessage> {
      const reminder = input.requestedAt !== null;
      const title = `${reminder ? 'Rappel : v' : 'V'}otre initiative est-elle toujours à jour ?`;
      const body = await renderEmail(
        <EmailLayout {...frame} title={title} preview={input.title}>
          <EmailText>Bonjour {input.firstname},</EmailText>
          <EmailText>
            Votre initiative « {input.title} » figure sur la carte de la plateforme{' '}
            {config.APP_NAME}. Ses informations ont été publiées ou confirmées pour la dernière fois
            le {frenchDay(input.referenceAt)}.
          </EmailText>
          {input.requestedAt ? (
            <EmailText>
              Nous vous avons posé la question le {frenchDay(input.requestedAt)} et n'avons pas
              encore eu votre réponse.
            </EmailText>
          ) : null}
          <EmailText>
            Pour que la carte reste fidèle à la réalité, dites-nous si ces informations sont
            toujours à jour : le bouton ci-dessous ouvre une page pour le confirmer, sans vous
            connecter.
          </EmailText>
          <EmailButton href={input.link}>Mon initiative est à jour</EmailButton>
          <EmailText>
            Ce lien est valable jusqu'au {frenchDay(input.linkExpiresAt)}. Si quelque chose a
            changé, modifiez votre initiative depuis votre espace :{' '}
            <EmailLink href={input.accountLink}>voir mon initiative</EmailLink>. L'équipe relira vos
            modifications avant de les publier.
          </EmailText>
        </EmailLayout>,
      );
      return { to: input.to, subject: `${title} – ${config.APP_NAME}`, ...body };
    },

    /** The owner's notice, RETENTION_WARNING_DAYS ahead, that an item will be deleted. */
    async retentionWarning(input: {
      to: string;
      firstname: string;
      type: RetentionType;
      title: string;
      referenceAt: Date;
      removalAt: Date;
      /** The item in the owner's account area. */
      accountLink: string;
      /** Initiatives: the signed link that confirms it is up to date (and keeps it). */
      confirmLink: string | null;
    }): Promise<MailMessage> {
      const { yours, feminine } = NOUNS[input.type];
      const e = feminine ? 'e' : '';
      const pronoun = feminine ? 'elle' : 'il';
      const object = feminine ? 'la' : 'le';
      const subject = `${capitalise(yours)} sera supprimé${e} le ${frenchDay(input.removalAt)}`;
      const body = await renderEmail(
        <EmailLayout {...frame} title={subject} preview={input.title}>
          <EmailText>Bonjour {input.firstname},</EmailText>
          <EmailText>
            {capitalise(yours)} « {input.title} » a été publié{e}
            {input.type === 'initiatives' ? ' ou confirmée' : ''} pour la dernière fois le{' '}
            {frenchDay(input.referenceAt)}. Comme l'annonce notre politique de confidentialité, les
            contenus proposés par les membres sont conservés {years(config.RETENTION_YEARS)} après
            leur publication : {pronoun} sera supprimé{e} du site le {frenchDay(input.removalAt)},
            avec ses images et ses documents.
          </EmailText>
          {input.confirmLink ? (
            <>
              <EmailText>
                Si votre initiative est toujours d'actualité, confirmez-le : elle restera en ligne.
              </EmailText>
              <EmailButton href={input.confirmLink}>Mon initiative est à jour</EmailButton>
              <EmailText>
                Vous pouvez aussi la modifier depuis votre espace :{' '}
                <EmailLink href={input.accountLink}>voir mon initiative</EmailLink>.
              </EmailText>
            </>
          ) : (
            <>
              <EmailText>
                Pour {object} garder en ligne, mettez-{object} à jour depuis votre espace : une fois
                vos modifications publiées par l'équipe, {pronoun} sera conservé{e}{' '}
                {years(config.RETENTION_YEARS)} de plus.
              </EmailText>
              <EmailButton href={input.accountLink}>Voir ma contribution</EmailButton>
            </>
          )}
        </EmailLayout>,
      );
      return { to: input.to, subject: `${subject} – ${config.APP_NAME}`, ...body };
    },
  };
}

export type UpkeepEmails = ReturnType<typeof createUpkeepEmails>;
