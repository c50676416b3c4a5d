import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Link } from 'react-router';
import { pathTo, ROLES, type Role } from '@ad/contract';
import { auditHistoryPath } from '@ad/contract/account/audit-history';
import {
  NEWSLETTER_SUBSCRIBERS_CSV_PATH,
  ROLE_LABELS,
  USER_SORT_LABELS,
  USER_SORTS,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type TeamUser,
} from '@ad/contract/account/team-users';
import { usePageConfig } from '../../../app/page-config.ts';
import { Loader } from '../../../app/loader.tsx';
import { ConfirmModal, type Confirmation } from '../../../features/account-forms/index.ts';
import { useListState } from '../../../features/lists/list-params.ts';
import { ListPagination } from '../../../features/lists/pagination.tsx';
import { formatShortDate, formatShortDateTime } from '../../../lib/date-time.ts';
import { fr } from '../../../lib/fr.ts';
import { ModerationFrame } from '../team-only.tsx';
import { invalidateTeamUsers, teamUsersApi, teamUsersQueries } from './team-users-queries.ts';
import '../moderation.css';
import './team-users.css';

export const ADMIN_ONLY_MESSAGE = 'Cette page est réservée aux administrateurs de la plateforme.';

/**
 * « Utilisateurs » (issue 10, admins only): the accounts searched by name, e-mail or institution
 * and filtered by role and state (in the URL), each account's role and its deactivation, with a
 * confirmation, and the export of the newsletter's confirmed subscribers.
 */
export function TeamUsersPage() {
  const isAdmin = usePageConfig().user?.role === 'admin';
  return (
    <ModerationFrame title="Utilisateurs" reservedTitle="Utilisateurs">
      {isAdmin ? (
        <TeamUsers />
      ) : (
        <Alert severity="warning" small description={ADMIN_ONLY_MESSAGE} />
      )}
    </ModerationFrame>
  );
}

function TeamUsers() {
  const { page, singles, setSingle } = useListState([], ['q', 'role', 'status', 'sort']);
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const { data, error, isFetching } = useQuery({
    ...teamUsersQueries.list({
      q: singles.q ?? '',
      role: singles.role ?? '',
      status: singles.status ?? '',
      sort: singles.sort ?? '',
      page,
    }),
    placeholderData: keepPreviousData,
  });

  const ask = (next: Confirmation) => {
    setMessage(null);
    setConfirmation(next);
  };
  const done = (result: string) => {
    setConfirmation(null);
    setMessage(result);
    void invalidateTeamUsers(queryClient);
  };

  return (
    <>
      <p>
        Recherchez un compte, changez son rôle ou désactivez-le. Chaque changement est inscrit dans
        l'<Link to={pathTo('moderation.audit')}>historique</Link>.
      </p>
      <p className={fr.cx('fr-mb-3w')}>
        <a
          className={fr.cx(
            'fr-btn',
            'fr-btn--secondary',
            'fr-btn--icon-left',
            'fr-icon-download-line',
          )}
          href={NEWSLETTER_SUBSCRIBERS_CSV_PATH}
          download
        >
          Exporter les abonnés à la newsletter (CSV)
        </a>
      </p>

      <SearchForm initial={singles.q ?? ''} onSearch={(q) => setSingle('q', q.trim() || null)} />
      <Filters values={singles} onChange={(name, value) => setSingle(name, value || null)} />

      <div aria-live="polite">
        {message ? (
          <Alert
            severity="success"
            small
            description={message}
            className={fr.cx('fr-mt-1w', 'fr-mb-3w')}
          />
        ) : null}
      </div>

      <section aria-label="Comptes" aria-busy={isFetching}>
        {error && !data ? (
          <Alert severity="error" small description={error.message} role="alert" />
        ) : !data ? (
          <Loader />
        ) : data.data.length === 0 ? (
          <p className={fr.cx('fr-my-4w')}>Aucun compte ne correspond à ces critères.</p>
        ) : (
          <>
            <UsersTable users={data.data} total={data.meta.total} onConfirm={ask} />
            <ListPagination meta={data.meta} pages={data.pages} />
          </>
        )}
      </section>

      <ConfirmModal
        confirmation={confirmation}
        onCancel={() => setConfirmation(null)}
        onDone={done}
      />
    </>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [value, setValue] = useState(initial);
  // Back and forward in the history change the URL's search: the field follows.
  useEffect(() => setValue(initial), [initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value);
  };
  return (
    <form role="search" aria-label="Recherche de comptes" onSubmit={submit}>
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-grid-row--bottom')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-8')}>
          <div className={fr.cx('fr-input-group', 'fr-mb-0')}>
            <label className={fr.cx('fr-label')} htmlFor={id}>
              Rechercher un compte
              <span className={fr.cx('fr-hint-text')}>
                Nom, adresse e-mail ou structure ; les accents et les majuscules sont ignorés.
              </span>
            </label>
            <input
              className={fr.cx('fr-input')}
              id={id}
              type="search"
              name="q"
              maxLength={100}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
        </div>
        <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
          <button
            type="submit"
            className={fr.cx('fr-btn', 'fr-btn--icon-left', 'fr-icon-search-line')}
          >
            Rechercher
          </button>
        </div>
      </div>
    </form>
  );
}

function Filters({
  values,
  onChange,
}: {
  values: Record<string, string>;
  onChange: (name: 'role' | 'status' | 'sort', value: string) => void;
}) {
  const ids = { role: useId(), status: useId(), sort: useId() };
  const select = (
    name: 'role' | 'status' | 'sort',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
      <div className={fr.cx('fr-select-group')}>
        <label className={fr.cx('fr-label')} htmlFor={ids[name]}>
          {label}
        </label>
        <select
          className={fr.cx('fr-select')}
          id={ids[name]}
          value={values[name] ?? ''}
          onChange={(event) => onChange(name, event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
  return (
    <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-mt-1w')}>
      {select('role', 'Rôle', [
        { value: '', label: 'Tous les rôles' },
        ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
      ])}
      {select('status', 'État du compte', [
        { value: '', label: 'Tous les comptes' },
        ...USER_STATUSES.map((status) => ({ value: status, label: USER_STATUS_LABELS[status] })),
      ])}
      {select(
        'sort',
        'Trier par',
        USER_SORTS.map((sort) => ({
          value: sort === 'newest' ? '' : sort,
          label: USER_SORT_LABELS[sort],
        })),
      )}
    </div>
  );
}

function UsersTable({
  users,
  total,
  onConfirm,
}: {
  users: TeamUser[];
  total: number;
  onConfirm: (confirmation: Confirmation) => void;
}) {
  return (
    <div
      className={`${fr.cx('fr-table', 'fr-table--bordered')} app-moderation-table app-team-users`}
    >
      <div className={fr.cx('fr-table__wrapper')}>
        <div className={fr.cx('fr-table__container')}>
          <div className={fr.cx('fr-table__content')}>
            <table>
              <caption>Comptes ({total})</caption>
              <thead>
                <tr>
                  <th scope="col">Utilisateur</th>
                  <th scope="col">Structure</th>
                  <th scope="col">Rôle</th>
                  <th scope="col">Compte</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <UserRow key={user.id} user={user} onConfirm={onConfirm} />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}

function UserRow({
  user,
  onConfirm,
}: {
  user: TeamUser;
  onConfirm: (confirmation: Confirmation) => void;
}) {
  const who = (
    <p className={fr.cx('fr-mb-1w')}>
      <strong>{user.name}</strong> ({user.email})
    </p>
  );
  const deactivate = () =>
    onConfirm({
      title: 'Désactiver le compte',
      body: (
        <>
          <p className={fr.cx('fr-mb-1w')}>Vous êtes sur le point de désactiver le compte de :</p>
          {who}
          <p>Ses sessions seront fermées et il ne pourra plus se connecter.</p>
        </>
      ),
      confirmLabel: 'Désactiver le compte',
      run: () => teamUsersApi.deactivate(user.id),
    });
  const reactivate = () =>
    onConfirm({
      title: 'Réactiver le compte',
      body: (
        <>
          <p className={fr.cx('fr-mb-1w')}>Vous êtes sur le point de réactiver le compte de :</p>
          {who}
          <p>Il pourra de nouveau se connecter.</p>
        </>
      ),
      confirmLabel: 'Réactiver le compte',
      run: () => teamUsersApi.reactivate(user.id),
    });

  return (
    <tr>
      <th scope="row" className={fr.cx('fr-cell--multiline')}>
        {user.name}
        {user.is_self ? <span className={fr.cx('fr-text--regular')}> (vous)</span> : null}
        <span
          className={`${fr.cx('fr-text--sm', 'fr-text--regular', 'fr-mb-0')} app-team-users__email`}
        >
          {user.email}
        </span>
        <Link
          className={`${fr.cx('fr-link', 'fr-link--sm', 'fr-link--icon-left', 'fr-icon-time-line')} app-team-users__history`}
          to={auditHistoryPath('user', user.id)}
        >
          Voir l'historique
          <span className={fr.cx('fr-sr-only')}> de {user.name}</span>
        </Link>
      </th>
      <td className={fr.cx('fr-cell--multiline')}>{user.institution?.name ?? '—'}</td>
      <td>
        <RoleCell user={user} onConfirm={onConfirm} />
      </td>
      <td className="app-team-users__account">
        <ul className={fr.cx('fr-badges-group')}>
          <li>
            {user.deactivated_at ? (
              <span className={fr.cx('fr-badge', 'fr-badge--sm', 'fr-badge--error')}>
                Désactivé
              </span>
            ) : (
              <span className={fr.cx('fr-badge', 'fr-badge--sm', 'fr-badge--success')}>Actif</span>
            )}
          </li>
          {user.email_verified ? null : (
            <li>
              <span className={fr.cx('fr-badge', 'fr-badge--sm', 'fr-badge--warning')}>
                E-mail non confirmé
              </span>
            </li>
          )}
        </ul>
        <p className={fr.cx('fr-text--xs', 'fr-mb-0')}>
          {user.deactivated_at ? (
            <>
              Désactivé le{' '}
              <time dateTime={user.deactivated_at}>{formatShortDate(user.deactivated_at)}</time>
              <br />
            </>
          ) : null}
          Connexion :{' '}
          {user.last_login_at ? (
            <time dateTime={user.last_login_at}>{formatShortDateTime(user.last_login_at)}</time>
          ) : (
            'jamais'
          )}
          <br />
          Inscription : <time dateTime={user.created_at}>{formatShortDate(user.created_at)}</time>
        </p>
      </td>
      <td>
        {user.is_self ? (
          '—'
        ) : user.deactivated_at ? (
          <button
            type="button"
            className={fr.cx(
              'fr-btn',
              'fr-btn--sm',
              'fr-btn--secondary',
              'fr-btn--icon-left',
              'fr-icon-refresh-line',
            )}
            onClick={reactivate}
          >
            Réactiver
            <span className={fr.cx('fr-sr-only')}> le compte de {user.name}</span>
          </button>
        ) : (
          <button
            type="button"
            className={fr.cx(
              'fr-btn',
              'fr-btn--sm',
              'fr-btn--tertiary',
              'fr-btn--icon-left',
              'fr-icon-close-circle-line',
            )}
            onClick={deactivate}
          >
            Désactiver
            <span className={fr.cx('fr-sr-only')}> le compte de {user.name}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * The role of one account: a select and « Changer », which asks for a confirmation (choosing in
 * the list alone changes nothing, so the keyboard can go through the options).
 */
function RoleCell({
  user,
  onConfirm,
}: {
  user: TeamUser;
  onConfirm: (confirmation: Confirmation) => void;
}) {
  const id = useId();
  const [role, setRole] = useState<Role>(user.role);
  // The role saved: when it changes (the list read again), the choice starts from it.
  const [savedRole, setSavedRole] = useState<Role>(user.role);
  if (user.role !== savedRole) {
    setSavedRole(user.role);
    setRole(user.role);
  }
  const select = useRef<HTMLSelectElement>(null);
  const asked = useRef(false);
  // A change made here disables « Changer » again, which loses the focus: the list of roles
  // takes it back.
  useEffect(() => {
    if (!asked.current) return;
    asked.current = false;
    select.current?.focus();
  }, [user.role]);
  if (user.is_self) {
    return (
      <>
        {user.role_label}
        <br />
        <span className={fr.cx('fr-hint-text')}>Votre propre rôle ne peut pas être modifié.</span>
      </>
    );
  }
  const change = () => {
    onConfirm({
      title: 'Changer le rôle',
      body: (
        <>
          <p className={fr.cx('fr-mb-1w')}>
            Vous êtes sur le point de donner le rôle <strong>{ROLE_LABELS[role]}</strong> (au lieu
            de {user.role_label}) à :
          </p>
          <p>
            <strong>{user.name}</strong> ({user.email})
          </p>
        </>
      ),
      confirmLabel: 'Changer le rôle',
      run: async () => {
        const message = await teamUsersApi.changeRole(user.id, role);
        asked.current = true;
        return message;
      },
    });
  };
  return (
    <div className="app-team-users__role">
      <label className={fr.cx('fr-sr-only')} htmlFor={id}>
        Rôle de {user.name}
      </label>
      <select
        ref={select}
        className={fr.cx('fr-select')}
        id={id}
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
      >
        {ROLES.map((option) => (
          <option key={option} value={option}>
            {ROLE_LABELS[option]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={fr.cx('fr-btn', 'fr-btn--sm', 'fr-btn--secondary')}
        disabled={role === user.role}
        onClick={change}
      >
        Changer<span className={fr.cx('fr-sr-only')}> le rôle de {user.name}</span>
      </button>
    </div>
  );
}
