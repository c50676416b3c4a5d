import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { PageUser, Role } from '@ad/contract';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/users.ts';
import type { AppDatabase, Clock } from '../database.ts';
import { randomToken, sha256Hex } from './tokens.ts';

export interface SessionUser {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  role: Role;
  contactId: number | null;
}

export interface ActiveSession {
  /** sha256 hex of the cookie token (primary key). */
  id: string;
  csrfToken: string;
  expiresAt: Date;
  lastSeenAt: Date;
  /** Opened with 'Se souvenir de moi': the longer lifetime. */
  remember: boolean;
  user: SessionUser;
}

/** Sliding expiry is written at most once per this interval, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function toPageUser(user: SessionUser): PageUser {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role: user.role,
    has_institution: user.contactId !== null,
  };
}

export function createSessionStore(deps: {
  db: AppDatabase;
  clock: Clock;
  lifetimeMinutes: number;
  rememberDays?: number;
}) {
  const { db, clock } = deps;
  const lifetimeMs = deps.lifetimeMinutes * 60_000;
  const rememberMs = (deps.rememberDays ?? 30) * 86_400_000;
  const lifetimeOf = (remember: boolean) => (remember ? rememberMs : lifetimeMs);

  return {
    lifetimeMs,
    lifetimeOf,

    /** The signed-in session of a cookie token, or null when unknown or expired. */
    async find(token: string): Promise<ActiveSession | null> {
      if (!token || token.length > 200) return null;
      const rows = await db
        .select({
          id: sessions.id,
          csrfToken: sessions.csrfToken,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
          remember: sessions.remember,
          userId: users.id,
          email: users.email,
          firstname: users.firstname,
          lastname: users.lastname,
          role: users.role,
          contactId: users.contactId,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        // A deactivated account's sessions are deleted; this also refuses one opened meanwhile.
        .where(
          and(
            eq(sessions.id, sha256Hex(token)),
            gt(sessions.expiresAt, clock()),
            isNull(users.deactivatedAt),
          ),
        )
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id,
        csrfToken: row.csrfToken,
        expiresAt: row.expiresAt,
        lastSeenAt: row.lastSeenAt,
        remember: row.remember,
        user: {
          id: row.userId,
          email: row.email,
          firstname: row.firstname,
          lastname: row.lastname,
          role: row.role,
          contactId: row.contactId,
        },
      };
    },

    /** A new signed-in session with a fresh id and CSRF token; returns the cookie token. */
    async create(input: {
      userId: number;
      ip: string | null;
      userAgent: string | null;
      remember?: boolean;
    }): Promise<{ token: string; id: string; csrfToken: string; expiresAt: Date }> {
      const token = randomToken();
      const now = clock();
      const row = {
        id: sha256Hex(token),
        userId: input.userId,
        csrfToken: randomToken(),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + lifetimeOf(input.remember ?? false)),
        remember: input.remember ?? false,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
      };
      await db.insert(sessions).values(row);
      return { token, id: row.id, csrfToken: row.csrfToken, expiresAt: row.expiresAt };
    },

    /** Extends the idle lifetime; returns the new expiry when it was written. */
    async touch(session: ActiveSession): Promise<Date | null> {
      const now = clock();
      if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return null;
      const expiresAt = new Date(now.getTime() + lifetimeOf(session.remember));
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt })
        .where(eq(sessions.id, session.id));
      return expiresAt;
    },

    async destroy(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /**
     * Closes every session of a user (password changed), except `keepId` when given; inside the
     * transaction `tx` that changes the password, so that one never goes without the other.
     */
    async destroyAllOfUser(userId: number, keepId?: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .delete(sessions)
        .where(
          keepId
            ? and(eq(sessions.userId, userId), ne(sessions.id, keepId))
            : eq(sessions.userId, userId),
        );
    },

    async destroyExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, clock()));
    },

    async recordLogin(userId: number): Promise<void> {
      await db.update(users).set({ lastLoginAt: clock() }).where(eq(users.id, userId));
    },

    async findUserByEmail(email: string) {
      const rows = await db
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          emailVerifiedAt: users.emailVerifiedAt,
          deactivatedAt: users.deactivatedAt,
        })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
