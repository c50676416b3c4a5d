import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TEAM_CONTENT_NOUNS,
  teamContentDoneMessage,
  type TeamContentKind,
  type TeamContentWriteResponse,
} from '@ad/contract/account/team-content';
import { Loader } from '../../../app/loader.tsx';
import { DeleteConfirmModal, type Deletable } from '../../../features/account-forms/index.ts';
import { ApiError, api, DEFAULT_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { fr } from '../../../lib/fr.ts';
import { useIsModerationTeam } from '../team-only.tsx';
import {
  editButtonId,
  EntriesTable,
  moveButtonId,
  type EntryColumn,
  type MoveDirection,
} from './entries-table.tsx';
import {
  entryUrl,
  invalidateTeamContent,
  moveUrl,
  teamContentQuery,
} from './team-content-queries.ts';

interface Notice {
  severity: 'success' | 'error';
  message: string;
}

/** What a kind's form receives: the entry to edit (null: a new one) and the list's data. */
export interface EntryFormProps<Row, List> {
  entry: Row | null;
  list: List;
  onSaved: (message: string) => void;
  onCancel: () => void;
}

export interface EntriesSectionProps<Row extends { id: number }, List extends { data: Row[] }> {
  kind: TeamContentKind;
  /** The section's h2. */
  title: string;
  /** Text under the heading; a function reads the list (undefined while it loads). */
  intro?: ReactNode | ((list: List | undefined) => ReactNode);
  /** « Ajouter un terme ». */
  addLabel: string;
  /** Why nothing can be added yet (the FAQ's questions without any category), or null. */
  cannotAdd?: (list: List) => string | null;
  columns: (list: List) => readonly EntryColumn<Row>[];
  nameOf: (row: Row) => string;
  caption: (rows: Row[]) => string;
  empty: string;
  ordered?: boolean;
  groupOf?: (row: Row) => number | string | null;
  canDelete?: (row: Row) => boolean;
  keptNote?: string;
  Form: (props: EntryFormProps<Row, List>) => ReactNode;
}

/**
 * One list of the team's content (issue 10): its table, the form that adds or edits an entry (in
 * place of the table, its heading focused), the delete confirmation, the order buttons, and the
 * success or failure message (focused, then announced). After each change every list of these
 * screens is read again; the public site already shows the change (the server emptied its cache).
 */
export function EntriesSection<Row extends { id: number }, List extends { data: Row[] }>(
  props: EntriesSectionProps<Row, List>,
) {
  const { kind, title, Form } = props;
  const isTeam = useIsModerationTeam();
  const queryClient = useQueryClient();
  const { data: list, error } = useQuery({ ...teamContentQuery<List>(kind), enabled: isTeam });
  const headingId = useId();
  const [editing, setEditing] = useState<{ entry: Row | null } | null>(null);
  const [deleting, setDeleting] = useState<Deletable | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [moving, setMoving] = useState(false);
  // Where the focus goes once the list is shown again: a button's id, or the notice.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const addButtonId = `${headingId}-add`;

  useEffect(() => {
    if (!focusTarget || editing) return;
    if (focusTarget === 'notice') {
      noticeRef.current?.focus();
    } else {
      const button = document.getElementById(focusTarget) as HTMLButtonElement | null;
      // A move button at an end of the list is disabled: its sibling takes the focus.
      const sibling = document.getElementById(
        focusTarget.replace(/-(up|down)$/, (_m, d: string) => (d === 'up' ? '-down' : '-up')),
      );
      (button && !button.disabled ? button : sibling)?.focus();
    }
    setFocusTarget(null);
  }, [focusTarget, editing, list]);

  const refresh = () => invalidateTeamContent(queryClient);

  const done = (message: string) => {
    setEditing(null);
    setNotice({ severity: 'success', message });
    setFocusTarget('notice');
    void refresh();
  };

  const move = async (row: Row, direction: MoveDirection) => {
    if (moving) return;
    setMoving(true);
    try {
      const result = await api.post<TeamContentWriteResponse<Row>>(moveUrl(kind, row.id), {
        direction,
      });
      setNotice({ severity: 'success', message: result.message });
      await refresh();
      setFocusTarget(moveButtonId(row.id, direction));
    } catch (failure) {
      setNotice({
        severity: 'error',
        message: failure instanceof ApiError ? failure.message : DEFAULT_ERROR_MESSAGE,
      });
      setFocusTarget('notice');
    } finally {
      setMoving(false);
    }
  };

  const noun = TEAM_CONTENT_NOUNS[kind];
  const askDelete = (row: Row) =>
    setDeleting({
      label: noun.label,
      sentence: noun.sentence,
      name: props.nameOf(row),
      success: teamContentDoneMessage(kind, props.nameOf(row), 'supprimé'),
      url: entryUrl(kind, row.id),
    });

  const cannotAdd = list ? (props.cannotAdd?.(list) ?? null) : null;

  return (
    <section aria-labelledby={headingId} className={fr.cx('fr-mb-6w')}>
      <h2 id={headingId}>{title}</h2>
      {typeof props.intro === 'function' ? props.intro(list) : props.intro}
      {notice && !editing ? (
        <div
          ref={noticeRef}
          tabIndex={-1}
          role={notice.severity === 'error' ? 'alert' : 'status'}
          className={fr.cx(
            'fr-alert',
            notice.severity === 'error' ? 'fr-alert--error' : 'fr-alert--success',
            'fr-alert--sm',
            'fr-mb-3w',
          )}
        >
          <p>{notice.message}</p>
        </div>
      ) : null}
      {error && !list ? (
        <div className={fr.cx('fr-alert', 'fr-alert--error', 'fr-alert--sm')} role="alert">
          <p>{error.message}</p>
        </div>
      ) : !list ? (
        <Loader />
      ) : editing ? (
        <Form
          key={editing.entry?.id ?? 'new'}
          entry={editing.entry}
          list={list}
          onSaved={done}
          onCancel={() => {
            setFocusTarget(editing.entry ? editButtonId(editing.entry.id) : addButtonId);
            setEditing(null);
          }}
        />
      ) : (
        <>
          {cannotAdd ? (
            <p className={fr.cx('fr-text--sm')}>{cannotAdd}</p>
          ) : (
            <button
              type="button"
              id={addButtonId}
              className={fr.cx('fr-btn', 'fr-btn--icon-left', 'fr-icon-add-line', 'fr-mb-3w')}
              onClick={() => {
                setNotice(null);
                setEditing({ entry: null });
              }}
            >
              {props.addLabel}
            </button>
          )}
          <EntriesTable
            caption={props.caption(list.data)}
            columns={props.columns(list)}
            rows={list.data}
            nameOf={props.nameOf}
            onEdit={(entry) => {
              setNotice(null);
              setEditing({ entry });
            }}
            onDelete={askDelete}
            canDelete={props.canDelete}
            keptNote={props.keptNote}
            move={
              props.ordered
                ? {
                    onMove: (row, direction) => void move(row, direction),
                    busy: moving,
                    groupOf: props.groupOf,
                  }
                : undefined
            }
            empty={props.empty}
          />
        </>
      )}
      <DeleteConfirmModal
        open={deleting !== null}
        deletable={deleting}
        onCancel={() => setDeleting(null)}
        onDeleted={(message) => {
          setDeleting(null);
          setNotice({ severity: 'success', message });
          setFocusTarget('notice');
          void refresh();
        }}
      />
    </section>
  );
}
