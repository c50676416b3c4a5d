import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ModerationStatus } from '@ad/contract';
import type { DbOrTx } from '../../db/client.ts';
import { errorReports, foodProcedures, initiatives } from '../../db/schema/index.ts';
import type { PageRequest } from '../../platform/pagination.ts';

/** `error_reports.subject_type`. */
export type ErrorReportSubject = (typeof errorReports.subjectType.enumValues)[number];

const tableOf = (subject: ErrorReportSubject) =>
  subject === 'initiative' ? initiatives : foodProcedures;

/** The title of a published initiative or procedure; null when missing or not published. */
export async function findPublishedTitle(
  db: DbOrTx,
  subject: ErrorReportSubject,
  id: number,
): Promise<string | null> {
  const table = tableOf(subject);
  const [row] = await db
    .select({ title: table.title })
    .from(table)
    .where(and(eq(table.id, id), eq(table.moderationStatus, 'published')));
  return row?.title ?? null;
}

export async function insertErrorReport(
  db: DbOrTx,
  values: typeof errorReports.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(errorReports).values(values).returning({ id: errorReports.id });
  return row!.id;
}

export interface OpenReportFilter {
  subject?: ErrorReportSubject;
  subjectId?: number;
}

function openWhere(filter: OpenReportFilter): SQL | undefined {
  return and(
    isNull(errorReports.resolvedAt),
    filter.subject ? eq(errorReports.subjectType, filter.subject) : undefined,
    filter.subjectId !== undefined ? eq(errorReports.subjectId, filter.subjectId) : undefined,
  );
}

export interface OpenReportRow {
  id: number;
  subjectType: ErrorReportSubject;
  subjectId: number;
  email: string | null;
  message: string;
  createdAt: Date;
  /** null: the item was deleted. */
  title: string | null;
  moderationStatus: ModerationStatus | null;
  /** Open reports of the same item. */
  itemOpenReports: number;
}

/**
 * Open reports, newest first, with their item's current title and status (one query: the items
 * are joined, the per-item counts are a window over the open reports of the filter).
 */
export async function listOpenReports(
  db: DbOrTx,
  filter: OpenReportFilter,
  request: PageRequest,
): Promise<{ rows: OpenReportRow[]; total: number }> {
  const where = openWhere(filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: errorReports.id,
        subjectType: errorReports.subjectType,
        subjectId: errorReports.subjectId,
        email: errorReports.email,
        message: errorReports.message,
        createdAt: errorReports.createdAt,
        title: sql<string | null>`coalesce(${initiatives.title}, ${foodProcedures.title})`,
        moderationStatus: sql<ModerationStatus | null>`coalesce(${initiatives.moderationStatus}, ${foodProcedures.moderationStatus})::text`,
        itemOpenReports:
          sql<number>`count(*) over (partition by ${errorReports.subjectType}, ${errorReports.subjectId})`.mapWith(
            Number,
          ),
      })
      .from(errorReports)
      .leftJoin(
        initiatives,
        and(eq(errorReports.subjectType, 'initiative'), eq(initiatives.id, errorReports.subjectId)),
      )
      .leftJoin(
        foodProcedures,
        and(
          eq(errorReports.subjectType, 'food_procedure'),
          eq(foodProcedures.id, errorReports.subjectId),
        ),
      )
      .where(where)
      .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ total: count() }).from(errorReports).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The report, locked until the end of the transaction. */
export async function lockReport(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: errorReports.id,
      subjectType: errorReports.subjectType,
      subjectId: errorReports.subjectId,
      resolvedAt: errorReports.resolvedAt,
    })
    .from(errorReports)
    .where(eq(errorReports.id, id))
    .for('update');
  return row ?? null;
}

export async function markResolved(db: DbOrTx, id: number, by: number, at: Date): Promise<void> {
  await db
    .update(errorReports)
    .set({ resolvedAt: at, resolvedBy: by })
    .where(and(eq(errorReports.id, id), isNull(errorReports.resolvedAt)));
}

/** The current title of a reported item, whatever its status; null when deleted. */
export async function findTitle(
  db: DbOrTx,
  subject: ErrorReportSubject,
  id: number,
): Promise<string | null> {
  const table = tableOf(subject);
  const [row] = await db.select({ title: table.title }).from(table).where(eq(table.id, id));
  return row?.title ?? null;
}
