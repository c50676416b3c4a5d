import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps, tsvector, weightedTsvector } from './common.ts';
import { files } from './files.ts';

/** Glossary ("lexique"); the public page groups entries by first letter of the title. */
export const glossaryEntries = pgTable(
  'glossary_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug'),
    title: text('title').notNull(),
    definition: text('definition').notNull(),
    ...timestamps(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      weightedTsvector([
        ['A', ['title']],
        ['B', ['definition']],
      ]),
    ),
  },
  (t) => [
    uniqueIndex('glossary_entries_slug_unique').on(t.slug),
    index('glossary_entries_search_vector_idx').using('gin', t.searchVector),
    index('glossary_entries_title_trgm_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.title})) gin_trgm_ops`,
    ),
  ],
);

/** FAQ categories; `position` is the spec's `order`. */
export const faqCategories = pgTable(
  'faq_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('faq_categories_slug_unique').on(t.slug)],
);

/** FAQ items; `answer` is sanitised HTML, `position` is the spec's `order`. */
export const faqItems = pgTable(
  'faq_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references((): AnyPgColumn => faqCategories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      weightedTsvector([
        ['A', ['question']],
        ['B', ['answer']],
      ]),
    ),
  },
  (t) => [
    uniqueIndex('faq_items_slug_unique').on(t.slug),
    index('faq_items_category_id_idx').on(t.categoryId, t.position),
    index('faq_items_search_vector_idx').using('gin', t.searchVector),
    index('faq_items_question_trgm_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.question})) gin_trgm_ops`,
    ),
  ],
);

/** The team shown on the About page (GET /api/internal-team-members). */
export const teamMembers = pgTable(
  'team_members',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    department: text('department'),
    description: text('description'),
    avatarFileId: integer('avatar_file_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('team_members_avatar_file_id_idx').on(t.avatarFileId)],
);
