import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contacts } from '../../db/schema/contacts.ts';
import { users } from '../../db/schema/users.ts';

/** A published contact (institution), with what the "contact the referent" form needs. */
export async function findPublishedContact(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: contacts.id,
      societyName: contacts.societyName,
      societyEmail: contacts.societyEmail,
      sendAlsoToPersonalEmail: contacts.sendAlsoToPersonalEmail,
    })
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.moderationStatus, 'published')))
    .limit(1);
  return row ?? null;
}

/**
 * The verified personal addresses of the active members of an institution (users.contact_id): a
 * deactivated account (someone who left) no longer receives the visitors' messages.
 */
export async function memberEmails(db: DbOrTx, contactId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.contactId, contactId),
        isNotNull(users.emailVerifiedAt),
        isNull(users.deactivatedAt),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.email);
}
