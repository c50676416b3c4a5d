import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps, tsvector, weightedTsvector } from './common.ts';
import { files } from './files.ts';
import { lifecycleColumns, retentionReferenceIndex } from './lifecycle.ts';

export const postCategories = pgTable(
  'post_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('post_categories_slug_unique').on(t.slug)],
);

/** News ("actualités"). A post may describe an event (event_* columns, shown on the detail). */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    authors: text('authors'),
    /** Rich text (sanitised HTML). */
    description: text('description'),
    imageFileId: integer('image_file_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    categoryId: integer('category_id').references((): AnyPgColumn => postCategories.id, {
      onDelete: 'set null',
    }),
    externalUrl: text('external_url'),
    eventStartedAt: date('event_started_at', { mode: 'string' }),
    eventEndedAt: date('event_ended_at', { mode: 'string' }),
    eventPlace: text('event_place'),
    /** Free text, e.g. "14h - 17h". */
    eventHour: text('event_hour'),
    ...lifecycleColumns(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      weightedTsvector([
        ['A', ['title']],
        ['B', ['description']],
        ['C', ['authors']],
      ]),
    ),
  },
  (t) => [
    uniqueIndex('posts_slug_unique').on(t.slug),
    index('posts_category_id_idx').on(t.categoryId),
    index('posts_image_file_id_idx').on(t.imageFileId),
    index('posts_user_id_idx').on(t.userId),
    index('posts_moderated_by_idx').on(t.moderatedBy),
    retentionReferenceIndex('posts_retention_reference_idx', t),
    index('posts_moderation_status_published_at_idx').on(t.moderationStatus, t.publishedAt),
    index('posts_search_vector_idx').using('gin', t.searchVector),
    index('posts_title_trgm_idx').using('gin', sql`f_unaccent(lower(${t.title})) gin_trgm_ops`),
  ],
);
