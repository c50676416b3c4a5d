import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps, tsvector, weightedTsvector } from './common.ts';
import { files } from './files.ts';
import { lifecycleColumns, retentionReferenceIndex } from './lifecycle.ts';
import { subthematics, thematics } from './taxonomy.ts';

export const resourceCategories = pgTable(
  'resource_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    featuredImageFileId: integer('featured_image_file_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    /** `featured_image.name` (alternative text / caption). */
    featuredImageName: text('featured_image_name'),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('resource_categories_slug_unique').on(t.slug),
    index('resource_categories_featured_image_file_id_idx').on(t.featuredImageFileId),
  ],
);

/** slug: 'file' | 'video' | 'external_url' (contract RESOURCE_TYPES). */
export const resourceTypes = pgTable(
  'resource_types',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('resource_types_slug_unique').on(t.slug)],
);

export const resources = pgTable(
  'resources',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Rich text (sanitised HTML). */
    description: text('description'),
    imageFileId: integer('image_file_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    categoryId: integer('category_id').references((): AnyPgColumn => resourceCategories.id, {
      onDelete: 'set null',
    }),
    typeId: integer('type_id').references((): AnyPgColumn => resourceTypes.id, {
      onDelete: 'restrict',
    }),
    thematicId: integer('thematic_id').references((): AnyPgColumn => thematics.id, {
      onDelete: 'set null',
    }),
    externalUrl: text('external_url'),
    videoUrl: text('video_url'),
    /** The PDF of a 'file' resource ("resourceFile"). */
    documentFileId: integer('document_file_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    ...lifecycleColumns(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      weightedTsvector([
        ['A', ['name']],
        ['B', ['description']],
      ]),
    ),
  },
  (t) => [
    uniqueIndex('resources_slug_unique').on(t.slug),
    index('resources_category_id_idx').on(t.categoryId),
    index('resources_type_id_idx').on(t.typeId),
    index('resources_thematic_id_idx').on(t.thematicId),
    index('resources_image_file_id_idx').on(t.imageFileId),
    index('resources_document_file_id_idx').on(t.documentFileId),
    index('resources_user_id_idx').on(t.userId),
    index('resources_moderated_by_idx').on(t.moderatedBy),
    retentionReferenceIndex('resources_retention_reference_idx', t),
    index('resources_moderation_status_published_at_idx').on(t.moderationStatus, t.publishedAt),
    index('resources_search_vector_idx').using('gin', t.searchVector),
    index('resources_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);

export const resourceSubthematics = pgTable(
  'resource_subthematics',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    subthematicId: integer('subthematic_id')
      .notNull()
      .references(() => subthematics.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.resourceId, t.subthematicId] }),
    index('resource_subthematics_subthematic_id_idx').on(t.subthematicId),
  ],
);
