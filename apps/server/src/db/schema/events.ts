import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps, tsvector, weightedTsvector } from './common.ts';
import { files } from './files.ts';
import { lifecycleColumns, retentionReferenceIndex } from './lifecycle.ts';
import { posts } from './posts.ts';

export const moreInfosTypeEnum = pgEnum('more_infos_type', ['post', 'other']);

export const eventCategories = pgTable(
  'event_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('event_categories_slug_unique').on(t.slug)],
);

/** Agenda events. Dates are calendar dates (YYYY-MM-DD). */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    description: text('description'),
    startedAt: date('started_at', { mode: 'string' }).notNull(),
    endedAt: date('ended_at', { mode: 'string' }),
    place: text('place'),
    /** Organiser. */
    planner: text('planner'),
    imageFileId: integer('image_file_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    categoryId: integer('category_id').references((): AnyPgColumn => eventCategories.id, {
      onDelete: 'set null',
    }),
    externalUrl: text('external_url'),
    /** 'post': "more info" links to post_id; 'other': to external_url. */
    moreInfosType: moreInfosTypeEnum('more_infos_type'),
    postId: integer('post_id').references((): AnyPgColumn => posts.id, { onDelete: 'set null' }),
    ...lifecycleColumns(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      weightedTsvector([
        ['A', ['title']],
        ['B', ['description']],
        ['C', ['place', 'planner']],
      ]),
    ),
  },
  (t) => [
    index('events_category_id_idx').on(t.categoryId),
    index('events_image_file_id_idx').on(t.imageFileId),
    index('events_post_id_idx').on(t.postId),
    index('events_user_id_idx').on(t.userId),
    index('events_moderated_by_idx').on(t.moderatedBy),
    retentionReferenceIndex('events_retention_reference_idx', t),
    index('events_moderation_status_dates_idx').on(t.moderationStatus, t.startedAt, t.endedAt),
    index('events_search_vector_idx').using('gin', t.searchVector),
    index('events_title_trgm_idx').using('gin', sql`f_unaccent(lower(${t.title})) gin_trgm_ops`),
  ],
);
