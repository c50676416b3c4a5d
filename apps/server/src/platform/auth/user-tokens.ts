import { and, eq, gt, isNull } from 'drizzle-orm';
import { userTokens } from '../../db/schema/platform.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDatabase, Clock } from '../database.ts';
import { randomToken, sha256Hex } from './tokens.ts';

export type UserTokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

/** How long the links sent by e-mail stay valid. */
export const TOKEN_LIFETIME_MS: Record<UserTokenPurpose, number> = {
  email_verification: 7 * 86_400_000,
  password_reset: 60 * 60_000,
  email_change: 86_400_000,
};

/** Voids the user's unused links of a purpose (inside the caller's transaction). */
export async function voidUnusedTokens(
  tx: DbOrTx,
  userId: number,
  purpose: UserTokenPurpose,
  now: Date = new Date(),
): Promise<void> {
  await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
}

/**
 * Single-use links (address verification, password reset). Only the token's SHA-256 is stored,
 * so a copy of the database gives no usable link.
 */
export function createUserTokens(deps: { db: AppDatabase; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** A new token for the user; the earlier unused ones of the same purpose stop working. */
    async issue(userId: number, purpose: UserTokenPurpose): Promise<string> {
      const token = randomToken();
      const now = clock();
      await db.transaction(async (tx) => {
        await voidUnusedTokens(tx, userId, purpose, now);
        await tx.insert(userTokens).values({
          id: sha256Hex(token),
          userId,
          purpose,
          createdAt: now,
          expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
        });
      });
      return token;
    },

    /** The user id of a valid token, marking it used (once only); null when unknown, used or expired. */
    async consume(token: string, purpose: UserTokenPurpose): Promise<number | null> {
      if (!token || token.length > 200) return null;
      const now = clock();
      const rows = await db
        .update(userTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(userTokens.id, sha256Hex(token)),
            eq(userTokens.purpose, purpose),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, now),
          ),
        )
        .returning({ userId: userTokens.userId });
      return rows[0]?.userId ?? null;
    },

    /** The user of a token, used or not, expired or not (null when unknown). */
    async ownerOf(token: string, purpose: UserTokenPurpose): Promise<number | null> {
      if (!token || token.length > 200) return null;
      const rows = await db
        .select({ userId: userTokens.userId })
        .from(userTokens)
        .where(and(eq(userTokens.id, sha256Hex(token)), eq(userTokens.purpose, purpose)))
        .limit(1);
      return rows[0]?.userId ?? null;
    },
  };
}

export type UserTokens = ReturnType<typeof createUserTokens>;
