import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tsvector, weightedTsvector } from './common.ts';
import { files } from './files.ts';
import { retentionReferenceIndex } from './lifecycle.ts';
import { foodProcedures } from './food-procedures.ts';
import { communes, communitiesOfCommunes } from './geo.ts';
import { attachmentKindEnum, projectColumns } from './project-columns.ts';
import { beneficiaries, issueTypes, subthematics, thematics } from './taxonomy.ts';

export const initiatives = pgTable(
  'initiatives',
  {
    ...projectColumns(),
    thematicId: integer('thematic_id').references((): AnyPgColumn => thematics.id, {
      onDelete: 'restrict',
    }),
    secondaryThematicId: integer('secondary_thematic_id').references(
      (): AnyPgColumn => thematics.id,
      { onDelete: 'set null' },
    ),
    /** The food procedure ("démarche") this initiative belongs to. */
    foodProcedureId: integer('food_procedure_id').references((): AnyPgColumn => foodProcedures.id, {
      onDelete: 'set null',
    }),
    /** `issues.description`; `issues.types` is the initiative_issue_types join. */
    issuesDescription: text('issues_description'),
    /** Yearly freshness check: the owner confirmed the initiative is still up to date. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the yearly "still up to date?" e-mail was sent, then its reminder. */
    freshnessRequestedAt: timestamp('freshness_requested_at', { withTimezone: true }),
    freshnessRemindedAt: timestamp('freshness_reminded_at', { withTimezone: true }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      weightedTsvector([
        ['A', ['title']],
        ['B', ['summary']],
        ['C', ['city', 'territory_of_realization']],
      ]),
    ),
  },
  (t) => [
    uniqueIndex('initiatives_slug_unique').on(t.slug),
    index('initiatives_lat_lng_idx').on(t.latitude, t.longitude),
    index('initiatives_point_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
    index('initiatives_moderation_status_idx').on(t.moderationStatus),
    index('initiatives_published_lat_lng_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.moderationStatus} = 'published'`),
    index('initiatives_thematic_id_idx').on(t.thematicId),
    index('initiatives_secondary_thematic_id_idx').on(t.secondaryThematicId),
    index('initiatives_project_holder_type_id_idx').on(t.projectHolderTypeId),
    index('initiatives_area_of_influence_id_idx').on(t.areaOfInfluenceId),
    index('initiatives_progress_status_id_idx').on(t.progressStatusId),
    index('initiatives_departement_code_idx').on(t.departementCode),
    index('initiatives_food_procedure_id_idx').on(t.foodProcedureId),
    index('initiatives_contact_id_idx').on(t.contactId),
    index('initiatives_user_id_idx').on(t.userId),
    retentionReferenceIndex('initiatives_retention_reference_idx', t, t.confirmedAt),
    index('initiatives_moderated_by_idx').on(t.moderatedBy),
    index('initiatives_released_at_idx').on(t.releasedAt),
    index('initiatives_search_vector_idx').using('gin', t.searchVector),
    index('initiatives_title_trgm_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.title})) gin_trgm_ops`,
    ),
  ],
);

export const initiativeSubthematics = pgTable(
  'initiative_subthematics',
  {
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    subthematicId: integer('subthematic_id')
      .notNull()
      .references(() => subthematics.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.initiativeId, t.subthematicId] }),
    index('initiative_subthematics_subthematic_id_idx').on(t.subthematicId),
  ],
);

export const initiativeBeneficiaries = pgTable(
  'initiative_beneficiaries',
  {
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.initiativeId, t.beneficiaryId] }),
    index('initiative_beneficiaries_beneficiary_id_idx').on(t.beneficiaryId),
  ],
);

export const initiativeIssueTypes = pgTable(
  'initiative_issue_types',
  {
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    issueTypeId: integer('issue_type_id')
      .notNull()
      .references(() => issueTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.initiativeId, t.issueTypeId] }),
    index('initiative_issue_types_issue_type_id_idx').on(t.issueTypeId),
  ],
);

export const initiativeCommunes = pgTable(
  'initiative_communes',
  {
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    communeCode: varchar('commune_code', { length: 5 })
      .notNull()
      .references(() => communes.inseeCode, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.initiativeId, t.communeCode] }),
    index('initiative_communes_commune_code_idx').on(t.communeCode),
  ],
);

export const initiativeCommunitiesOfCommunes = pgTable(
  'initiative_communities_of_communes',
  {
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    communityCode: varchar('community_code', { length: 9 })
      .notNull()
      .references(() => communitiesOfCommunes.code, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.initiativeId, t.communityCode] }),
    index('initiative_communities_of_communes_community_code_idx').on(t.communityCode),
  ],
);

/** Logos and documents of an initiative, ordered by position. */
export const initiativeFiles = pgTable(
  'initiative_files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    kind: attachmentKindEnum('kind').notNull(),
    /** Optional title shown instead of the file name ("displayedName"). */
    displayedName: text('displayed_name'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('initiative_files_initiative_id_idx').on(t.initiativeId, t.kind, t.position),
    index('initiative_files_file_id_idx').on(t.fileId),
  ],
);
