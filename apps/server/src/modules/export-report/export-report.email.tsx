import { Fragment } from 'react';
import { pathTo } from '@ad/contract';
import { renderEmail } from '../../platform/mail/render.ts';
import {
  EmailButton,
  EmailLayout,
  EmailLink,
  EmailText,
} from '../../platform/mail/templates/layout.tsx';
import { countLabel, type ReportContext } from './report-model.ts';

export interface ReportEmailProps {
  context: ReportContext;
  criteria: [label: string, value: string][];
  counts: { initiatives: number; foodProcedures: number };
  /** File names of the attachments (none when nothing matched). */
  attachments: string[];
}

export function reportEmailSubject(context: ReportContext, total: number): string {
  return total === 0
    ? `Votre rapport : aucune fiche ne correspond – ${context.appName}`
    : `Votre rapport des initiatives et démarches – ${context.appName}`;
}

/** The message carrying a report (or saying that nothing matched). */
export function ReportEmail({ context, criteria, counts, attachments }: ReportEmailProps) {
  const total = counts.initiatives + counts.foodProcedures;
  const mapUrl = `${context.appUrl}${pathTo('initiatives')}`;
  return (
    <EmailLayout
      appName={context.appName}
      appUrl={context.appUrl}
      title={total === 0 ? 'Aucune fiche ne correspond à votre demande' : 'Votre rapport est prêt'}
      preview={
        total === 0
          ? 'Aucune initiative ni démarche publiée ne correspond à vos critères'
          : `${countLabel(total, 'item')} selon vos critères`
      }
    >
      <EmailText>Bonjour,</EmailText>
      <EmailText>
        Vous avez demandé le {context.dateLabel} un rapport des initiatives et démarches publiées
        sur {context.appName}, selon les critères suivants :
      </EmailText>
      <EmailText>
        {criteria.map(([label, value], index) => (
          <Fragment key={label}>
            {index > 0 ? <br /> : null}
            {label} : {value}
          </Fragment>
        ))}
      </EmailText>
      {total === 0 ? (
        <>
          <EmailText>
            Aucune initiative ni démarche publiée ne correspond à ces critères : ce message n'a donc
            pas de pièce jointe. Vous pouvez élargir votre recherche (moins de filtres, une autre
            période) et refaire une demande depuis la carte des initiatives.
          </EmailText>
          <EmailButton href={mapUrl}>Voir la carte des initiatives</EmailButton>
        </>
      ) : (
        <>
          <EmailText>
            Le rapport compte {countLabel(total, 'item')} :{' '}
            {countLabel(counts.initiatives, 'initiative')} et{' '}
            {countLabel(counts.foodProcedures, 'foodProcedure')}. Vous le trouverez en pièces
            jointes :
          </EmailText>
          <EmailText>
            {attachments.map((name, index) => (
              <Fragment key={name}>
                {index > 0 ? <br /> : null}– {name}
                {name.endsWith('.xlsx')
                  ? ' : le tableur, une ligne par fiche avec ses informations principales et son lien'
                  : ' : la synthèse en PDF, avec les effectifs par thématique et par département'}
              </Fragment>
            ))}
          </EmailText>
          <EmailText>
            Chaque fiche reste consultable sur la{' '}
            <EmailLink href={mapUrl}>carte des initiatives</EmailLink>.
          </EmailText>
        </>
      )}
      <EmailText>
        Vous n'êtes pas à l'origine de cette demande ? Vous pouvez ignorer ce message.
      </EmailText>
    </EmailLayout>
  );
}

export function renderReportEmail(props: ReportEmailProps) {
  return renderEmail(<ReportEmail {...props} />);
}
