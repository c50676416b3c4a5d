import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import type { ModerationType } from '@ad/contract/account/moderation';
import { ERROR_REPORT_ITEM_TYPES } from '@ad/contract/error-reports';
import { errorReportQueries } from '../../features/error-reports/api.ts';
import {
  ErrorReportList,
  ResolveOutcome,
  useResolveErrorReport,
} from '../../features/error-reports/error-report-list.tsx';
import { fr } from '../../lib/fr.ts';

/**
 * The open reports of the reviewed item (« Signaler une erreur »), on top of its review page;
 * nothing for the other types, nor when none is open. Its first page only (newest first), with
 * the total and a link to the whole list when there are more.
 */
export function ErrorReportsPanel({ type, id }: { type: ModerationType; id: number }) {
  const itemType = ERROR_REPORT_ITEM_TYPES.find((value) => value === type);
  const { data } = useQuery({
    ...errorReportQueries.open({ page: 1, type: itemType, id }),
    enabled: itemType !== undefined,
  });
  const resolving = useResolveErrorReport();
  // Once the last one is dealt with, the panel stays to say so.
  if (!itemType || !data || (data.meta.total === 0 && !resolving.outcome)) return null;
  const total = data.meta.total;
  return (
    <section className="app-error-reports-panel" aria-labelledby="error-reports-panel-title">
      <h2 id="error-reports-panel-title" className={fr.cx('fr-h5')}>
        {total > 1
          ? `${total} erreurs signalées`
          : total === 1
            ? '1 erreur signalée'
            : 'Aucune erreur signalée à traiter'}
      </h2>
      <ResolveOutcome state={resolving} />
      {data.data.length ? (
        <ErrorReportList
          reports={data.data}
          withItem={false}
          headingLevel="h3"
          resolving={resolving}
        />
      ) : null}
      {total > data.data.length ? (
        <p className={fr.cx('fr-text--sm', 'fr-mt-2w')}>
          Les {data.data.length} plus récents sont affichés ; les autres sont dans la page{' '}
          <Link to={pathTo('moderation.error-reports')}>Signalements</Link>.
        </p>
      ) : null}
    </section>
  );
}
