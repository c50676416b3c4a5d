import { sql } from 'drizzle-orm';
import { index, integer, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';
import { moderationStatusEnum, timestamps } from './common.ts';
import { users } from './users.ts';

/**
 * Columns shared by every member-submitted type (initiatives, food procedures, posts, events,
 * resources, contacts): owner, moderation state and timestamps. Pending edits of a published
 * item live in `revisions` until approved.
 */
// A function declaration (hoisted) because contacts.ts <-> users.ts form an import cycle.
export function lifecycleColumns() {
  return {
    moderationStatus: moderationStatusEnum('moderation_status').notNull().default('pending'),
    /** Owner (the member who submitted it). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    /** Reason given to the member when the item is rejected. */
    moderationComment: text('moderation_comment'),
    /** When the owner was warned that the item reaches the end of its retention period. */
    retentionWarnedAt: timestamp('retention_warned_at', { withTimezone: true }),
  };
}

/**
 * The retention's reference date (content-freshness/upkeep-sql.ts `referenceAt`: the last
 * publication, and an initiative's last confirmation), indexed: the team's list of the coming
 * removals and the daily retention run read only the items old enough, not every item.
 */
export function retentionReferenceIndex(
  name: string,
  t: { publishedAt: PgColumn; moderatedAt: PgColumn },
  confirmedAt?: PgColumn,
) {
  return index(name).on(
    confirmedAt
      ? sql`GREATEST(${t.publishedAt}, ${t.moderatedAt}, ${confirmedAt})`
      : sql`GREATEST(${t.publishedAt}, ${t.moderatedAt})`,
  );
}
