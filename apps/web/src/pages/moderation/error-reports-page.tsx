import { useId } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { MODERATION_TYPE_LABELS } from '@ad/contract/account/moderation';
import { ERROR_REPORT_ITEM_TYPES } from '@ad/contract/error-reports';
import { Loader } from '../../app/loader.tsx';
import { errorReportQueries } from '../../features/error-reports/api.ts';
import {
  ErrorReportList,
  ResolveOutcome,
  useResolveErrorReport,
} from '../../features/error-reports/error-report-list.tsx';
import { useListState } from '../../features/lists/list-params.ts';
import { ListPagination } from '../../features/lists/pagination.tsx';
import { fr } from '../../lib/fr.ts';
import { ModerationFrame, useIsModerationTeam } from './team-only.tsx';
import './moderation.css';

/**
 * « Signalements » (issue 10): the errors visitors reported on published initiatives and
 * procedures (« Signaler une erreur » of the map's detail), newest first, each with its item's
 * links and « Marquer comme traité ». The same reports show next to the item on its review page.
 */
export function ErrorReportsPage() {
  return (
    <ModerationFrame title="Signalements" reservedTitle="Signalements">
      <OpenReports />
    </ModerationFrame>
  );
}

function OpenReports() {
  const isTeam = useIsModerationTeam();
  const { page, singles, setSingle } = useListState([], ['type']);
  const type = ERROR_REPORT_ITEM_TYPES.find((value) => value === singles.type);
  const { data, error, isFetching } = useQuery({
    ...errorReportQueries.open({ page, type }),
    placeholderData: keepPreviousData,
    enabled: isTeam,
  });
  const selectId = useId();
  const resolving = useResolveErrorReport();

  return (
    <>
      <p>
        Les visiteurs signalent ici une information inexacte ou périmée d'une fiche publiée.
        Corrigez la fiche si besoin (ou demandez-le à son auteur), répondez au visiteur s'il a
        laissé son adresse, puis marquez le signalement comme traité.
      </p>
      <div className={fr.cx('fr-select-group')}>
        <label className={fr.cx('fr-label')} htmlFor={selectId}>
          Type de fiche
        </label>
        <select
          className={fr.cx('fr-select')}
          id={selectId}
          value={type ?? ''}
          onChange={(event) => setSingle('type', event.target.value || null)}
        >
          <option value="">Tous les types</option>
          {ERROR_REPORT_ITEM_TYPES.map((value) => (
            <option key={value} value={value}>
              {MODERATION_TYPE_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <section aria-labelledby="error-reports-title" aria-busy={isFetching}>
        <h2 id="error-reports-title" className={fr.cx('fr-h4')}>
          Signalements à traiter{data ? ` (${data.meta.total})` : ''}
        </h2>
        <ResolveOutcome state={resolving} />
        {error && !data ? (
          <Alert severity="error" small description={error.message} role="alert" />
        ) : !data ? (
          <Loader />
        ) : data.data.length === 0 ? (
          <p className={fr.cx('fr-my-4w')}>Aucun signalement à traiter.</p>
        ) : (
          <>
            <ErrorReportList reports={data.data} withItem headingLevel="h3" resolving={resolving} />
            <ListPagination meta={data.meta} pages={data.pages} />
          </>
        )}
      </section>
    </>
  );
}
