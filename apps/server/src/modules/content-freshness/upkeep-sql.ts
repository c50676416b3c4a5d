import { sql, type SQL } from 'drizzle-orm';
import type { RetentionType } from '@ad/contract/account/upkeep';
import type { Config } from '../../env.ts';
import { nextParisMidnight } from '../../platform/paris-time.ts';
import { subjectOf } from '../moderation/moderation-subjects.ts';

/**
 * The dates the freshness check and the retention run from, as SQL over an item aliased `t`.
 *
 * - The **reference date** of an item is its last publication: `published_at` (first
 *   publication), or `moderated_at` when later (the team's last decision: publishing an approved
 *   edit, or unpublishing), and for an initiative its owner's last confirmation (`confirmed_at`,
 *   set by the freshness link). A republication or a confirmation therefore restarts both
 *   clocks, with nothing to reset: a freshness request or a retention warning older than the
 *   reference date belongs to a finished cycle.
 * - Freshness (initiatives, published): asked when the reference date is FRESHNESS_INTERVAL_DAYS
 *   old, reminded FRESHNESS_REMINDER_DAYS after the request, flagged FRESHNESS_REMINDER_DAYS after
 *   the reminder.
 * - Retention (items ever published, without a decision waiting for the team): warned
 *   RETENTION_WARNING_DAYS before the reference date is RETENTION_YEARS old, removed on the day
 *   it is (Paris time), and never before the Paris day RETENTION_WARNING_DAYS after the warning.
 * - Every step is due on a Paris day, whatever the hour of the daily run (`endOfDay`).
 */

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

export const days = (count: number): SQL => sql`make_interval(days => ${count}::int)`;

export function referenceAt(type: RetentionType): SQL {
  return type === 'initiatives'
    ? sql`GREATEST(t.published_at, t.moderated_at, t.confirmed_at)`
    : sql`GREATEST(t.published_at, t.moderated_at)`;
}

/** The item's title (or name), as text. */
export const itemTitle = (type: RetentionType): SQL =>
  sql`t.${sql.identifier(subjectOf(type).titleColumn)}::text`;

/** The owner can be written to: an account that still exists and is not deactivated. */
export const ownerReachable = sql`u.id IS NOT NULL AND u.deactivated_at IS NULL`;

// ——— freshness ———

type FreshnessConfig = Pick<Config, 'FRESHNESS_INTERVAL_DAYS' | 'FRESHNESS_REMINDER_DAYS'>;

/**
 * The end of `now`'s day in Paris: the daily runs act on days, whatever the hour they start (a run
 * a few seconds earlier in the day than the one before would otherwise find nothing due, and act a
 * day late).
 */
export const endOfDay = (now: Date): SQL => at(nextParisMidnight(now));

/** Published initiatives whose reference date is old enough and which were not asked since. */
export function requestDue(config: FreshnessConfig, now: Date): SQL {
  const ref = referenceAt('initiatives');
  return sql`t.moderation_status = 'published'
    AND ${ref} < ${endOfDay(now)} - ${days(config.FRESHNESS_INTERVAL_DAYS)}
    AND (t.freshness_requested_at IS NULL OR t.freshness_requested_at < ${ref})`;
}

/** Asked in the current cycle, long enough ago, and not reminded since. */
export function reminderDue(config: FreshnessConfig, now: Date): SQL {
  return sql`t.moderation_status = 'published'
    AND t.freshness_requested_at >= ${referenceAt('initiatives')}
    AND t.freshness_requested_at < ${endOfDay(now)} - ${days(config.FRESHNESS_REMINDER_DAYS)}
    AND (t.freshness_reminded_at IS NULL OR t.freshness_reminded_at < t.freshness_requested_at)`;
}

/** Reminded in the current cycle and still unconfirmed once the reminder period is over. */
export function unanswered(config: FreshnessConfig, now: Date): SQL {
  return sql`t.moderation_status = 'published'
    AND t.freshness_requested_at >= ${referenceAt('initiatives')}
    AND t.freshness_reminded_at >= t.freshness_requested_at
    AND t.freshness_reminded_at < ${endOfDay(now)} - ${days(config.FRESHNESS_REMINDER_DAYS)}`;
}

// ——— retention ———

type RetentionConfig = Pick<Config, 'RETENTION_YEARS' | 'RETENTION_WARNING_DAYS'>;

/**
 * Items the retention applies to: published at least once, and with no decision of the team
 * waiting (a pending item or a pending edit: publishing it would restart the clock).
 */
export function retained(type: RetentionType): SQL {
  return sql`t.published_at IS NOT NULL AND t.moderation_status <> 'pending'
    AND NOT EXISTS (SELECT 1 FROM revisions r WHERE r.subject_type = ${subjectOf(type).subjectType}
      AND r.subject_id = t.id AND r.status = 'pending')`;
}

/** When the retention period of the item ends. */
export function retentionEnd(type: RetentionType, config: RetentionConfig): SQL {
  return sql`(${referenceAt(type)} + make_interval(years => ${config.RETENTION_YEARS}::int))`;
}

/**
 * Whether the retention period may end by `limit`: the reference date at most RETENTION_YEARS
 * before it (a day's margin for the calendar's 29 February). Implied by the exact conditions it
 * goes with; written on the reference date alone so that its index (`*_retention_reference_idx`)
 * leaves out the recent items without reading them.
 */
export function periodMayEndBy(type: RetentionType, config: RetentionConfig, limit: SQL): SQL {
  return sql`${referenceAt(type)} <= ${limit} - make_interval(years => ${config.RETENTION_YEARS}::int) + interval '1 day'`;
}

/** The owner was warned in the current cycle. */
export const warnedInCycle = (type: RetentionType): SQL =>
  sql`t.retention_warned_at >= ${referenceAt(type)}`;

/** Not warned in the current cycle, and the day of the warning (Paris time) has come. */
export function warningDue(type: RetentionType, config: RetentionConfig, now: Date): SQL {
  const dayEnd = endOfDay(now);
  return sql`${periodMayEndBy(type, config, sql`${dayEnd} + ${days(config.RETENTION_WARNING_DAYS)}`)}
    AND ${retained(type)}
    AND ${retentionEnd(type, config)} - ${days(config.RETENTION_WARNING_DAYS)} < ${dayEnd}
    AND (t.retention_warned_at IS NULL OR NOT ${warnedInCycle(type)})`;
}

/**
 * Warned in the current cycle, and the day the warning announced (the Paris day of `removalAt`)
 * has come: the daily run removes the item on that day whatever the hour of either run. Compared
 * to the instant, an item warned at 04:10:05 was not due at the run of 04:10:00 thirty days
 * later (nor an hour earlier in UTC after the clocks changed), and went a day after the date
 * the owner was given.
 */
export function removalDue(type: RetentionType, config: RetentionConfig, now: Date): SQL {
  const dayEnd = endOfDay(now);
  return sql`${periodMayEndBy(type, config, dayEnd)}
    AND ${retained(type)}
    AND ${warnedInCycle(type)}
    AND ${removalAt(type, config, now)} < ${dayEnd}`;
}

/**
 * The earliest day the item goes: the end of its period, but never before a full warning period
 * after the warning (sent now when it has not been yet).
 */
export function removalAt(type: RetentionType, config: RetentionConfig, now: Date): SQL {
  return sql`GREATEST(${retentionEnd(type, config)},
    (CASE WHEN ${warnedInCycle(type)} THEN t.retention_warned_at ELSE ${at(now)} END)
      + ${days(config.RETENTION_WARNING_DAYS)})`;
}
