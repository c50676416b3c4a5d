import { sql, type SQL } from 'drizzle-orm';
import {
  SETTINGS_LIST_INFO,
  settingsDoneMessage,
  settingsInUseMessage,
  TEAM_SETTINGS_MESSAGES,
  type SettingsCreateInput,
  type SettingsDeleteResponse,
  type SettingsEntry,
  type SettingsList,
  type SettingsListResponse,
  type SettingsMoveInput,
  type SettingsUpdateInput,
  type SettingsWriteResponse,
} from '@ad/contract/account/team-settings';
import type { DbOrTx, Transaction } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { HttpError, notFound, ValidationError } from '../../platform/errors.ts';
import { freeSlug, rowsOf, swapInOrder } from '../../platform/ordered-rows.ts';
import { LIST_DEFINITIONS, PENDING_EDIT, type ListDefinition } from './team-settings.lists.ts';

/**
 * The team's reference lists (issue 10). Every change runs in one transaction with its audit
 * event, serialised per list (an advisory lock: the uniqueness of names, the slugs and the
 * positions are read then written); the public cache is emptied after the commit, so that the
 * filters, the map and the lists show the new names at once (the tables' triggers tell the other
 * instances).
 *
 * - Slugs are generated once, when an entry is added, and never change: the themes' slugs are the
 *   member forms' ids and the keys of the grouped subthematics, the seed finds its entries by
 *   slug, and the public filters use ids.
 * - The themes are fixed (contract THEMATICS: keys, CSS classes, slugs): name, colour and order
 *   only. A subthematic keeps its thematic (moving it would break the rule that an item's
 *   subthematics belong to its thematics).
 * - A delete is refused (422) while anything uses the entry: members' items of any status and
 *   pending edits, so that no foreign key nulls or cascades their data away.
 */

interface EntryRow {
  id: number;
  name: string;
  slug: string | null;
  position: number;
  color: string | null;
  thematic_id: number | null;
  thematic_name: string | null;
}

interface UsageRow {
  id: number;
  source: number;
  n: number;
}

export interface Actor {
  user: SessionUser;
  ip: string | null;
}

const id = (name: string) => sql.identifier(name);

/** A constant JSON path of a definition (never user input) as a text[] literal. */
const jsonPath = (path: readonly string[]) => sql.raw(`'{${path.join(',')}}'`);

/** A text that is an id, as an int; anything else NULL (CASE keeps the cast behind the test). */
const asId = (text: SQL) => sql`CASE WHEN ${text} ~ '^[0-9]{1,9}$' THEN (${text})::int END`;

/**
 * Uses of the list's entries: one row per (entry, source) with its count; sources are the indexes
 * of `definition.uses`, and `uses.length` for the pending edits.
 */
function usageQuery(definition: ListDefinition, entryId?: number): SQL {
  const parts: SQL[] = definition.uses.map(
    (use, source) =>
      sql`SELECT ${id(use.column)} AS id, ${source}::int AS source FROM ${id(use.table)} WHERE ${id(use.column)} IS NOT NULL`,
  );
  const revisionSource = definition.uses.length;
  for (const use of definition.revisionUses) {
    const path = jsonPath(use.path);
    const pending = sql`r.status = 'pending' AND r.subject_type = ${use.subject}`;
    parts.push(
      use.list
        ? sql`SELECT ${asId(sql`e.value`)} AS id, ${revisionSource}::int AS source FROM revisions r
            CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.payload #> ${path}) = 'array'
              THEN r.payload #> ${path} ELSE '[]'::jsonb END) AS e(value)
            WHERE ${pending}`
        : sql`SELECT ${asId(sql`r.payload #>> ${path}`)} AS id, ${revisionSource}::int AS source
            FROM revisions r WHERE ${pending}`,
    );
  }
  const where = entryId === undefined ? sql`u.id IS NOT NULL` : sql`u.id = ${entryId}`;
  return sql`SELECT u.id, u.source, count(*)::int AS n FROM (${sql.join(parts, sql` UNION ALL `)}) u
    WHERE ${where} GROUP BY u.id, u.source`;
}

/** « 3 initiatives, 1 démarche et 2 modifications en attente ». */
function describeUsage(
  definition: ListDefinition,
  rows: UsageRow[],
): { total: number; details: string } {
  const counts = new Map<string, { noun: readonly [string, string]; n: number }>();
  // In the order of the definition's sources, the pending edits last.
  for (const row of [...rows].sort((a, b) => a.source - b.source)) {
    const noun = definition.uses[row.source]?.noun ?? PENDING_EDIT;
    const entry = counts.get(noun[0]) ?? { noun, n: 0 };
    entry.n += row.n;
    counts.set(noun[0], entry);
  }
  const parts = [...counts.values()].map(({ noun, n }) => `${n} ${n > 1 ? noun[1] : noun[0]}`);
  const total = [...counts.values()].reduce((sum, { n }) => sum + n, 0);
  const details =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')} et ${parts.at(-1)}` : (parts[0] ?? '');
  return { total, details };
}

function entriesQuery(definition: ListDefinition, entryId?: number): SQL {
  const name = id(definition.nameColumn);
  const color = definition.colorColumn ? sql`e.${id(definition.colorColumn)}` : sql`NULL::text`;
  const parent = definition.parentColumn
    ? {
        columns: sql`t.id AS thematic_id, t.name AS thematic_name`,
        join: sql`JOIN thematics t ON t.id = e.${id(definition.parentColumn)}`,
        order: sql`t.position, t.id, `,
      }
    : {
        columns: sql`NULL::int AS thematic_id, NULL::text AS thematic_name`,
        join: sql``,
        order: sql``,
      };
  const where = entryId === undefined ? sql`` : sql`WHERE e.id = ${entryId}`;
  return sql`SELECT e.id, e.${name} AS name, e.slug, e.position, ${color} AS color, ${parent.columns}
    FROM ${id(definition.table)} e ${parent.join} ${where}
    ORDER BY ${parent.order}e.position, e.${name}, e.id`;
}

function present(row: EntryRow, usage: { total: number; details: string }): SettingsEntry {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    position: row.position,
    color: row.color,
    thematic:
      row.thematic_id === null ? null : { id: row.thematic_id, name: row.thematic_name ?? '' },
    usage: usage.total,
    usage_details: usage.details,
  };
}

async function loadEntry(db: DbOrTx, definition: ListDefinition, entryId: number) {
  const [row] = rowsOf<EntryRow>(await db.execute(entriesQuery(definition, entryId)));
  if (!row) throw notFound();
  return row;
}

async function entryUsage(db: DbOrTx, definition: ListDefinition, entryId: number) {
  return describeUsage(
    definition,
    rowsOf<UsageRow>(await db.execute(usageQuery(definition, entryId))),
  );
}

/** Serialises the writes of one list until the transaction ends. */
async function lockList(tx: Transaction, definition: ListDefinition) {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`team-settings:${definition.table}`}))`,
  );
}

/** Names are unique in a list (a subthematic's: in its thematic), case and accents aside. */
async function assertNameFree(
  tx: Transaction,
  definition: ListDefinition,
  name: string,
  exceptId: number | null,
  thematicId: number | null,
) {
  const sameParent =
    definition.parentColumn && thematicId !== null
      ? sql`AND ${id(definition.parentColumn)} = ${thematicId}`
      : sql``;
  const except = exceptId === null ? sql`` : sql`AND id <> ${exceptId}`;
  const taken = rowsOf<{ id: number }>(
    await tx.execute(sql`SELECT id FROM ${id(definition.table)}
      WHERE f_unaccent(lower(${id(definition.nameColumn)})) = f_unaccent(lower(${name}))
      ${sameParent} ${except} LIMIT 1`),
  );
  if (taken.length > 0) {
    throw new ValidationError({
      name: [
        definition.parentColumn
          ? TEAM_SETTINGS_MESSAGES.nameTakenInThematic
          : TEAM_SETTINGS_MESSAGES.nameTaken,
      ],
    });
  }
}

export function createTeamSettingsService(deps: {
  db: AppDatabase;
  clock: Clock;
  /** Empties the public cache of this instance (after each commit). */
  contentChanged: () => void;
}) {
  const { db, clock, contentChanged } = deps;
  const now = () => sql`${clock().toISOString()}::timestamptz`;

  /** Runs a change in a transaction, serialised per list; the public cache is emptied after it. */
  async function change<T>(
    definition: ListDefinition,
    run: (tx: Transaction) => Promise<T>,
  ): Promise<T> {
    const result = await db.transaction(async (tx) => {
      await lockList(tx, definition);
      return run(tx);
    });
    contentChanged();
    return result;
  }

  async function presentEntry(tx: DbOrTx, definition: ListDefinition, entryId: number) {
    const row = await loadEntry(tx, definition, entryId);
    return present(row, await entryUsage(tx, definition, entryId));
  }

  const audit = (
    tx: Transaction,
    actor: Actor,
    definition: ListDefinition,
    verb: 'create' | 'update' | 'delete' | 'move',
    entryId: number,
    data: Record<string, unknown>,
  ) =>
    recordAudit(tx, {
      actorId: actor.user.id,
      action: `team_settings.${verb}`,
      subjectType: definition.list,
      subjectId: entryId,
      data: { list: definition.list, ...data },
      ip: actor.ip,
    });

  return {
    /** `GET /api/moderation/settings/:list`: the entries in their public order, with their uses. */
    async list(list: SettingsList, canEdit: boolean): Promise<SettingsListResponse> {
      const definition = LIST_DEFINITIONS[list];
      const [rows, usageRows, thematics] = await Promise.all([
        db.execute(entriesQuery(definition)).then(rowsOf<EntryRow>),
        db.execute(usageQuery(definition)).then(rowsOf<UsageRow>),
        definition.parentColumn
          ? db
              .execute(sql`SELECT id, name FROM thematics ORDER BY position, id`)
              .then(rowsOf<{ id: number; name: string }>)
          : Promise.resolve([]),
      ]);
      const usageById = new Map<number, UsageRow[]>();
      for (const row of usageRows) usageById.set(row.id, [...(usageById.get(row.id) ?? []), row]);
      return {
        list,
        can_edit: canEdit,
        data: rows.map((row) =>
          present(row, describeUsage(definition, usageById.get(row.id) ?? [])),
        ),
        thematics,
      };
    },

    /** `POST /api/moderation/settings/:list`: a new entry at the end of the list (of its thematic). */
    async create(
      list: SettingsList,
      input: SettingsCreateInput,
      actor: Actor,
    ): Promise<SettingsWriteResponse> {
      const definition = LIST_DEFINITIONS[list];
      const info = SETTINGS_LIST_INFO[list];
      if (info.fixed) throw new HttpError(409, TEAM_SETTINGS_MESSAGES.fixed);
      const entry = await change(definition, async (tx) => {
        let thematicId: number | null = null;
        if (definition.parentColumn) {
          if (input.thematic_id == null) {
            throw new ValidationError({ thematic_id: [TEAM_SETTINGS_MESSAGES.thematicRequired] });
          }
          const [thematic] = rowsOf<{ id: number }>(
            await tx.execute(sql`SELECT id FROM thematics WHERE id = ${input.thematic_id}`),
          );
          if (!thematic) {
            throw new ValidationError({ thematic_id: [TEAM_SETTINGS_MESSAGES.thematicInvalid] });
          }
          thematicId = thematic.id;
        }
        await assertNameFree(tx, definition, input.name, null, thematicId);
        const slug = await freeSlug(tx, definition.table, input.name, 'entree');
        const sameParent =
          definition.parentColumn && thematicId !== null
            ? sql`WHERE ${id(definition.parentColumn)} = ${thematicId}`
            : sql``;
        const parentColumn = definition.parentColumn
          ? sql`, ${id(definition.parentColumn)}`
          : sql``;
        const parentValue = definition.parentColumn ? sql`, ${thematicId}` : sql``;
        const [created] = rowsOf<{ id: number }>(
          await tx.execute(sql`INSERT INTO ${id(definition.table)}
            (${id(definition.nameColumn)}, slug, position${parentColumn})
            SELECT ${input.name}, ${slug},
              COALESCE((SELECT max(position) + 1 FROM ${id(definition.table)} ${sameParent}), 0)${parentValue}
            RETURNING id`),
        );
        const createdId = created!.id;
        await audit(tx, actor, definition, 'create', createdId, {
          name: input.name,
          slug,
          ...(thematicId === null ? {} : { thematic_id: thematicId }),
        });
        return presentEntry(tx, definition, createdId);
      });
      return { message: settingsDoneMessage(info, entry.name, 'ajouté'), data: entry };
    },

    /** `PUT /api/moderation/settings/:list/:id`: rename (slug kept), and recolour a theme. */
    async update(
      list: SettingsList,
      entryId: number,
      input: SettingsUpdateInput,
      actor: Actor,
    ): Promise<SettingsWriteResponse> {
      const definition = LIST_DEFINITIONS[list];
      const info = SETTINGS_LIST_INFO[list];
      const entry = await change(definition, async (tx) => {
        const before = await loadEntry(tx, definition, entryId);
        await assertNameFree(tx, definition, input.name, entryId, before.thematic_id);
        const color =
          definition.colorColumn && input.color !== undefined ? input.color : before.color;
        const setColor = definition.colorColumn
          ? sql`, ${id(definition.colorColumn)} = ${color}`
          : sql``;
        await tx.execute(sql`UPDATE ${id(definition.table)}
          SET ${id(definition.nameColumn)} = ${input.name}${setColor}, updated_at = ${now()}
          WHERE id = ${entryId}`);
        await audit(tx, actor, definition, 'update', entryId, {
          name: input.name,
          previous_name: before.name,
          ...(definition.colorColumn ? { color, previous_color: before.color } : {}),
        });
        return presentEntry(tx, definition, entryId);
      });
      return { message: settingsDoneMessage(info, entry.name, 'modifié'), data: entry };
    },

    /** `DELETE /api/moderation/settings/:list/:id`: refused (422) while anything uses it. */
    async remove(
      list: SettingsList,
      entryId: number,
      actor: Actor,
    ): Promise<SettingsDeleteResponse> {
      const definition = LIST_DEFINITIONS[list];
      const info = SETTINGS_LIST_INFO[list];
      if (info.fixed) throw new HttpError(409, TEAM_SETTINGS_MESSAGES.fixed);
      const name = await change(definition, async (tx) => {
        // The row lock makes a member's concurrent insert that references it wait for this end.
        await tx.execute(
          sql`SELECT id FROM ${id(definition.table)} WHERE id = ${entryId} FOR UPDATE`,
        );
        const before = await loadEntry(tx, definition, entryId);
        const usage = await entryUsage(tx, definition, entryId);
        if (usage.total > 0) {
          throw new HttpError(
            422,
            settingsInUseMessage(info, before.name, usage.total, usage.details),
          );
        }
        await tx.execute(sql`DELETE FROM ${id(definition.table)} WHERE id = ${entryId}`);
        await audit(tx, actor, definition, 'delete', entryId, {
          name: before.name,
          slug: before.slug,
          ...(before.thematic_id === null ? {} : { thematic_id: before.thematic_id }),
        });
        return before.name;
      });
      return { message: settingsDoneMessage(info, name, 'supprimé') };
    },

    /**
     * `POST /api/moderation/settings/:list/:id/move`: swaps the entry with its neighbour (in its
     * thematic for a subthematic); the positions of the list are renumbered 0…n on the way, so that
     * ties of the seed or of older rows no longer depend on names.
     */
    async move(
      list: SettingsList,
      entryId: number,
      input: SettingsMoveInput,
      actor: Actor,
    ): Promise<SettingsWriteResponse> {
      const definition = LIST_DEFINITIONS[list];
      const entry = await change(definition, async (tx) => {
        const current = await loadEntry(tx, definition, entryId);
        const siblings = rowsOf<EntryRow>(await tx.execute(entriesQuery(definition))).filter(
          (row) => row.thematic_id === current.thematic_id,
        );
        const position = await swapInOrder(
          tx,
          definition.table,
          siblings.map((row) => row.id),
          entryId,
          input.direction,
          TEAM_SETTINGS_MESSAGES.cannotMove,
        );
        await audit(tx, actor, definition, 'move', entryId, {
          name: current.name,
          direction: input.direction,
          position,
        });
        return presentEntry(tx, definition, entryId);
      });
      return { message: TEAM_SETTINGS_MESSAGES.moved, data: entry };
    },
  };
}

export type TeamSettingsService = ReturnType<typeof createTeamSettingsService>;
