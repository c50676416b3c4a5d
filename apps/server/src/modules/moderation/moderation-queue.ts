import { sql, type SQL } from 'drizzle-orm';
import {
  MODERATION_TYPE_LABELS,
  MODERATION_TYPES,
  type ModerationKind,
  type ModerationQueue,
  type ModerationQueueItem,
  type ModerationType,
} from '@ad/contract/account/moderation';
import type { DbOrTx } from '../../db/client.ts';
import { pageLink, pageRequest, paginate } from '../../platform/pagination.ts';
import { MODERATION_SUBJECTS, type ModerationSubject } from './moderation-subjects.ts';

export const QUEUE_PER_PAGE = 20;
const DAY_MS = 86_400_000;

export interface QueueFilters {
  type?: ModerationType;
  departement?: string;
  page: number;
}

/**
 * What waits for the team, one row per item: new items (status 'pending') and pending revisions
 * of published items. Each branch reads one type through the moderation_status and
 * revisions(status, created_at) indexes; the union is sorted once.
 */
function waitingBranches(subject: ModerationSubject): SQL[] {
  const table = sql.identifier(subject.table);
  const title = sql.identifier(subject.titleColumn);
  const contact =
    subject.institution === 'contact_id'
      ? sql`t.contact_id`
      : subject.institution === 'self'
        ? sql`t.id`
        : sql`NULL::int`;
  const departement = subject.departementColumn
    ? sql`t.${sql.identifier(subject.departementColumn)}`
    : sql`NULL::varchar`;
  // An edit may move the item (a new postcode): its département is the revision's.
  const editedDepartement = subject.departementColumn
    ? sql`COALESCE(r.payload->'values'->>'departementCode', ${departement})`
    : departement;
  const type = sql.raw(`'${subject.type}'`);
  return [
    sql`SELECT ${type}::text AS type, t.id, 'new'::text AS kind, t.${title}::text AS title,
          t.user_id AS author_id, t.updated_at AS submitted_at,
          ${departement}::varchar AS departement_code, ${contact} AS contact_id
        FROM ${table} t WHERE t.moderation_status = 'pending'`,
    sql`SELECT ${type}::text, t.id, 'edit'::text,
          COALESCE(r.payload->'values'->>${subject.titleKey}, t.${title})::text,
          r.author_id, r.created_at, ${editedDepartement}::varchar, ${contact}
        FROM revisions r JOIN ${table} t ON t.id = r.subject_id
        WHERE r.status = 'pending' AND r.subject_type = ${subject.subjectType}`,
  ];
}

/** The union of the waiting items of the chosen types, filtered by département. */
export function waitingItems(filters: { type?: ModerationType; departement?: string }): SQL {
  const types = filters.type ? [filters.type] : MODERATION_TYPES;
  const branches = types.flatMap((type) => waitingBranches(MODERATION_SUBJECTS[type]));
  const union = sql.join(branches, sql` UNION ALL `);
  const where = filters.departement
    ? sql`WHERE u.departement_code = ${filters.departement}`
    : sql``;
  return sql`(SELECT * FROM (${union}) u ${where}) q`;
}

interface QueueRow extends Record<string, unknown> {
  type: ModerationType;
  id: number;
  kind: ModerationKind;
  title: string;
  author_id: number | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  society_name: string | null;
  submitted_at: string | Date;
  departement_code: string | null;
  departement_name: string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const personName = (firstname: string | null, lastname: string | null) =>
  [firstname, lastname].filter(Boolean).join(' ');

/** `GET /api/moderation/queue`: oldest first, paginated like the public lists. */
export async function moderationQueue(
  db: DbOrTx,
  filters: QueueFilters,
  now: Date,
): Promise<ModerationQueue> {
  const request = pageRequest(filters.page, QUEUE_PER_PAGE);
  const items = waitingItems(filters);
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      SELECT q.type, q.id, q.kind, q.title, q.author_id, q.submitted_at, q.departement_code,
        u.firstname, u.lastname, u.email, c.society_name, d.name AS departement_name
      FROM ${items}
      LEFT JOIN users u ON u.id = q.author_id
      LEFT JOIN contacts c ON c.id = COALESCE(q.contact_id, u.contact_id)
      LEFT JOIN departements d ON d.code = q.departement_code
      ORDER BY q.submitted_at, q.type, q.id
      LIMIT ${request.perPage} OFFSET ${request.offset}`),
    db.execute(sql`SELECT count(*)::int AS total FROM ${items}`),
  ]);
  const total = rowsOf<{ total: number }>(counted)[0]?.total ?? 0;
  const data = rowsOf<QueueRow>(rows).map((row): ModerationQueueItem => {
    const submitted = new Date(row.submitted_at);
    return {
      type: row.type,
      type_label: MODERATION_TYPE_LABELS[row.type],
      id: Number(row.id),
      kind: row.kind,
      title: row.title,
      author:
        row.author_id === null
          ? null
          : {
              id: Number(row.author_id),
              name: personName(row.firstname, row.lastname),
              email: row.email ?? '',
            },
      institution: row.society_name,
      submitted_at: submitted.toISOString(),
      age_days: Math.max(0, Math.floor((now.getTime() - submitted.getTime()) / DAY_MS)),
      departement:
        row.departement_code && row.departement_name
          ? { code: row.departement_code, name: row.departement_name }
          : null,
    };
  });
  const link = pageLink('/api/moderation/queue', {
    type: filters.type,
    departement: filters.departement,
  });
  return paginate(data, total, request, link);
}

/** Waiting items per type that entered the queue since `since` (the daily digest). */
export async function waitingCounts(
  db: DbOrTx,
  since: Date,
): Promise<{ total: Record<ModerationType, number>; recent: number }> {
  const result = await db.execute(sql`
    SELECT q.type, count(*)::int AS total,
      count(*) FILTER (WHERE q.submitted_at >= ${since.toISOString()}::timestamptz)::int AS recent
    FROM ${waitingItems({})} GROUP BY q.type`);
  const total = Object.fromEntries(MODERATION_TYPES.map((t) => [t, 0])) as Record<
    ModerationType,
    number
  >;
  let recent = 0;
  for (const row of rowsOf<{ type: ModerationType; total: number; recent: number }>(result)) {
    total[row.type] = row.total;
    recent += row.recent;
  }
  return { total, recent };
}
