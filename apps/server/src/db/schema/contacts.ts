import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tsvector, weightedTsvector } from './common.ts';
import { files } from './files.ts';
import { departements } from './geo.ts';
import { lifecycleColumns } from './lifecycle.ts';
import { contactTypes, thematics } from './taxonomy.ts';

/** Institutions ("structures"): the directory entries and the members' "Ma structure". */
export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    typeId: integer('type_id').references((): AnyPgColumn => contactTypes.id, {
      onDelete: 'set null',
    }),
    societyName: text('society_name').notNull(),
    societyEmail: text('society_email'),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    postcode: varchar('postcode', { length: 10 }),
    city: text('city'),
    departementCode: varchar('departement_code', { length: 3 }).references(
      (): AnyPgColumn => departements.code,
      { onDelete: 'set null' },
    ),
    phone: text('phone'),
    websiteUrl: text('website_url'),
    imageFileId: integer('image_file_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    displayInDirectory: boolean('display_in_directory').notNull().default(false),
    sendAlsoToPersonalEmail: boolean('send_also_to_personal_email').notNull().default(false),
    ...lifecycleColumns(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      weightedTsvector([
        ['A', ['society_name']],
        ['B', ['city']],
      ]),
    ),
  },
  (t) => [
    index('contacts_type_id_idx').on(t.typeId),
    index('contacts_departement_code_idx').on(t.departementCode),
    index('contacts_image_file_id_idx').on(t.imageFileId),
    index('contacts_user_id_idx').on(t.userId),
    index('contacts_moderated_by_idx').on(t.moderatedBy),
    index('contacts_moderation_status_idx').on(t.moderationStatus),
    index('contacts_search_vector_idx').using('gin', t.searchVector),
    // The directory's order (GET /api/contacts), among the contacts it shows.
    index('contacts_directory_name_idx')
      .on(sql`f_unaccent(lower(${t.societyName}))`, t.id)
      .where(sql`${t.moderationStatus} = 'published' AND ${t.displayInDirectory}`),
    index('contacts_society_name_trgm_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.societyName})) gin_trgm_ops`,
    ),
  ],
);

export const contactThematics = pgTable(
  'contact_thematics',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    thematicId: integer('thematic_id')
      .notNull()
      .references(() => thematics.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.thematicId] }),
    index('contact_thematics_thematic_id_idx').on(t.thematicId),
  ],
);
