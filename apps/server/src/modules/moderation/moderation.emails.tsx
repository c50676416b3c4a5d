import {
  MODERATION_TYPE_LABELS,
  MODERATION_TYPES,
  type ModerationDecision,
  type ModerationType,
} from '@ad/contract/account/moderation';
import type { Config } from '../../env.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { renderEmail } from '../../platform/mail/render.ts';
import {
  EmailButton,
  EmailLayout,
  EmailQuote,
  EmailText,
} from '../../platform/mail/templates/layout.tsx';

/** The words that agree with the item's noun (« votre évènement » is masculine). */
interface Agreement {
  /** « Elle » or « Il ». */
  pronoun: string;
  /** « la » or « le ». */
  object: string;
  /** « e » or nothing, for a past participle. */
  e: string;
}

/** What the author is told, per decision (`yours` is « votre actualité »…). */
const OUTCOMES: Record<
  ModerationDecision | 'unpublish',
  {
    subject: string;
    title: string;
    sentence: (yours: string, what: string, agree: Agreement) => string;
  }
> = {
  publish: {
    subject: 'Votre contribution a été publiée',
    title: 'Votre contribution est publiée',
    sentence: (yours, what, agree) =>
      `L'équipe a relu et publié ${yours} ${what}. ${agree.pronoun} est maintenant visible sur le site.`,
  },
  refuse: {
    subject: "Votre contribution n'a pas été retenue",
    title: "Votre contribution n'a pas été retenue",
    sentence: (yours, what, agree) =>
      `L'équipe a relu ${yours} ${what} et ne l'a pas publié${agree.e}.`,
  },
  request_changes: {
    subject: 'Des modifications sont demandées sur votre contribution',
    title: 'Des modifications sont demandées',
    sentence: (yours, what, agree) =>
      `L'équipe a relu ${yours} ${what} et vous demande de ${agree.object} modifier avant sa publication.`,
  },
  unpublish: {
    subject: "Votre contribution n'est plus publiée",
    title: "Votre contribution n'est plus publiée",
    sentence: (yours, what, agree) =>
      `L'équipe a retiré ${yours} ${what} du site : ${agree.pronoun.toLowerCase()} n'est plus visible du public.`,
  },
};

const FEMININE: Agreement = { pronoun: 'Elle', object: 'la', e: 'e' };
const MASCULINE: Agreement = { pronoun: 'Il', object: 'le', e: '' };

export function createModerationEmails(config: Config) {
  const frame = { appName: config.APP_NAME, appUrl: config.APP_URL };

  return {
    /** The team's decision on a submission, with its comment and a link to the item. */
    async decision(input: {
      to: string;
      firstname: string;
      outcome: ModerationDecision | 'unpublish';
      /** An edit of a published item (the published version stays as it was unless published). */
      edit: boolean;
      yours: string;
      /** Whether `yours` is feminine. */
      feminine: boolean;
      title: string;
      comment: string | null;
      link: string;
    }): Promise<MailMessage> {
      const outcome = OUTCOMES[input.outcome];
      const what = `« ${input.title} »${input.edit ? ' (modification)' : ''}`;
      const body = await renderEmail(
        <EmailLayout {...frame} title={outcome.title} preview={input.title}>
          <EmailText>Bonjour {input.firstname},</EmailText>
          <EmailText>
            {outcome.sentence(input.yours, what, input.feminine ? FEMININE : MASCULINE)}
          </EmailText>
          {input.comment ? (
            <>
              <EmailText>Message de l'équipe :</EmailText>
              <EmailQuote text={input.comment} />
            </>
          ) : null}
          {input.outcome === 'request_changes' ? (
            <EmailText>
              Une fois vos modifications enregistrées, la contribution sera de nouveau relue par
              l'équipe.
            </EmailText>
          ) : null}
          <EmailButton href={input.link}>Voir ma contribution</EmailButton>
        </EmailLayout>,
      );
      return { to: input.to, subject: `${outcome.subject} – ${config.APP_NAME}`, ...body };
    },

    /** The daily digest of what waits for the team. */
    async digest(input: {
      to: string;
      counts: Record<ModerationType, number>;
      /** Error reports of visitors not dealt with yet. */
      openReports: number;
      links: { queue: string; reports: string };
    }): Promise<MailMessage> {
      const total = MODERATION_TYPES.reduce((sum, type) => sum + input.counts[type], 0);
      const reports = input.openReports;
      const title =
        total > 0
          ? `${total} contribution${total > 1 ? 's' : ''} en attente de modération`
          : `${reports} signalement${reports > 1 ? 's' : ''} d'erreur à traiter`;
      const body = await renderEmail(
        <EmailLayout {...frame} title={title}>
          <EmailText>Bonjour,</EmailText>
          {total > 0 ? (
            <>
              <EmailText>Des contributions attendent la relecture de l'équipe :</EmailText>
              {MODERATION_TYPES.filter((type) => input.counts[type] > 0).map((type) => (
                <EmailText key={type}>
                  {MODERATION_TYPE_LABELS[type]} : {input.counts[type]}
                </EmailText>
              ))}
              <EmailButton href={input.links.queue}>Ouvrir la file de modération</EmailButton>
            </>
          ) : null}
          {reports > 0 ? (
            <>
              <EmailText>Signalements d'erreur des visiteurs à traiter : {reports}</EmailText>
              <EmailButton href={input.links.reports}>Voir les signalements</EmailButton>
            </>
          ) : null}
        </EmailLayout>,
      );
      return { to: input.to, subject: `${title} – ${config.APP_NAME}`, ...body };
    },
  };
}

export type ModerationEmails = ReturnType<typeof createModerationEmails>;
