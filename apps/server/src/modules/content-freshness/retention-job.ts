import { sql, type SQL } from 'drizzle-orm';
import { RETENTION_TYPES, type RetentionType } from '@ad/contract/account/upkeep';
import type { DbOrTx } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { FileStore } from '../../platform/uploads/file-store.ts';
import { subjectOf } from '../moderation/moderation-subjects.ts';
import { UPKEEP_CHUNK, UPKEEP_MAX_PER_RUN } from './freshness-job.ts';
import { UPKEEP_MAIL_JOB, type UpkeepMail } from './upkeep-mail.ts';
import {
  at,
  itemTitle,
  ownerReachable,
  referenceAt,
  removalDue,
  rowsOf,
  warningDue,
} from './upkeep-sql.ts';

export const RETENTION_JOB = 'content.retention';
/** Every day at 4:10, Paris time: removals empty the public cache when few people visit. */
export const RETENTION_CRON = '10 4 * * *';
export const RETENTION_AUDIT_ACTION = 'retention.delete';

export interface RetentionDeps {
  db: AppDatabase;
  clock: Clock;
  config: Config;
  /** The warnings leave through UPKEEP_MAIL_JOB (upkeep-mail.ts). */
  jobs: JobQueue;
  fileStore: FileStore;
  /** Empties the public cache of this instance (the triggers tell the others). */
  contentChanged: () => void;
}

/** The files an item holds, whatever its type (their bytes go once the removal is committed). */
function fileIdsSql(type: RetentionType, ids: SQL): SQL {
  switch (type) {
    case 'posts':
    case 'events':
      return sql`SELECT image_file_id AS file_id FROM ${sql.identifier(subjectOf(type).table)}
        WHERE id = ANY(${ids})`;
    case 'resources':
      return sql`SELECT unnest(ARRAY[image_file_id, document_file_id]) AS file_id
        FROM resources WHERE id = ANY(${ids})`;
    case 'initiatives':
      return sql`SELECT file_id FROM initiative_files WHERE initiative_id = ANY(${ids})`;
    case 'food_procedures':
      return sql`SELECT file_id FROM food_procedure_files WHERE food_procedure_id = ANY(${ids})`;
  }
}

async function fileIdsOf(tx: DbOrTx, type: RetentionType, ids: number[]): Promise<number[]> {
  const rows = rowsOf<{ file_id: number | null }>(
    await tx.execute(fileIdsSql(type, sql`${sql.param(ids)}::int[]`)),
  );
  return [...new Set(rows.flatMap((r) => (r.file_id === null ? [] : [Number(r.file_id)])))];
}

interface WarningCandidate {
  id: number;
  user_id: number | null;
  reachable: boolean;
  reference_at: string | Date;
}

/**
 * Warns the owners of one type's items whose removal comes within RETENTION_WARNING_DAYS, once
 * per cycle (retention_warned_at). An item nobody can be told about is marked all the same: its
 * removal date is then fixed like the others'.
 */
async function warnType(deps: RetentionDeps, type: RetentionType, now: Date): Promise<number> {
  const { db, config, jobs } = deps;
  const table = sql.identifier(subjectOf(type).table);
  const due = warningDue(type, config, now);
  let warned = 0;
  while (warned < UPKEEP_MAX_PER_RUN) {
    const limit = Math.min(UPKEEP_CHUNK, UPKEEP_MAX_PER_RUN - warned);
    const rows = rowsOf<WarningCandidate>(
      await db.execute(sql`
        SELECT t.id, t.user_id, (${ownerReachable}) AS reachable,
          ${referenceAt(type)} AS reference_at
        FROM ${table} t LEFT JOIN users u ON u.id = t.user_id
        WHERE ${due}
        ORDER BY reference_at, t.id
        LIMIT ${limit}`),
    );
    if (rows.length === 0) break;
    const messages = new Map<number, UpkeepMail | null>();
    for (const row of rows) {
      const id = Number(row.id);
      messages.set(
        id,
        row.reachable && row.user_id !== null
          ? {
              kind: 'retention',
              type,
              itemId: id,
              ownerId: Number(row.user_id),
              markedAt: now.toISOString(),
            }
          : null,
      );
    }
    const marked = await db.transaction(async (tx) => {
      const updated = rowsOf<{ id: number }>(
        await tx.execute(sql`
          UPDATE ${table} t SET retention_warned_at = ${at(now)}
          WHERE t.id = ANY(${sql.param([...messages.keys()])}::int[]) AND ${due}
          RETURNING t.id`),
      );
      for (const { id } of updated) {
        const mail = messages.get(Number(id));
        if (mail) await jobs.send(UPKEEP_MAIL_JOB, mail, { tx });
      }
      return updated.length;
    });
    warned += marked;
    if (marked === 0 || rows.length < limit) break;
  }
  return warned;
}

/**
 * Deletes one type's items whose retention period is over (and whose owner was warned long
 * enough ago), a chunk per file transaction: the rows, their relations (foreign keys cascade),
 * their revisions and their files (bytes removed after the commit), one audit event each. The
 * public cache is emptied after each commit.
 */
async function removeType(deps: RetentionDeps, type: RetentionType, now: Date): Promise<number> {
  const { config, fileStore } = deps;
  const subject = subjectOf(type);
  const table = sql.identifier(subject.table);
  const due = removalDue(type, config, now);
  let removed = 0;
  while (removed < UPKEEP_MAX_PER_RUN) {
    const limit = Math.min(UPKEEP_CHUNK, UPKEEP_MAX_PER_RUN - removed);
    const count = await fileStore.transaction(async (files) => {
      const { tx } = files;
      const rows = rowsOf<{
        id: number;
        title: string;
        user_id: number | null;
        published_at: string | Date;
        reference_at: string | Date;
      }>(
        await tx.execute(sql`
          SELECT t.id, ${itemTitle(type)} AS title, t.user_id, t.published_at,
            ${referenceAt(type)} AS reference_at
          FROM ${table} t
          WHERE ${due}
          ORDER BY t.id
          LIMIT ${limit}
          FOR UPDATE OF t SKIP LOCKED`),
      );
      if (rows.length === 0) return 0;
      const ids = rows.map((row) => Number(row.id));
      const fileIds = await fileIdsOf(tx, type, ids);
      await tx.execute(sql`DELETE FROM ${table} WHERE id = ANY(${sql.param(ids)}::int[])`);
      await tx.execute(sql`
        DELETE FROM revisions
        WHERE subject_type = ${subject.subjectType} AND subject_id = ANY(${sql.param(ids)}::int[])`);
      await files.discard(fileIds);
      for (const row of rows) {
        await recordAudit(tx, {
          actorId: null,
          action: RETENTION_AUDIT_ACTION,
          subjectType: subject.subjectType,
          subjectId: Number(row.id),
          data: {
            title: row.title,
            owner_id: row.user_id === null ? null : Number(row.user_id),
            published_at: new Date(row.published_at).toISOString(),
            reference_at: new Date(row.reference_at).toISOString(),
          },
        });
      }
      return rows.length;
    });
    if (count === 0) break;
    removed += count;
    deps.contentChanged();
    if (count < limit) break;
  }
  return removed;
}

/**
 * The daily retention job (privacy policy: submitted content is kept RETENTION_YEARS after its
 * publication): owners are warned RETENTION_WARNING_DAYS ahead, then the items are deleted with
 * their files. See upkeep-sql.ts for the dates.
 */
export async function runRetention(
  deps: RetentionDeps,
): Promise<{ warned: number; removed: number }> {
  const now = deps.clock();
  let warned = 0;
  let removed = 0;
  for (const type of RETENTION_TYPES) {
    removed += await removeType(deps, type, now);
    warned += await warnType(deps, type, now);
  }
  return { warned, removed };
}

export async function registerRetentionJob(deps: RetentionDeps): Promise<void> {
  const { jobs } = deps;
  await jobs.work(RETENTION_JOB, async () => {
    await runRetention(deps);
  });
  await jobs.schedule(RETENTION_JOB, RETENTION_CRON);
}
