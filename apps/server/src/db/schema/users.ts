import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { CIVILITIES, ROLES } from '@ad/contract';
import { timestamps } from './common.ts';
import { contacts } from './contacts.ts';

export const civilityEnum = pgEnum('civility', CIVILITIES);
export const userRoleEnum = pgEnum('user_role', ROLES);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    civility: civilityEnum('civility'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /** Stored as typed; uniqueness is case-insensitive (index on lower(email)). */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    job: text('job'),
    role: userRoleEnum('role').notNull().default('member'),
    /** The member's institution ("Ma structure"). */
    contactId: integer('contact_id').references((): AnyPgColumn => contacts.id, {
      onDelete: 'set null',
    }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * A new address the member asked for in « Informations personnelles »: it replaces `email`
     * once the link sent to it is opened (the old address is told of the request).
     */
    pendingEmail: text('pending_email'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Set by an admin: the account can no longer sign in (its sessions are removed). */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_contact_id_idx').on(t.contactId),
    index('users_role_idx').on(t.role),
    // The team's list of accounts, newest or last signed in first (team-users.queries.ts).
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_last_login_at_idx').on(t.lastLoginAt.desc().nullsLast(), t.id.desc().nullsFirst()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    /** Null for an anonymous session (it still carries a CSRF token). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** 'Se souvenir de moi': the longer idle lifetime (SESSION_REMEMBER_DAYS). */
    remember: boolean('remember').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);
