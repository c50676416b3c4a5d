import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactUsAddresses, contactUsThematics } from '../../db/schema/contact-us.ts';

export async function listContactUsThematics(db: DbOrTx) {
  return db
    .select({ id: contactUsThematics.id, name: contactUsThematics.name })
    .from(contactUsThematics)
    .orderBy(asc(contactUsThematics.position), asc(contactUsThematics.id));
}

export async function listContactUsAddresses(db: DbOrTx) {
  return db
    .select({
      name: contactUsAddresses.name,
      addressLine1: contactUsAddresses.addressLine1,
      addressLine2: contactUsAddresses.addressLine2,
      postcode: contactUsAddresses.postcode,
      city: contactUsAddresses.city,
      country: contactUsAddresses.country,
      phone: contactUsAddresses.phone,
      thematicId: contactUsAddresses.thematicId,
    })
    .from(contactUsAddresses)
    .orderBy(asc(contactUsAddresses.position), asc(contactUsAddresses.id));
}

export type ContactUsAddressRow = Awaited<ReturnType<typeof listContactUsAddresses>>[number];

export async function findContactUsThematic(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: contactUsThematics.id,
      name: contactUsThematics.name,
      recipientEmail: contactUsThematics.recipientEmail,
    })
    .from(contactUsThematics)
    .where(eq(contactUsThematics.id, id))
    .limit(1);
  return row ?? null;
}
