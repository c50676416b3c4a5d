import { and, asc, count, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { jsonList } from '../../db/json-list.ts';
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
      ...contactRelationLists(contacts.id),
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

/** A contact's id and its relation lists (contactRelationLists()). */
export type ContactRelationRow = Awaited<ReturnType<typeof listContactRelations>>[number];

/** The published items of a contact, by title. */
const publishedItemsOf = (
  table: typeof initiatives | typeof foodProcedures,
  contactId: AnyPgColumn,
) =>
  jsonList<{ id: number; title: string }>(
    sql`json_build_object('id', ci.id, 'title', ci.title)`,
    sql`FROM ${table} ci WHERE ci.contact_id = ${contactId} AND ci.moderation_status = 'published'`,
    sql`ci.title, ci.id`,
  );

/**
 * The thematics, published initiatives and published food procedures of the contact whose id is
 * `contactId` (spec public-site §3 'Contact'), as three JSON lists to select with its row: empty
 * when `contactId` is null.
 */
export const contactRelationLists = (contactId: AnyPgColumn) => ({
  relationThematics: jsonList<{ name: string; color: string; class: string }>(
    sql`json_build_object('name', th.name, 'color', th.color, 'class', th.class)`,
    sql`FROM ${contactThematics} ct JOIN ${thematics} th ON th.id = ct.thematic_id
      WHERE ct.contact_id = ${contactId}`,
    sql`th.position, th.id`,
  ),
  relationInitiatives: publishedItemsOf(initiatives, contactId),
  relationFoodProcedures: publishedItemsOf(foodProcedures, contactId),
});

/** The relation lists of some contacts (published or not), in one query. */
export function listContactRelations(db: AppDatabase, contactIds: number[]) {
  return db
    .select({ id: contacts.id, ...contactRelationLists(contacts.id) })
    .from(contacts)
    .where(inArray(contacts.id, contactIds));
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
