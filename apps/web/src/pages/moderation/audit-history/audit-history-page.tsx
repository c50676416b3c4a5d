import { useId } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_LABELS,
  AUDIT_SUBJECT_TYPE_LABELS,
  AUDIT_SYSTEM_ACTOR,
  AUDIT_SYSTEM_LABEL,
  auditHistoryPath,
  type AuditEntry,
  type AuditList,
  type AuditPerson,
} from '@ad/contract/account/audit-history';
import { Loader } from '../../../app/loader.tsx';
import { useListState } from '../../../features/lists/list-params.ts';
import { ListPagination } from '../../../features/lists/pagination.tsx';
import { formatShortDateTime } from '../../../lib/date-time.ts';
import { fr } from '../../../lib/fr.ts';
import { ModerationFrame, useIsModerationTeam } from '../team-only.tsx';
import { AUDIT_FILTERS, auditQueries, type AuditFilterName } from './audit-history-queries.ts';
import '../moderation.css';
import './audit-history.css';

/**
 * « Historique » (issue 10): who changed what, and when, newest first, filtered by author, action,
 * type of content and days (in the URL). Filtered on one item (`?subject_type=&subject_id=`, see
 * auditHistoryPath) it is that item's history.
 */
export function AuditHistoryPage() {
  return (
    <ModerationFrame title="Historique" reservedTitle="Historique">
      <AuditHistory />
    </ModerationFrame>
  );
}

function AuditHistory() {
  const isTeam = useIsModerationTeam();
  const { page, singles, update } = useListState([], AUDIT_FILTERS);
  const filters = Object.fromEntries(
    AUDIT_FILTERS.map((name) => [name, singles[name] ?? '']),
  ) as Record<AuditFilterName, string>;
  const { data, error, isFetching } = useQuery({
    ...auditQueries.list(filters, page),
    placeholderData: keepPreviousData,
    enabled: isTeam,
  });
  const setFilters = (changes: Partial<Record<AuditFilterName, string>>) =>
    update((next) => {
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      next.delete('page');
    });
  const filtered = AUDIT_FILTERS.some((name) => filters[name]);
  const oneItem = Boolean(filters.subject_type && filters.subject_id);

  return (
    <>
      <p>
        Qui a modifié quoi, et quand : les propositions et modifications des membres, les décisions
        et corrections de l'équipe, les comptes, les listes de référence et les tâches automatiques.
      </p>
      {oneItem && data?.context.subject ? <SubjectHeader list={data} /> : null}
      <AuditFilters
        filters={filters}
        contextActor={data?.context.actor ?? null}
        onChange={setFilters}
      />
      {filtered ? (
        <p className={fr.cx('fr-mb-2w')}>
          <Link to={pathTo('moderation.audit')} className={fr.cx('fr-link')}>
            Effacer les filtres et voir tout l'historique
          </Link>
        </p>
      ) : null}

      <section aria-label="Évènements de l'historique" aria-busy={isFetching}>
        {error ? (
          <Alert severity="error" small description={error.message} role="alert" />
        ) : !data ? (
          <Loader />
        ) : data.data.length === 0 ? (
          <p className={fr.cx('fr-my-4w')}>Aucun évènement ne correspond à ces critères.</p>
        ) : (
          <>
            <AuditTable list={data} oneItem={oneItem} />
            <ListPagination meta={data.meta} pages={data.pages} />
          </>
        )}
      </section>
    </>
  );
}

function SubjectHeader({ list }: { list: AuditList }) {
  const subject = list.context.subject;
  if (!subject) return null;
  return (
    <div className={`${fr.cx('fr-mb-3w')} app-audit-history__subject`}>
      <h2 className={fr.cx('fr-h5', 'fr-mb-1w')}>
        Historique de : {subject.type_label.toLowerCase()}{' '}
        {subject.title ? `« ${subject.title} »` : `n° ${subject.id}`}
      </h2>
      {subject.link ? (
        <p className={fr.cx('fr-mb-0')}>
          <Link to={subject.link} className={fr.cx('fr-link')}>
            Ouvrir {subject.title ? `« ${subject.title} »` : 'cet élément'}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function AuditFilters({
  filters,
  contextActor,
  onChange,
}: {
  filters: Record<AuditFilterName, string>;
  contextActor: AuditPerson | null;
  onChange: (changes: Partial<Record<AuditFilterName, string>>) => void;
}) {
  const isTeam = useIsModerationTeam();
  const { data: actors } = useQuery({ ...auditQueries.actors(), enabled: isTeam });
  const ids = { actor: useId(), action: useId(), type: useId(), from: useId(), to: useId() };
  const team = actors?.data ?? [];
  // The filtered author may be a member (« Ses actions »): the list shows them too.
  const people =
    contextActor && !team.some((person) => person.id === contextActor.id)
      ? [...team, contextActor]
      : team;
  const actions = Object.keys(AUDIT_ACTION_LABELS);

  return (
    <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
      <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
        <div className={fr.cx('fr-select-group')}>
          <label className={fr.cx('fr-label')} htmlFor={ids.actor}>
            Auteur
          </label>
          <select
            className={fr.cx('fr-select')}
            id={ids.actor}
            value={filters.actor}
            onChange={(event) => onChange({ actor: event.target.value })}
          >
            <option value="">Tous les auteurs</option>
            <option value={AUDIT_SYSTEM_ACTOR}>{AUDIT_SYSTEM_LABEL}</option>
            {people.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
        <div className={fr.cx('fr-select-group')}>
          <label className={fr.cx('fr-label')} htmlFor={ids.action}>
            Action
          </label>
          <select
            className={fr.cx('fr-select')}
            id={ids.action}
            value={filters.action}
            onChange={(event) => onChange({ action: event.target.value })}
          >
            <option value="">Toutes les actions</option>
            {AUDIT_ACTION_GROUPS.map((group) => (
              <optgroup key={group.prefix} label={group.label}>
                <option value={group.prefix}>{group.label} : toutes</option>
                {actions
                  .filter((action) => action.startsWith(group.prefix))
                  .map((action) => (
                    <option key={action} value={action}>
                      {AUDIT_ACTION_LABELS[action]}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
      </div>
      <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
        <div className={fr.cx('fr-select-group')}>
          <label className={fr.cx('fr-label')} htmlFor={ids.type}>
            Type de contenu
          </label>
          <select
            className={fr.cx('fr-select')}
            id={ids.type}
            value={filters.subject_type}
            // Another type is another item: the item filter goes.
            onChange={(event) => onChange({ subject_type: event.target.value, subject_id: '' })}
          >
            <option value="">Tous les types</option>
            {Object.entries(AUDIT_SUBJECT_TYPE_LABELS).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
        <div className={fr.cx('fr-input-group')}>
          <label className={fr.cx('fr-label')} htmlFor={ids.from}>
            Du
            <span className={fr.cx('fr-hint-text')}>Jour inclus</span>
          </label>
          <input
            className={fr.cx('fr-input')}
            type="date"
            id={ids.from}
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </div>
      </div>
      <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
        <div className={fr.cx('fr-input-group')}>
          <label className={fr.cx('fr-label')} htmlFor={ids.to}>
            Au
            <span className={fr.cx('fr-hint-text')}>Jour inclus</span>
          </label>
          <input
            className={fr.cx('fr-input')}
            type="date"
            id={ids.to}
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </div>
      </div>
    </div>
  );
}

function AuditTable({ list, oneItem }: { list: AuditList; oneItem: boolean }) {
  return (
    <div
      className={`${fr.cx('fr-table', 'fr-table--bordered')} app-moderation-table app-audit-history`}
    >
      <div className={fr.cx('fr-table__wrapper')}>
        <div className={fr.cx('fr-table__container')}>
          <div className={fr.cx('fr-table__content')}>
            <table>
              <caption>Évènements ({list.meta.total}), du plus récent au plus ancien</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Auteur</th>
                  <th scope="col">Action</th>
                  <th scope="col">Contenu</th>
                  <th scope="col">Détails</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} oneItem={oneItem} />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}

function AuditRow({ entry, oneItem }: { entry: AuditEntry; oneItem: boolean }) {
  const { subject } = entry;
  const title = subject ? (subject.title ?? `n° ${subject.id}`) : null;
  return (
    <tr>
      <th scope="row" className="app-audit-history__date">
        <time dateTime={entry.created_at}>{formatShortDateTime(entry.created_at, true)}</time>
      </th>
      <td className={fr.cx('fr-cell--multiline')}>
        {entry.actor ? (
          <>
            {entry.actor.name}
            <br />
            <span className={`${fr.cx('fr-text--sm')} app-audit-history__email`}>
              {entry.actor.email}
            </span>
          </>
        ) : (
          AUDIT_SYSTEM_LABEL
        )}
      </td>
      <td className={fr.cx('fr-cell--multiline')}>{entry.action_label}</td>
      <td className={fr.cx('fr-cell--multiline')}>
        {subject ? (
          <>
            {subject.type_label} : {subject.link ? <Link to={subject.link}>{title}</Link> : title}
            {oneItem ? null : (
              <>
                <br />
                <Link
                  to={auditHistoryPath(subject.type, subject.id)}
                  className={fr.cx('fr-text--sm')}
                >
                  Son historique<span className={fr.cx('fr-sr-only')}> : {title}</span>
                </Link>
              </>
            )}
          </>
        ) : (
          '—'
        )}
      </td>
      <td className="app-audit-history__detail">{entry.summary ?? '—'}</td>
    </tr>
  );
}
