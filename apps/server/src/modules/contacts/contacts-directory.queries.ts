import { and, asc, count, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { unaccentLower } from '../../db/schema/common.ts';
import { contacts, contactThematics } from '../../db/schema/contacts.ts';
import { files } from '../../db/schema/files.ts';
import { foodProcedures } from '../../db/schema/food-procedures.ts';
import { departements } from '../../db/schema/geo.ts';
import { initiatives } from '../../db/schema/initiatives.ts';
import { contactTypes, thematics } from '../../db/schema/taxonomy.ts';
import type { AppDatabase } from '../../platform/database.ts';
import type { PageRequest } from '../../platform/pagination.ts';

/** What the directory shows: published contacts that chose to appear in it. */
const inDirectory = () =>
  and(eq(contacts.moderationStatus, 'published'), eq(contacts.displayInDirectory, true));

export interface DirectoryFilters {
  /** contact_types ids. */
  types: number[];
  /** Département codes. */
  locations: string[];
}

function directoryWhere(filters: DirectoryFilters): SQL | undefined {
  return and(
    inDirectory(),
    filters.types.length ? inArray(contacts.typeId, filters.types) : undefined,
    filters.locations.length ? inArray(contacts.departementCode, filters.locations) : undefined,
  );
}

/** The number of directory contacts matching the filters (same WHERE as the page). */
export async function countDirectoryContacts(db: AppDatabase, filters: DirectoryFilters) {
  const [row] = await db.select({ total: count() }).from(contacts).where(directoryWhere(filters));
  return row?.total ?? 0;
}

/**
 * One page of the directory, by society name: accents and case ignored (no French ICU collation
 * in PGlite), then id so that pages never overlap. The address of `society_email` is never read,
 * only whether there is one.
 */
export function listDirectoryContacts(
  db: AppDatabase,
  filters: DirectoryFilters,
  page: PageRequest,
) {
  return db
    .select({
      id: contacts.id,
      typeName: contactTypes.name,
      avatarStorageKey: files.storageKey,
      societyName: contacts.societyName,
      addressLine1: contacts.addressLine1,
      addressLine2: contacts.addressLine2,
      postcode: contacts.postcode,
      city: contacts.city,
      phone: contacts.phone,
      hasSocietyEmail: sql<boolean>`coalesce(btrim(${contacts.societyEmail}), '') <> ''`,
      websiteUrl: contacts.websiteUrl,
    })
    .from(contacts)
    .leftJoin(contactTypes, eq(contactTypes.id, contacts.typeId))
    .leftJoin(files, eq(files.id, contacts.imageFileId))
    .where(directoryWhere(filters))
    .orderBy(asc(unaccentLower(contacts.societyName)), asc(contacts.id))
    .limit(page.perPage)
    .offset(page.offset);
}

/**
 * The place of the contact `c` (an alias of contacts) in the directory filtered to its own type
 * and département, as the search links to it: the number of directory contacts before it in the
 * directory's order (above). A contact without type or département is not filtered on it.
 */
export const directoryPlace = (c: SQL) => sql`(SELECT count(*) FROM ${contacts} o
  WHERE o.moderation_status = 'published' AND o.display_in_directory
    AND (${c}.type_id IS NULL OR o.type_id = ${c}.type_id)
    AND (${c}.departement_code IS NULL OR o.departement_code = ${c}.departement_code)
    AND (${unaccentLower(sql`o.society_name`)}, o.id)
      < (${unaccentLower(sql`${c}.society_name`)}, ${c}.id))`;

export type DirectoryContactRow = Awaited<ReturnType<typeof listDirectoryContacts>>[number];

/** The thematics of the contacts of a page, in the themes' order (one query for the page). */
export function thematicsOfContacts(db: AppDatabase, contactIds: number[]) {
  return db
    .select({
      contactId: contactThematics.contactId,
      name: thematics.name,
      color: thematics.color,
      class: thematics.class,
    })
    .from(contactThematics)
    .innerJoin(thematics, eq(thematics.id, contactThematics.thematicId))
    .where(inArray(contactThematics.contactId, contactIds))
    .orderBy(asc(thematics.position), asc(thematics.id));
}

/** The published initiatives of the contacts of a page (initiatives.contact_id). */
export function initiativesOfContacts(db: AppDatabase, contactIds: number[]) {
  return db
    .select({ contactId: initiatives.contactId, id: initiatives.id, title: initiatives.title })
    .from(initiatives)
    .where(
      and(
        inArray(initiatives.contactId, contactIds),
        eq(initiatives.moderationStatus, 'published'),
      ),
    )
    .orderBy(asc(initiatives.title), asc(initiatives.id));
}

/** The published food procedures of the contacts of a page (food_procedures.contact_id). */
export function foodProceduresOfContacts(db: AppDatabase, contactIds: number[]) {
  return db
    .select({
      contactId: foodProcedures.contactId,
      id: foodProcedures.id,
      title: foodProcedures.title,
    })
    .from(foodProcedures)
    .where(
      and(
        inArray(foodProcedures.contactId, contactIds),
        eq(foodProcedures.moderationStatus, 'published'),
      ),
    )
    .orderBy(asc(foodProcedures.title), asc(foodProcedures.id));
}

/** 'Types de contact': every contact type, in the team's order. */
export function listContactTypes(db: AppDatabase) {
  return db
    .select({ id: contactTypes.id, name: contactTypes.name })
    .from(contactTypes)
    .orderBy(asc(contactTypes.position), asc(contactTypes.name), asc(contactTypes.id));
}

/** 'Localisations': the départements that have at least one contact in the directory. */
export function listDirectoryDepartements(db: AppDatabase) {
  return db
    .select({ code: departements.code, name: departements.name })
    .from(departements)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(contacts)
          .where(and(eq(contacts.departementCode, departements.code), inDirectory())),
      ),
    )
    .orderBy(asc(departements.code));
}
