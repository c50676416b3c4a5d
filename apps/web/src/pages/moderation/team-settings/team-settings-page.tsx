import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Link, useSearchParams } from 'react-router';
import {
  isSettingsList,
  settingsDoneMessage,
  SETTINGS_LISTS,
  type SettingsEntry,
  type SettingsList,
  type SettingsListResponse,
  type SettingsWriteResponse,
} from '@ad/contract/account/team-settings';
import { Loader } from '../../../app/loader.tsx';
import { DeleteConfirmModal, type Deletable } from '../../../features/account-forms/index.ts';
import { ApiError, api, DEFAULT_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { fr } from '../../../lib/fr.ts';
import { ModerationFrame, useIsModerationTeam } from '../team-only.tsx';
import { SettingsEntryDialog, type EntryDialogTarget } from './settings-entry-dialog.tsx';
import {
  entryNoun,
  entryUrl,
  invalidateSettingsList,
  listInfo,
  moveUrl,
  settingsListQuery,
} from './team-settings-queries.ts';
import '../moderation.css';
import './team-settings.css';

/** The list shown, in the URL: `?liste=post_categories` (the themes by default). */
const LIST_PARAM = 'liste';

interface Notice {
  severity: 'success' | 'error';
  message: string;
}

/**
 * « Listes de référence » (issue 10): the themes, subthematics, categories and the other option
 * lists of the public site and the member forms. Admins add, rename, recolour (themes), reorder
 * and delete entries; moderators see the lists read-only.
 */
export function TeamSettingsPage() {
  return (
    <ModerationFrame title="Listes de référence" reservedTitle="Listes de référence">
      <TeamSettings />
    </ModerationFrame>
  );
}

function TeamSettings() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get(LIST_PARAM);
  const list: SettingsList = isSettingsList(requested) ? requested : 'thematics';
  return (
    <>
      <p>
        Ces listes alimentent les filtres, la carte, les fiches et les formulaires des membres. Un
        changement s'affiche aussitôt sur le site public.
      </p>
      <ListsNav current={list} />
      <SettingsListSection key={list} list={list} />
    </>
  );
}

function ListsNav({ current }: { current: SettingsList }) {
  return (
    <nav aria-label="Choisir une liste" className={fr.cx('fr-mb-4w')}>
      <ul className={`${fr.cx('fr-tags-group')} app-settings-lists`}>
        {SETTINGS_LISTS.map((list) => (
          <li key={list}>
            <Link
              to={{ search: `?${LIST_PARAM}=${list}` }}
              className={fr.cx('fr-tag')}
              aria-current={list === current ? 'page' : undefined}
            >
              {listInfo(list).label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SettingsListSection({ list }: { list: SettingsList }) {
  const info = listInfo(list);
  const isTeam = useIsModerationTeam();
  const queryClient = useQueryClient();
  const { data, error, isFetching } = useQuery({ ...settingsListQuery(list), enabled: isTeam });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<EntryDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<Deletable | null>(null);
  const [moving, setMoving] = useState(false);
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  // A notice that follows a dialog (saved, deleted) or a failed move takes the focus: it is
  // read, and the keyboard goes on from the list (a deleted entry's button is gone).
  const [focusNotice, setFocusNotice] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After the dialog's own focus return (a layout effect), once it is closed.
  useEffect(() => {
    if (!focusNotice || editing || deleting) return;
    noticeRef.current?.focus();
    setFocusNotice(false);
  }, [focusNotice, editing, deleting]);

  // Once the list is read again, the moved entry's button takes the focus back (or its
  // sibling when the entry reached an end of the list).
  useEffect(() => {
    if (!focusAfterMove || isFetching) return;
    const button = document.getElementById(focusAfterMove) as HTMLButtonElement | null;
    const other = document.getElementById(
      focusAfterMove.replace(/-(up|down)$/, (_m, d: string) => (d === 'up' ? '-down' : '-up')),
    );
    (button && !button.disabled ? button : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, isFetching]);

  const refresh = () => invalidateSettingsList(queryClient);

  const move = async (entry: SettingsEntry, direction: 'up' | 'down') => {
    if (moving) return;
    setMoving(true);
    try {
      const result = await api.post<SettingsWriteResponse>(moveUrl(list, entry.id), { direction });
      setNotice({ severity: 'success', message: result.message });
      await refresh();
      setFocusAfterMove(moveButtonId(entry, direction));
    } catch (failure) {
      setNotice({
        severity: 'error',
        message: failure instanceof ApiError ? failure.message : DEFAULT_ERROR_MESSAGE,
      });
      setFocusNotice(true);
    } finally {
      setMoving(false);
    }
  };

  const askDelete = (entry: SettingsEntry) =>
    setDeleting({
      label: entryNoun(info),
      sentence: info.this,
      name: entry.name,
      success: settingsDoneMessage(info, entry.name, 'supprimé'),
      url: entryUrl(list, entry.id),
    });

  return (
    <section aria-labelledby="settings-list-title" aria-busy={isFetching}>
      <h2 id="settings-list-title" ref={headingRef} tabIndex={-1}>
        {info.label}
      </h2>
      <p className={fr.cx('fr-text--sm')}>{info.usedFor}</p>
      <div ref={noticeRef} tabIndex={-1}>
        {notice ? (
          <Alert
            severity={notice.severity}
            small
            description={notice.message}
            closable
            isClosed={false}
            onClose={() => {
              setNotice(null);
              // Its close button goes with it.
              headingRef.current?.focus();
            }}
            className={fr.cx('fr-mb-3w')}
          />
        ) : null}
      </div>
      {error && !data ? (
        <Alert severity="error" small description={error.message} role="alert" />
      ) : !data ? (
        <Loader />
      ) : (
        <>
          {!data.can_edit ? (
            <Alert
              severity="info"
              small
              description="Seuls les administrateurs peuvent modifier ces listes."
              className={fr.cx('fr-mb-3w')}
            />
          ) : info.fixed ? null : (
            <button
              type="button"
              className={fr.cx('fr-btn', 'fr-btn--icon-left', 'fr-icon-add-line', 'fr-mb-3w')}
              onClick={() => setEditing({ list, entry: null })}
            >
              Ajouter {info.one}
            </button>
          )}
          <EntriesTable
            list={list}
            response={data}
            moving={moving}
            onEdit={(entry) => setEditing({ list, entry })}
            onDelete={askDelete}
            onMove={(entry, direction) => void move(entry, direction)}
          />
        </>
      )}
      <SettingsEntryDialog
        target={editing}
        thematics={data?.thematics ?? []}
        onCancel={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          setNotice({ severity: 'success', message });
          setFocusNotice(true);
          void refresh();
        }}
      />
      <DeleteConfirmModal
        open={deleting !== null}
        deletable={deleting}
        onCancel={() => setDeleting(null)}
        onDeleted={(message) => {
          setDeleting(null);
          setNotice({ severity: 'success', message });
          setFocusNotice(true);
          void refresh();
        }}
      />
    </section>
  );
}

const moveButtonId = (entry: SettingsEntry, direction: 'up' | 'down') =>
  `settings-move-${entry.id}-${direction}`;

function EntriesTable({
  list,
  response,
  moving,
  onEdit,
  onDelete,
  onMove,
}: {
  list: SettingsList;
  response: SettingsListResponse;
  moving: boolean;
  onEdit: (entry: SettingsEntry) => void;
  onDelete: (entry: SettingsEntry) => void;
  onMove: (entry: SettingsEntry, direction: 'up' | 'down') => void;
}) {
  const info = listInfo(list);
  const entries = response.data;
  const canEdit = response.can_edit;
  // Moves happen within a thematic for subthematics.
  const groupOf = (entry: SettingsEntry | undefined) => entry?.thematic?.id ?? null;

  if (entries.length === 0) return <p>Cette liste est vide.</p>;
  return (
    // The caption repeats the section's heading: read by screen readers only.
    <div
      className={`${fr.cx('fr-table', 'fr-table--bordered', 'fr-table--no-caption')} app-moderation-table`}
    >
      <div className={fr.cx('fr-table__wrapper')}>
        <div className={fr.cx('fr-table__container')}>
          <div className={fr.cx('fr-table__content')}>
            <table>
              <caption>
                {info.label} ({entries.length}), dans l'ordre du site public
              </caption>
              <thead>
                <tr>
                  <th scope="col">Nom</th>
                  {info.parent ? <th scope="col">Thématique</th> : null}
                  {info.color ? <th scope="col">Couleur</th> : null}
                  <th scope="col">Utilisations</th>
                  {canEdit ? <th scope="col">Ordre</th> : null}
                  {canEdit ? <th scope="col">Actions</th> : null}
                </tr>
              </thead>
              <tbody>
                {entries.map((entry, index) => {
                  const first = groupOf(entries[index - 1]) !== groupOf(entry) || index === 0;
                  const last =
                    groupOf(entries[index + 1]) !== groupOf(entry) || index === entries.length - 1;
                  return (
                    <tr key={entry.id}>
                      <th scope="row" className={fr.cx('fr-cell--multiline')}>
                        {entry.name}
                      </th>
                      {info.parent ? (
                        <td className={fr.cx('fr-cell--multiline')}>
                          {entry.thematic?.name ?? '—'}
                        </td>
                      ) : null}
                      {info.color ? (
                        <td>
                          <span
                            className="app-settings-swatch"
                            style={{ '--settings-color': entry.color } as CSSProperties}
                            aria-hidden="true"
                          />
                          {entry.color}
                        </td>
                      ) : null}
                      <td className={fr.cx('fr-cell--multiline')}>
                        {entry.usage === 0 ? 'Aucune' : entry.usage_details}
                      </td>
                      {canEdit ? (
                        <td className="app-settings-order">
                          <button
                            type="button"
                            id={moveButtonId(entry, 'up')}
                            className={fr.cx(
                              'fr-btn',
                              'fr-btn--sm',
                              'fr-btn--tertiary-no-outline',
                              'fr-icon-arrow-up-line',
                            )}
                            title={`Monter « ${entry.name} »`}
                            disabled={first || moving}
                            onClick={() => onMove(entry, 'up')}
                          >
                            Monter « {entry.name} »
                          </button>
                          <button
                            type="button"
                            id={moveButtonId(entry, 'down')}
                            className={fr.cx(
                              'fr-btn',
                              'fr-btn--sm',
                              'fr-btn--tertiary-no-outline',
                              'fr-icon-arrow-down-line',
                            )}
                            title={`Descendre « ${entry.name} »`}
                            disabled={last || moving}
                            onClick={() => onMove(entry, 'down')}
                          >
                            Descendre « {entry.name} »
                          </button>
                        </td>
                      ) : null}
                      {canEdit ? (
                        <td>
                          <ul
                            className={fr.cx(
                              'fr-btns-group',
                              'fr-btns-group--sm',
                              'fr-btns-group--inline',
                            )}
                          >
                            <li>
                              <button
                                type="button"
                                className={fr.cx('fr-btn', 'fr-btn--secondary')}
                                onClick={() => onEdit(entry)}
                              >
                                Modifier
                                <span className={fr.cx('fr-sr-only')}> « {entry.name} »</span>
                              </button>
                            </li>
                            {info.fixed ? null : (
                              <li>
                                <button
                                  type="button"
                                  className={fr.cx('fr-btn', 'fr-btn--tertiary')}
                                  onClick={() => onDelete(entry)}
                                >
                                  Supprimer
                                  <span className={fr.cx('fr-sr-only')}> « {entry.name} »</span>
                                </button>
                              </li>
                            )}
                          </ul>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}
