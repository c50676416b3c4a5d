import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema/contact-us.ts';

const byEmail = (email: string) =>
  eq(sql`lower(${newsletterSubscribers.email})`, email.trim().toLowerCase());

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  updatedAt: newsletterSubscribers.updatedAt,
};

/**
 * A sign-up: a new pending row, or an existing row that is not subscribed (pending or
 * unsubscribed) set back to pending with a new token. Null when the address is already
 * subscribed (nothing changes). One statement each, so that two sign-ups at once cannot make a
 * duplicate (unique index on lower(email)).
 */
export async function upsertPendingSubscriber(
  db: DbOrTx,
  values: { email: string; tokenHash: string; ip: string | null; now: Date },
) {
  const [inserted] = await db
    .insert(newsletterSubscribers)
    .values({
      email: values.email,
      status: 'pending',
      token: values.tokenHash,
      ip: values.ip,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning(subscriberColumns);
  if (inserted) return inserted;
  const [updated] = await db
    .update(newsletterSubscribers)
    .set({ status: 'pending', token: values.tokenHash, ip: values.ip, updatedAt: values.now })
    .where(and(byEmail(values.email), ne(newsletterSubscribers.status, 'subscribed')))
    .returning(subscriberColumns);
  return updated ?? null;
}

/**
 * A pending subscriber's new confirmation token (the link's lifetime counts from the subscription,
 * `updated_at`, which stays); null when the address is no longer pending.
 */
export async function renewPendingToken(db: DbOrTx, id: number, tokenHash: string) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ token: tokenHash })
    .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.status, 'pending')))
    .returning(subscriberColumns);
  return row ?? null;
}

export async function findSubscriberByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select(subscriberColumns)
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.token, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Pending -> subscribed; the row, or null when it was not pending any more. */
export async function markSubscribed(db: DbOrTx, id: number, now: Date) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'subscribed', confirmedAt: now, unsubscribedAt: null, updatedAt: now })
    .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.status, 'pending')))
    .returning(subscriberColumns);
  return row ?? null;
}

/** True when the row exists (whatever its status was). */
export async function markUnsubscribed(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(newsletterSubscribers.id, id))
    .returning({ id: newsletterSubscribers.id });
  return !!row;
}

export async function listConfirmedSubscribers(db: DbOrTx) {
  return db
    .select({ email: newsletterSubscribers.email, confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'subscribed'))
    .orderBy(asc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.id));
}
