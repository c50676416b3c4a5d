import {
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Single-use links sent by e-mail: address verification, password reset, address change. */
export const userTokenPurposeEnum = pgEnum('user_token_purpose', [
  'email_verification',
  'password_reset',
  'email_change',
]);

export const userTokens = pgTable(
  'user_tokens',
  {
    /** sha256 (hex) of the token in the link; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    purpose: userTokenPurposeEnum('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('user_tokens_user_id_idx').on(t.userId, t.purpose),
    index('user_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/** Fixed-window rate-limit counters shared by every instance (without REDIS_URL). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);

/** Captcha solutions already accepted: each one is usable once, until it expires. */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    /** sha256 (hex) of the solution's signature. */
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_solutions_expires_at_idx').on(t.expiresAt)],
);
