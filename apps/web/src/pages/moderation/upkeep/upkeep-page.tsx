import { useId, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Link, useSearchParams } from 'react-router';
import { pathTo, type PaginationMeta } from '@ad/contract';
import type { ModerationPerson } from '@ad/contract/account/moderation';
import {
  FRESHNESS_FLAG_REASON_LABELS,
  FRESHNESS_FLAG_REASONS,
  type FreshnessFlag,
  type RetentionEntry,
} from '@ad/contract/account/upkeep';
import { Loader } from '../../../app/loader.tsx';
import { formatDate } from '../../../lib/date.ts';
import { fr } from '../../../lib/fr.ts';
import { ModerationFrame, useIsModerationTeam } from '../team-only.tsx';
import { upkeepQueries } from './upkeep-queries.ts';
import '../moderation.css';

/** Query parameters of the two lists' pages (one page each, in the same address). */
const PAGE_PARAMS = { freshness: 'initiatives', retention: 'suppressions' } as const;
/** The reason filter of the first list. */
const REASON_PARAM = 'motif';

/**
 * « Suivi des contenus » (issue 10): the initiatives whose owner did not confirm they are up to
 * date, and what the retention job removes next (privacy policy), for the team.
 */
export function UpkeepPage() {
  return (
    <ModerationFrame title="Suivi des contenus" reservedTitle="Suivi des contenus">
      <UnconfirmedInitiatives />
      <NextRemovals />
    </ModerationFrame>
  );
}

function usePageParam(name: string): [number, (page: number) => string] {
  const [searchParams] = useSearchParams();
  const raw = Number(searchParams.get(name));
  const page = Number.isInteger(raw) && raw > 1 ? raw : 1;
  const href = (target: number) => {
    const next = new URLSearchParams(searchParams);
    if (target > 1) next.set(name, String(target));
    else next.delete(name);
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  return [page, href];
}

function UnconfirmedInitiatives() {
  const isTeam = useIsModerationTeam();
  const [page, href] = usePageParam(PAGE_PARAMS.freshness);
  const [searchParams, setSearchParams] = useSearchParams();
  const reason = FRESHNESS_FLAG_REASONS.find((r) => r === searchParams.get(REASON_PARAM)) ?? '';
  const selectId = useId();
  const { data, error, isFetching } = useQuery({
    ...upkeepQueries.freshness(page, reason),
    placeholderData: keepPreviousData,
    enabled: isTeam,
  });
  return (
    <section
      className={fr.cx('fr-mb-6w')}
      aria-labelledby="upkeep-freshness"
      aria-busy={isFetching}
    >
      <h2 id="upkeep-freshness">Initiatives non confirmées</h2>
      {data ? (
        <p>
          {data.interval_days} jours après la dernière publication ou confirmation d'une initiative,
          son référent reçoit un e-mail lui demandant si elle est toujours à jour, puis un rappel{' '}
          {data.reminder_days} jours plus tard s'il n'a pas répondu. Sont listées ici les
          initiatives restées sans réponse {data.reminder_days} jours après le rappel, et celles
          dont le référent ne peut pas être joint (compte supprimé ou désactivé).
        </p>
      ) : null}
      <div className={fr.cx('fr-select-group')}>
        <label className={fr.cx('fr-label')} htmlFor={selectId}>
          Motif
        </label>
        <select
          className={fr.cx('fr-select')}
          id={selectId}
          value={reason}
          onChange={(event) => {
            const next = new URLSearchParams(searchParams);
            if (event.target.value) next.set(REASON_PARAM, event.target.value);
            else next.delete(REASON_PARAM);
            next.delete(PAGE_PARAMS.freshness);
            setSearchParams(next, { preventScrollReset: true });
          }}
        >
          <option value="">
            Tous les motifs{data ? ` (${data.counts.no_answer + data.counts.no_owner})` : ''}
          </option>
          {FRESHNESS_FLAG_REASONS.map((value) => (
            <option key={value} value={value}>
              {FRESHNESS_FLAG_REASON_LABELS[value]}
              {data ? ` (${data.counts[value]})` : ''}
            </option>
          ))}
        </select>
      </div>
      <ListBody
        error={error}
        loaded={data ? { total: data.meta.total } : null}
        empty="Aucune initiative à signaler."
      >
        {data ? (
          <>
            <FreshnessTable items={data.data} total={data.meta.total} />
            <SimplePagination
              meta={data.meta}
              href={href}
              label="Pagination des initiatives non confirmées"
            />
          </>
        ) : null}
      </ListBody>
    </section>
  );
}

function NextRemovals() {
  const isTeam = useIsModerationTeam();
  const [page, href] = usePageParam(PAGE_PARAMS.retention);
  const { data, error, isFetching } = useQuery({
    ...upkeepQueries.retention(page),
    placeholderData: keepPreviousData,
    enabled: isTeam,
  });
  return (
    <section aria-labelledby="upkeep-retention" aria-busy={isFetching}>
      <h2 id="upkeep-retention">Prochaines suppressions</h2>
      {data ? (
        <p>
          Comme l'annonce la politique de confidentialité, les contenus proposés par les membres
          sont supprimés, avec leurs fichiers, {years(data.retention_years)} après leur dernière
          publication (ou la dernière confirmation d'une initiative). Leur auteur est prévenu{' '}
          {data.warning_days} jours avant ; une nouvelle publication ou une confirmation les
          conserve. Voici les suppressions des {data.horizon_days} prochains jours.
        </p>
      ) : null}
      <ListBody
        error={error}
        loaded={data ? { total: data.meta.total } : null}
        empty={`Aucune suppression prévue dans les ${data?.horizon_days ?? ''} prochains jours.`}
      >
        {data ? (
          <>
            <RetentionTable items={data.data} total={data.meta.total} />
            <SimplePagination
              meta={data.meta}
              href={href}
              label="Pagination des prochaines suppressions"
            />
          </>
        ) : null}
      </ListBody>
    </section>
  );
}

/** The loader, the error, the empty message or the list. */
function ListBody({
  error,
  loaded,
  empty,
  children,
}: {
  error: Error | null;
  loaded: { total: number } | null;
  empty: string;
  children: ReactNode;
}) {
  if (error && !loaded) return <Alert severity="error" small description={error.message} />;
  if (!loaded) return <Loader />;
  if (loaded.total === 0) return <p className={fr.cx('fr-my-4w')}>{empty}</p>;
  return <>{children}</>;
}

function Owner({ owner }: { owner: ModerationPerson | null }) {
  if (!owner) return <>—</>;
  return (
    <>
      {owner.name}
      <br />
      <a href={`mailto:${owner.email}`}>{owner.email}</a>
    </>
  );
}

const years = (count: number) => `${count} an${count > 1 ? 's' : ''}`;

const Day = ({ value }: { value: string }) => <time dateTime={value}>{formatDate(value)}</time>;

function Table({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: string[];
  children: ReactNode;
}) {
  return (
    <div
      className={`${fr.cx('fr-table', 'fr-table--bordered', 'fr-table--no-caption')} app-moderation-table`}
    >
      <div className={fr.cx('fr-table__wrapper')}>
        <div className={fr.cx('fr-table__container')}>
          <div className={fr.cx('fr-table__content')}>
            <table>
              <caption>{caption}</caption>
              <thead>
                <tr>
                  {headers.map((header) => (
                    <th key={header} scope="col">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{children}</tbody>
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}

function FreshnessTable({ items, total }: { items: FreshnessFlag[]; total: number }) {
  return (
    <Table
      caption={`Initiatives non confirmées (${total}), de la plus ancienne à la plus récente`}
      headers={['Initiative', 'Référent', 'Département', 'Publiée ou confirmée le', 'Relances']}
    >
      {items.map((item) => (
        <tr key={item.id}>
          <th scope="row" className={fr.cx('fr-cell--multiline')}>
            <Link to={pathTo('moderation.item', { type: 'initiatives', id: item.id })}>
              {item.title}
            </Link>
          </th>
          <td className={fr.cx('fr-cell--multiline')}>
            <Owner owner={item.owner} />
          </td>
          <td>{item.departement ?? '—'}</td>
          <td>
            <Day value={item.reference_at} />
          </td>
          <td className={fr.cx('fr-cell--multiline')}>
            {item.reason === 'no_owner' ? (
              <span className={fr.cx('fr-badge', 'fr-badge--sm', 'fr-badge--warning')}>
                {FRESHNESS_FLAG_REASON_LABELS.no_owner}
              </span>
            ) : (
              <>
                Demande le {item.requested_at ? <Day value={item.requested_at} /> : '—'}
                <br />
                Rappel le {item.reminded_at ? <Day value={item.reminded_at} /> : '—'}
              </>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}

function RetentionTable({ items, total }: { items: RetentionEntry[]; total: number }) {
  return (
    <Table
      caption={`Prochaines suppressions (${total}), de la plus proche à la plus lointaine`}
      headers={['Contenu', 'Auteur', 'Dernière publication', 'Suppression']}
    >
      {items.map((item) => (
        <tr key={`${item.type}-${item.id}`}>
          <th scope="row" className={fr.cx('fr-cell--multiline')}>
            <Link to={pathTo('moderation.item', { type: item.type, id: item.id })}>
              {item.title}
            </Link>
            <br />
            <span className={fr.cx('fr-badge', 'fr-badge--sm', 'fr-badge--no-icon', 'fr-mt-1v')}>
              {item.type_label}
            </span>
          </th>
          <td className={fr.cx('fr-cell--multiline')}>
            <Owner owner={item.owner} />
          </td>
          <td>
            <Day value={item.reference_at} />
          </td>
          <td className={fr.cx('fr-cell--multiline')}>
            Le <Day value={item.removal_at} />
            <br />
            <span className={fr.cx('fr-text--sm')}>
              {item.warned_at ? (
                <>
                  Auteur prévenu le <Day value={item.warned_at} />
                </>
              ) : (
                'Auteur pas encore prévenu'
              )}
            </span>
          </td>
        </tr>
      ))}
    </Table>
  );
}

/**
 * Previous / next of one of the two lists (its own query parameter, so that both keep their
 * page in the address), with a name of its own for screen readers.
 */
function SimplePagination({
  meta,
  href,
  label,
}: {
  meta: PaginationMeta;
  href: (page: number) => string;
  label: string;
}) {
  if (meta.last_page <= 1) return null;
  const current = meta.current_page;
  const edge = (text: string, className: string, page: number, disabled: boolean) => (
    <li>
      {disabled ? (
        <a
          className={fr.cx('fr-pagination__link', className as never)}
          aria-disabled="true"
          role="link"
        >
          {text}
        </a>
      ) : (
        <Link
          className={fr.cx('fr-pagination__link', className as never)}
          to={href(page)}
          preventScrollReset
        >
          {text}
        </Link>
      )}
    </li>
  );
  return (
    <nav role="navigation" className={fr.cx('fr-pagination', 'fr-mt-2w')} aria-label={label}>
      <ul className={fr.cx('fr-pagination__list')}>
        {edge(
          'Page précédente',
          'fr-pagination__link--prev fr-pagination__link--lg-label',
          current - 1,
          current <= 1,
        )}
        <li>
          <span className={fr.cx('fr-pagination__link')} aria-current="page">
            Page {current} sur {meta.last_page}
          </span>
        </li>
        {edge(
          'Page suivante',
          'fr-pagination__link--next fr-pagination__link--lg-label',
          current + 1,
          current >= meta.last_page,
        )}
      </ul>
    </nav>
  );
}
