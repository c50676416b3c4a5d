import { sql } from 'drizzle-orm';
import { MODERATION_TYPE_LABELS, type ModerationPerson } from '@ad/contract/account/moderation';
import {
  RETENTION_TYPES,
  UPKEEP_FRESHNESS_API_PATH,
  UPKEEP_RETENTION_API_PATH,
  type FreshnessFlag,
  type FreshnessFlagReason,
  type FreshnessFlags,
  type RetentionEntry,
  type RetentionSchedule,
  type RetentionType,
} from '@ad/contract/account/upkeep';
import type { DbOrTx } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { pageLink, pageRequest, paginate } from '../../platform/pagination.ts';
import { personName } from '../moderation/moderation-queue.ts';
import { subjectOf } from '../moderation/moderation-subjects.ts';
import {
  at,
  days,
  endOfDay,
  ownerReachable,
  periodMayEndBy,
  referenceAt,
  removalAt,
  retained,
  rowsOf,
  unanswered,
} from './upkeep-sql.ts';

export const UPKEEP_PER_PAGE = 20;
/** « Prochaines suppressions » lists the removals of the next this many days. */
export const RETENTION_HORIZON_DAYS = 90;

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

interface OwnerColumns {
  user_id: number | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
}

const ownerOf = (row: OwnerColumns): ModerationPerson | null =>
  row.user_id === null
    ? null
    : {
        id: Number(row.user_id),
        name: personName(row.firstname, row.lastname),
        email: row.email ?? '',
      };

/**
 * `GET /api/moderation/freshness`: published initiatives nobody confirmed — reminded and still
 * unanswered after the reminder period, or due for the question with no owner to ask (no
 * account, or a deactivated one) — the unanswered ones first, then by reference date; `reason`
 * keeps one kind. The counts of both kinds come with every page.
 */
export async function freshnessFlags(
  db: DbOrTx,
  config: Config,
  now: Date,
  filters: { page: number; reason?: FreshnessFlagReason },
): Promise<FreshnessFlags> {
  const request = pageRequest(filters.page, UPKEEP_PER_PAGE);
  const ref = referenceAt('initiatives');
  const noAnswer = unanswered(config, now);
  const noOwner = sql`t.moderation_status = 'published' AND NOT (${ownerReachable})
    AND ${ref} < ${endOfDay(now)} - ${days(config.FRESHNESS_INTERVAL_DAYS)}`;
  const from = sql`FROM initiatives t LEFT JOIN users u ON u.id = t.user_id`;
  const where =
    filters.reason === 'no_answer'
      ? noAnswer
      : filters.reason === 'no_owner'
        ? noOwner
        : sql`(${noAnswer}) OR (${noOwner})`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      SELECT t.id, t.title, t.user_id, u.firstname, u.lastname, u.email, d.name AS departement,
        t.freshness_requested_at, t.freshness_reminded_at, ${ref} AS reference_at,
        CASE WHEN ${noAnswer} THEN 'no_answer' ELSE 'no_owner' END AS reason
      ${from} LEFT JOIN departements d ON d.code = t.departement_code
      WHERE ${where}
      ORDER BY reason, reference_at, t.id
      LIMIT ${request.perPage} OFFSET ${request.offset}`),
    db.execute(sql`
      SELECT count(*) FILTER (WHERE ${noAnswer})::int AS no_answer,
        count(*) FILTER (WHERE ${noOwner})::int AS no_owner
      ${from} WHERE (${noAnswer}) OR (${noOwner})`),
  ]);
  const data = rowsOf<
    OwnerColumns & {
      id: number;
      title: string;
      departement: string | null;
      freshness_requested_at: string | Date | null;
      freshness_reminded_at: string | Date | null;
      reference_at: string | Date;
      reason: FreshnessFlagReason;
    }
  >(rows).map((row): FreshnessFlag => ({
    id: Number(row.id),
    title: row.title,
    owner: ownerOf(row),
    departement: row.departement,
    reason: row.reason,
    reference_at: iso(row.reference_at),
    requested_at: isoOrNull(row.freshness_requested_at),
    reminded_at: isoOrNull(row.freshness_reminded_at),
  }));
  const counts = rowsOf<Record<FreshnessFlagReason, number>>(counted)[0] ?? {
    no_answer: 0,
    no_owner: 0,
  };
  const total = filters.reason ? counts[filters.reason] : counts.no_answer + counts.no_owner;
  return {
    ...paginate(
      data,
      total,
      request,
      pageLink(UPKEEP_FRESHNESS_API_PATH, { reason: filters.reason }),
    ),
    counts,
    interval_days: config.FRESHNESS_INTERVAL_DAYS,
    reminder_days: config.FRESHNESS_REMINDER_DAYS,
  };
}

/**
 * `GET /api/moderation/retention`: what the retention job removes in the next
 * RETENTION_HORIZON_DAYS, soonest first, with the date of each removal.
 */
export async function retentionSchedule(
  db: DbOrTx,
  config: Config,
  now: Date,
  page: number,
): Promise<RetentionSchedule> {
  const request = pageRequest(page, UPKEEP_PER_PAGE);
  const horizon = sql`${at(now)} + ${days(RETENTION_HORIZON_DAYS)}`;
  const branches = RETENTION_TYPES.map((type) => {
    const subject = subjectOf(type);
    return sql`
      SELECT * FROM (
        SELECT ${sql.raw(`'${type}'`)}::text AS type, t.id,
          t.${sql.identifier(subject.titleColumn)}::text AS title, t.user_id,
          ${referenceAt(type)} AS reference_at,
          CASE WHEN t.retention_warned_at >= ${referenceAt(type)} THEN t.retention_warned_at END
            AS warned_at,
          ${removalAt(type, config, now)} AS removal_at
        FROM ${sql.identifier(subject.table)} t
        WHERE ${periodMayEndBy(type, config, horizon)} AND ${retained(type)}
      ) x WHERE x.removal_at <= ${horizon}`;
  });
  const union = sql`(${sql.join(branches, sql` UNION ALL `)}) q`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      SELECT q.*, u.firstname, u.lastname, u.email
      FROM ${union} LEFT JOIN users u ON u.id = q.user_id
      ORDER BY q.removal_at, q.type, q.id
      LIMIT ${request.perPage} OFFSET ${request.offset}`),
    db.execute(sql`SELECT count(*)::int AS total FROM ${union}`),
  ]);
  const data = rowsOf<
    OwnerColumns & {
      type: RetentionType;
      id: number;
      title: string;
      reference_at: string | Date;
      warned_at: string | Date | null;
      removal_at: string | Date;
    }
  >(rows).map((row): RetentionEntry => ({
    type: row.type,
    type_label: MODERATION_TYPE_LABELS[row.type],
    id: Number(row.id),
    title: row.title,
    owner: ownerOf(row),
    reference_at: iso(row.reference_at),
    warned_at: isoOrNull(row.warned_at),
    removal_at: iso(row.removal_at),
  }));
  const total = rowsOf<{ total: number }>(counted)[0]?.total ?? 0;
  return {
    ...paginate(data, total, request, pageLink(UPKEEP_RETENTION_API_PATH, {})),
    horizon_days: RETENTION_HORIZON_DAYS,
    retention_years: config.RETENTION_YEARS,
    warning_days: config.RETENTION_WARNING_DAYS,
  };
}
