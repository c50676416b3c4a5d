import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { unaccentLower } from '../../db/schema/common.ts';
import { auditEvents } from '../../db/schema/moderation.ts';
import { users } from '../../db/schema/users.ts';
import type { PageRequest } from '../../platform/pagination.ts';
import { TIME_ZONE } from '../../platform/paris-time.ts';
import { MODERATION_SUBJECTS, type ModerationSubject } from '../moderation/moderation-subjects.ts';

export interface AuditFilters {
  /** A user id, or 'system' for the events without actor. */
  actor?: number | 'system';
  /** An action or the start of one (`moderation.`). */
  action?: string;
  subjectType?: string;
  subjectId?: string;
  /** Days in Paris time, both included (`YYYY-MM-DD`). */
  from?: string;
  to?: string;
}

export interface AuditRow {
  id: number;
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
  actorId: number | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
}

function conditions(filters: AuditFilters): SQL | undefined {
  const { actor, action, subjectType, subjectId, from, to } = filters;
  return and(
    actor === 'system'
      ? isNull(auditEvents.actorId)
      : actor !== undefined
        ? eq(auditEvents.actorId, actor)
        : undefined,
    action ? sql`starts_with(${auditEvents.action}, ${action})` : undefined,
    subjectType ? eq(auditEvents.subjectType, subjectType) : undefined,
    subjectId ? eq(auditEvents.subjectId, subjectId) : undefined,
    from
      ? sql`${auditEvents.createdAt} >= ((${from}::date)::timestamp AT TIME ZONE ${TIME_ZONE})`
      : undefined,
    to
      ? sql`${auditEvents.createdAt} < ((${to}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE})`
      : undefined,
  );
}

/** One page of the events, newest first, with their actors (one query), and how many match. */
export async function listAuditEvents(
  db: DbOrTx,
  filters: AuditFilters,
  page: PageRequest,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = conditions(filters);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: auditEvents.id,
        action: auditEvents.action,
        subjectType: auditEvents.subjectType,
        subjectId: auditEvents.subjectId,
        data: auditEvents.data,
        createdAt: auditEvents.createdAt,
        actorId: auditEvents.actorId,
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(page.perPage)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(where),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

export interface PersonRow {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
}

const personColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
};

export async function findPeople(db: DbOrTx, ids: number[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db.select(personColumns).from(users).where(inArray(users.id, ids));
}

/** The moderators and admins, by name: the actors the filter offers. */
export async function teamPeople(db: DbOrTx): Promise<PersonRow[]> {
  return db
    .select(personColumns)
    .from(users)
    .where(inArray(users.role, ['moderator', 'admin']))
    .orderBy(
      asc(unaccentLower(users.lastname)),
      asc(unaccentLower(users.firstname)),
      asc(users.id),
    );
}

/** The submitted types by their audit subject type ('post', 'contact'…). */
export const SUBJECTS_BY_TYPE = new Map<string, ModerationSubject>(
  Object.values(MODERATION_SUBJECTS).map((subject) => [subject.subjectType, subject]),
);

/** The current titles of items of one submitted type (one query), by id. */
export async function titlesOf(
  db: DbOrTx,
  subject: ModerationSubject,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT id, ${sql.identifier(subject.titleColumn)}::text AS title
    FROM ${sql.identifier(subject.table)}
    WHERE id = ANY(${sql.param(ids)}::int[])`);
  const rows = (result as unknown as { rows: { id: number; title: string | null }[] }).rows;
  return new Map(rows.map((row) => [Number(row.id), row.title ?? '']));
}
