import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const departements = pgTable('departements', {
  /** INSEE code, e.g. '33', '2A'. */
  code: varchar('code', { length: 3 }).primaryKey(),
  name: text('name').notNull(),
});

/** EPCI (établissements publics de coopération intercommunale), keyed by SIREN. */
export const communitiesOfCommunes = pgTable(
  'communities_of_communes',
  {
    code: varchar('code', { length: 9 }).primaryKey(),
    name: text('name').notNull(),
    /** All départements of its member communes (may reach outside the region). */
    departementCodes: text('departement_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('communities_of_communes_name_trgm_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.name})) gin_trgm_ops`,
    ),
    index('communities_of_communes_departement_codes_idx').using('gin', t.departementCodes),
  ],
);

export const communes = pgTable(
  'communes',
  {
    inseeCode: varchar('insee_code', { length: 5 }).primaryKey(),
    name: text('name').notNull(),
    /** e.g. "Bordeaux (33)". */
    nameFormatted: text('name_formatted').notNull(),
    postcodes: text('postcodes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    departementCode: varchar('departement_code', { length: 3 })
      .notNull()
      .references((): AnyPgColumn => departements.code, { onDelete: 'restrict' }),
    epciCode: varchar('epci_code', { length: 9 }).references(
      (): AnyPgColumn => communitiesOfCommunes.code,
      { onDelete: 'set null' },
    ),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    population: integer('population'),
  },
  (t) => [
    index('communes_departement_code_idx').on(t.departementCode),
    index('communes_epci_code_idx').on(t.epciCode),
    index('communes_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
    index('communes_postcodes_idx').using('gin', t.postcodes),
  ],
);
