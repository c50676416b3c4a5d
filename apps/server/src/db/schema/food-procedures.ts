import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { tsvector, weightedTsvector } from './common.ts';
import { files } from './files.ts';
import { retentionReferenceIndex } from './lifecycle.ts';
import { communes, communitiesOfCommunes } from './geo.ts';
import { attachmentKindEnum, projectColumns } from './project-columns.ts';
import { beneficiaries, subthematics, thematics } from './taxonomy.ts';

/** Food procedures ("démarches alimentaires"), e.g. PAT (projet alimentaire territorial). */
export const foodProcedures = pgTable(
  'food_procedures',
  {
    ...projectColumns(),
    isPat: boolean('is_pat').notNull().default(false),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      weightedTsvector([
        ['A', ['title']],
        ['B', ['summary']],
        ['C', ['city', 'territory_of_realization']],
      ]),
    ),
  },
  (t) => [
    uniqueIndex('food_procedures_slug_unique').on(t.slug),
    index('food_procedures_lat_lng_idx').on(t.latitude, t.longitude),
    index('food_procedures_point_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
    index('food_procedures_moderation_status_idx').on(t.moderationStatus),
    index('food_procedures_published_lat_lng_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.moderationStatus} = 'published'`),
    index('food_procedures_project_holder_type_id_idx').on(t.projectHolderTypeId),
    index('food_procedures_area_of_influence_id_idx').on(t.areaOfInfluenceId),
    index('food_procedures_progress_status_id_idx').on(t.progressStatusId),
    index('food_procedures_departement_code_idx').on(t.departementCode),
    index('food_procedures_contact_id_idx').on(t.contactId),
    index('food_procedures_user_id_idx').on(t.userId),
    index('food_procedures_moderated_by_idx').on(t.moderatedBy),
    retentionReferenceIndex('food_procedures_retention_reference_idx', t),
    index('food_procedures_is_pat_idx').on(t.isPat),
    index('food_procedures_released_at_idx').on(t.releasedAt),
    index('food_procedures_search_vector_idx').using('gin', t.searchVector),
    index('food_procedures_title_trgm_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.title})) gin_trgm_ops`,
    ),
  ],
);

/** The procedure's thematics list (the first, by position, gives the marker colour). */
export const foodProcedureThematics = pgTable(
  'food_procedure_thematics',
  {
    foodProcedureId: integer('food_procedure_id')
      .notNull()
      .references(() => foodProcedures.id, { onDelete: 'cascade' }),
    thematicId: integer('thematic_id')
      .notNull()
      .references(() => thematics.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.foodProcedureId, t.thematicId] }),
    index('food_procedure_thematics_thematic_id_idx').on(t.thematicId),
  ],
);

/** Not in the procedure form, but the public detail and the map filters share them with initiatives. */
export const foodProcedureSubthematics = pgTable(
  'food_procedure_subthematics',
  {
    foodProcedureId: integer('food_procedure_id')
      .notNull()
      .references(() => foodProcedures.id, { onDelete: 'cascade' }),
    subthematicId: integer('subthematic_id')
      .notNull()
      .references(() => subthematics.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.foodProcedureId, t.subthematicId] }),
    index('food_procedure_subthematics_subthematic_id_idx').on(t.subthematicId),
  ],
);

export const foodProcedureBeneficiaries = pgTable(
  'food_procedure_beneficiaries',
  {
    foodProcedureId: integer('food_procedure_id')
      .notNull()
      .references(() => foodProcedures.id, { onDelete: 'cascade' }),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.foodProcedureId, t.beneficiaryId] }),
    index('food_procedure_beneficiaries_beneficiary_id_idx').on(t.beneficiaryId),
  ],
);

export const foodProcedureCommunes = pgTable(
  'food_procedure_communes',
  {
    foodProcedureId: integer('food_procedure_id')
      .notNull()
      .references(() => foodProcedures.id, { onDelete: 'cascade' }),
    communeCode: varchar('commune_code', { length: 5 })
      .notNull()
      .references(() => communes.inseeCode, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.foodProcedureId, t.communeCode] }),
    index('food_procedure_communes_commune_code_idx').on(t.communeCode),
  ],
);

export const foodProcedureCommunitiesOfCommunes = pgTable(
  'food_procedure_communities_of_communes',
  {
    foodProcedureId: integer('food_procedure_id')
      .notNull()
      .references(() => foodProcedures.id, { onDelete: 'cascade' }),
    communityCode: varchar('community_code', { length: 9 })
      .notNull()
      .references(() => communitiesOfCommunes.code, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.foodProcedureId, t.communityCode] }),
    index('food_procedure_communities_of_communes_community_code_idx').on(t.communityCode),
  ],
);

export const foodProcedureFiles = pgTable(
  'food_procedure_files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    foodProcedureId: integer('food_procedure_id')
      .notNull()
      .references(() => foodProcedures.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    kind: attachmentKindEnum('kind').notNull(),
    displayedName: text('displayed_name'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('food_procedure_files_food_procedure_id_idx').on(t.foodProcedureId, t.kind, t.position),
    index('food_procedure_files_file_id_idx').on(t.fileId),
  ],
);
