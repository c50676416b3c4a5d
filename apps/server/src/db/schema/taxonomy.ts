import { index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';

/** The six themes (contract THEMATICS); `key` is the stable identifier, `class` the CSS class. */
export const thematics = pgTable(
  'thematics',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    key: text('key').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    class: text('class').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('thematics_key_unique').on(t.key),
    uniqueIndex('thematics_slug_unique').on(t.slug),
  ],
);

export const subthematics = pgTable(
  'subthematics',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    thematicId: integer('thematic_id')
      .notNull()
      .references((): AnyPgColumn => thematics.id, { onDelete: 'cascade' }),
    slug: text('slug'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('subthematics_thematic_id_idx').on(t.thematicId),
    uniqueIndex('subthematics_thematic_name_unique').on(t.thematicId, t.name),
  ],
);

/** Simple option list: id, optional slug, name, position. */
const optionTable = (name: string) =>
  pgTable(
    name,
    {
      id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
      slug: text('slug'),
      name: text('name').notNull(),
      position: integer('position').notNull().default(0),
      ...timestamps(),
    },
    (t) => [uniqueIndex(`${name}_slug_unique`).on(t.slug)],
  );

/** "Porteur de projet" types (map filter projectHolders). */
export const projectHolderTypes = optionTable('project_holder_types');
export const beneficiaries = optionTable('beneficiaries');
export const areasOfInfluence = optionTable('areas_of_influence');
/** Institution types (directory filter "types"). */
export const contactTypes = optionTable('contact_types');
/** The four stakes ("enjeux") of an initiative's `issues.types`; an initiative must meet 2 of 4. */
export const issueTypes = optionTable('issue_types');

/** "État d'avancement": `label` is status_for_humans. */
export const progressStatuses = pgTable(
  'progress_statuses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('progress_statuses_slug_unique').on(t.slug)],
);
