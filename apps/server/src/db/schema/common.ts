import { sql, type SQL } from 'drizzle-orm';
import { customType, pgEnum, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MODERATION_STATUSES } from '@ad/contract';

/** Name of the French, accent-insensitive text search configuration (created in migration 0000). */
export const FTS_CONFIG = 'fr_unaccent';

/**
 * `f_unaccent(text)` is an IMMUTABLE wrapper around unaccent() created in migration 0000, so it
 * can be used in indexes. `unaccentLower(x)` matches the expression of the trigram indexes:
 * `WHERE ${unaccentLower(t.title)} LIKE ${unaccentLower(pattern)}` or the similarity operator `%`.
 */
export const unaccentLower = (value: SQL | AnyPgColumn | string): SQL =>
  sql`f_unaccent(lower(${value}))`;

/** Full-text query against a `search_vector` column, accent-insensitive, web-search syntax. */
export const ftsQuery = (q: string): SQL => sql`websearch_to_tsquery('fr_unaccent', ${q})`;

export const tsvector = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** Builds the generated-column expression `setweight(to_tsvector(...), 'A') || ...`. */
export const weightedTsvector = (
  parts: ReadonlyArray<readonly [weight: 'A' | 'B' | 'C' | 'D', columns: readonly string[]]>,
): SQL => {
  const pieces = parts.map(([weight, columns]) => {
    const joined = columns.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `);
    return `setweight(to_tsvector('fr_unaccent'::regconfig, ${joined}), '${weight}')`;
  });
  return sql.raw(pieces.join(' || '));
};

export const moderationStatusEnum = pgEnum('moderation_status', MODERATION_STATUSES);

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
