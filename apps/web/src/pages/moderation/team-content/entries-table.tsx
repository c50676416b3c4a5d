import type { ReactNode } from 'react';
import { fr } from '../../../lib/fr.ts';
import './team-content.css';

/** A column of the table: its header and its cell; the first column is the row's header. */
export interface EntryColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Long texts wrap instead of widening the table. */
  multiline?: boolean;
}

export type MoveDirection = 'up' | 'down';

export interface EntriesTableProps<Row extends { id: number }> {
  /** Read by screen readers (the section's heading says it to everyone). */
  caption: string;
  columns: readonly EntryColumn<Row>[];
  rows: readonly Row[];
  /** The entry's name in the buttons' accessible names: « Modifier « Circuit court » ». */
  nameOf: (row: Row) => string;
  onEdit: (row: Row) => void;
  /** Omitted for rows that cannot be deleted (`canDelete`). */
  onDelete: (row: Row) => void;
  canDelete?: (row: Row) => boolean;
  /** Shown instead of the delete button when `canDelete` is false. */
  keptNote?: string;
  /** Ordered lists: the « Monter » / « Descendre » buttons. */
  move?: {
    onMove: (row: Row, direction: MoveDirection) => void;
    busy: boolean;
    /** Moves happen within a group (the FAQ's questions within their category). */
    groupOf?: (row: Row) => number | string | null;
  };
  /** Shown when there is no row. */
  empty: string;
}

/** The id of a move button: the page gives it the focus back after the list is read again. */
export const moveButtonId = (id: number, direction: MoveDirection) =>
  `team-content-move-${id}-${direction}`;
export const editButtonId = (id: number) => `team-content-edit-${id}`;

/**
 * The back office's table of entries (issue 10): one row per entry in the public order, its
 * columns, and the actions « Modifier », « Supprimer » and, for ordered lists, « Monter » and
 * « Descendre » (icon buttons named after the entry). Self-contained: any back-office list of
 * named entries can use it.
 */
export function EntriesTable<Row extends { id: number }>({
  caption,
  columns,
  rows,
  nameOf,
  onEdit,
  onDelete,
  canDelete = () => true,
  keptNote,
  move,
  empty,
}: EntriesTableProps<Row>) {
  if (rows.length === 0) return <p>{empty}</p>;
  const groupOf = move?.groupOf ?? (() => null);
  const [first, ...rest] = columns;
  return (
    <div
      className={`${fr.cx('fr-table', 'fr-table--bordered', 'fr-table--no-caption')} app-moderation-table app-team-content__table`}
    >
      <div className={fr.cx('fr-table__wrapper')}>
        <div className={fr.cx('fr-table__container')}>
          <div className={fr.cx('fr-table__content')}>
            <table>
              <caption>{caption}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.header} scope="col">
                      {column.header}
                    </th>
                  ))}
                  {move ? <th scope="col">Ordre</th> : null}
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => {
                  const name = nameOf(row);
                  const atStart = index === 0 || groupOf(rows[index - 1]!) !== groupOf(row);
                  const atEnd =
                    index === rows.length - 1 || groupOf(rows[index + 1]!) !== groupOf(row);
                  return (
                    <tr key={row.id}>
                      {first ? (
                        <th
                          scope="row"
                          className={fr.cx(first.multiline ? 'fr-cell--multiline' : undefined)}
                        >
                          {first.cell(row)}
                        </th>
                      ) : null}
                      {rest.map((column) => (
                        <td
                          key={column.header}
                          className={fr.cx(column.multiline ? 'fr-cell--multiline' : undefined)}
                        >
                          {column.cell(row)}
                        </td>
                      ))}
                      {move ? (
                        <td className="app-team-content__order">
                          <MoveButton
                            id={moveButtonId(row.id, 'up')}
                            label={`Monter « ${name} »`}
                            icon="fr-icon-arrow-up-line"
                            disabled={atStart || move.busy}
                            onClick={() => move.onMove(row, 'up')}
                          />
                          <MoveButton
                            id={moveButtonId(row.id, 'down')}
                            label={`Descendre « ${name} »`}
                            icon="fr-icon-arrow-down-line"
                            disabled={atEnd || move.busy}
                            onClick={() => move.onMove(row, 'down')}
                          />
                        </td>
                      ) : null}
                      <td>
                        <ul
                          className={`${fr.cx(
                            'fr-btns-group',
                            'fr-btns-group--sm',
                            'fr-btns-group--inline',
                          )} app-team-content__actions`}
                        >
                          <li>
                            <button
                              type="button"
                              id={editButtonId(row.id)}
                              className={fr.cx('fr-btn', 'fr-btn--secondary')}
                              onClick={() => onEdit(row)}
                            >
                              Modifier
                              <span className={fr.cx('fr-sr-only')}> « {name} »</span>
                            </button>
                          </li>
                          {canDelete(row) ? (
                            <li>
                              <button
                                type="button"
                                className={fr.cx('fr-btn', 'fr-btn--tertiary')}
                                onClick={() => onDelete(row)}
                              >
                                Supprimer
                                <span className={fr.cx('fr-sr-only')}> « {name} »</span>
                              </button>
                            </li>
                          ) : null}
                        </ul>
                        {!canDelete(row) && keptNote ? (
                          <p className={fr.cx('fr-text--xs', 'fr-mb-0')}>{keptNote}</p>
                        ) : null}
                      </td>
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

function MoveButton({
  id,
  label,
  icon,
  disabled,
  onClick,
}: {
  id: string;
  label: string;
  icon: 'fr-icon-arrow-up-line' | 'fr-icon-arrow-down-line';
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      id={id}
      className={fr.cx('fr-btn', 'fr-btn--sm', 'fr-btn--tertiary-no-outline', icon)}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
