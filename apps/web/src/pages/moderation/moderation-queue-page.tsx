import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Link, useLocation, useNavigate } from 'react-router';
import { pathTo } from '@ad/contract';
import {
  MODERATION_TYPE_LABELS,
  MODERATION_TYPES,
  type ModerationQueueItem,
} from '@ad/contract/account/moderation';
import { Loader } from '../../app/loader.tsx';
import { mapFiltersQuery } from '../../features/maps/api.ts';
import { useListState } from '../../features/lists/list-params.ts';
import { ListPagination } from '../../features/lists/pagination.tsx';
import { formatDate, formatRelative } from '../../lib/date.ts';
import { fr } from '../../lib/fr.ts';
import { KIND_LABELS } from './moderation-labels.ts';
import { moderationQueries } from './moderation-queries.ts';
import { ModerationFrame, useIsModerationTeam } from './team-only.tsx';
import './moderation.css';

/** What a decision leaves in the history entry of the queue (see the review page). */
export interface QueueLocationState {
  moderationMessage?: string;
}

/** The queue's filters, so that the review page can lead back to the same list. */
export interface ReviewLocationState {
  queueSearch?: string;
}

/**
 * « Modération » (issue 10): the submissions waiting for the team, oldest first, filtered by type
 * and département (in the URL), with a link to each review page.
 */
export function ModerationQueuePage() {
  return (
    <ModerationFrame title="Modération" reservedTitle="Modération">
      <DecisionMessage />
      <ModerationQueue />
    </ModerationFrame>
  );
}

/** The message of the decision just taken, read once from the history entry and then dropped. */
function DecisionMessage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [message] = useState(
    () => (location.state as QueueLocationState | null)?.moderationMessage ?? null,
  );
  useEffect(() => {
    // A reload or a return to this entry must not show it again.
    if (message) navigate(location, { replace: true, state: null });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!message) return null;
  return (
    <Alert
      severity="success"
      small
      description={message}
      className={fr.cx('fr-mb-4w')}
      role="alert"
    />
  );
}

function ModerationQueue() {
  const isTeam = useIsModerationTeam();
  const { page, singles, setSingle, searchParams } = useListState([], ['type', 'departement']);
  const { data: filters } = useQuery({ ...mapFiltersQuery(), enabled: isTeam });
  const { data, error, isFetching } = useQuery({
    ...moderationQueries.queue({
      type: singles.type ?? '',
      departement: singles.departement ?? '',
      page,
    }),
    placeholderData: keepPreviousData,
    enabled: isTeam,
  });
  const ids = { type: useId(), departement: useId() };
  const queueSearch = searchParams.toString();

  return (
    <>
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
          <div className={fr.cx('fr-select-group')}>
            <label className={fr.cx('fr-label')} htmlFor={ids.type}>
              Type de contenu
            </label>
            <select
              className={fr.cx('fr-select')}
              id={ids.type}
              value={singles.type ?? ''}
              onChange={(event) => setSingle('type', event.target.value || null)}
            >
              <option value="">Tous les types</option>
              {MODERATION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {MODERATION_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
          <div className={fr.cx('fr-select-group')}>
            <label className={fr.cx('fr-label')} htmlFor={ids.departement}>
              Département
            </label>
            <select
              className={fr.cx('fr-select')}
              id={ids.departement}
              value={singles.departement ?? ''}
              onChange={(event) => setSingle('departement', event.target.value || null)}
            >
              <option value="">Tous les départements</option>
              {(filters?.locations ?? []).map((location) => (
                <option key={location.code} value={location.code}>
                  {location.name} ({location.code})
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <section
        className={fr.cx('fr-mt-2w')}
        aria-label="Propositions en attente"
        aria-busy={isFetching}
      >
        {error && !data ? (
          <Alert severity="error" small description={error.message} role="alert" />
        ) : !data ? (
          <Loader />
        ) : data.data.length === 0 ? (
          <p className={fr.cx('fr-my-4w')}>Aucune proposition en attente.</p>
        ) : (
          <>
            <QueueTable items={data.data} total={data.meta.total} queueSearch={queueSearch} />
            <ListPagination meta={data.meta} pages={data.pages} />
          </>
        )}
      </section>
    </>
  );
}

function QueueTable({
  items,
  total,
  queueSearch,
}: {
  items: ModerationQueueItem[];
  total: number;
  queueSearch: string;
}) {
  const now = new Date();
  const state: ReviewLocationState = { queueSearch };
  return (
    <div
      className={`${fr.cx('fr-table', 'fr-table--bordered')} app-moderation-table app-moderation-queue`}
    >
      <div className={fr.cx('fr-table__wrapper')}>
        <div className={fr.cx('fr-table__container')}>
          <div className={fr.cx('fr-table__content')}>
            <table>
              <caption>
                Propositions en attente ({total}), de la plus ancienne à la plus récente
              </caption>
              <thead>
                <tr>
                  <th scope="col">Titre</th>
                  <th scope="col">Type</th>
                  <th scope="col">Auteur</th>
                  <th scope="col">Structure</th>
                  <th scope="col">Département</th>
                  <th scope="col">Ancienneté</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={`${item.type}-${item.id}`}>
                    <th scope="row" className={fr.cx('fr-cell--multiline')}>
                      <Link
                        to={pathTo('moderation.item', { type: item.type, id: item.id })}
                        state={state}
                      >
                        {item.title}
                      </Link>
                    </th>
                    <td>
                      {item.type_label}
                      <br />
                      <span
                        className={fr.cx(
                          'fr-badge',
                          'fr-badge--sm',
                          'fr-badge--no-icon',
                          'fr-mt-1v',
                          item.kind === 'edit' ? 'fr-badge--new' : 'fr-badge--info',
                        )}
                      >
                        {KIND_LABELS[item.kind]}
                      </span>
                    </td>
                    <td className={fr.cx('fr-cell--multiline')}>{item.author?.name ?? '—'}</td>
                    <td className={fr.cx('fr-cell--multiline')}>{item.institution ?? '—'}</td>
                    <td>{item.departement?.name ?? '—'}</td>
                    <td>
                      <time dateTime={item.submitted_at} title={formatDate(item.submitted_at)}>
                        {formatRelative(item.submitted_at, now)}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}
