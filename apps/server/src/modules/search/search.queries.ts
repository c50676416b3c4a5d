import { sql, type SQL } from 'drizzle-orm';
import type { SearchType } from '@ad/contract';
import { contacts } from '../../db/schema/contacts.ts';
import { directoryPlace } from '../contacts/contacts-directory.queries.ts';
import { faqItems, glossaryEntries } from '../../db/schema/content.ts';
import { events } from '../../db/schema/events.ts';
import { foodProcedures } from '../../db/schema/food-procedures.ts';
import { initiatives } from '../../db/schema/initiatives.ts';
import { posts } from '../../db/schema/posts.ts';
import { resources, resourceTypes } from '../../db/schema/resources.ts';
import { searchLexicon } from '../../db/schema/search.ts';
import { contactTypes } from '../../db/schema/taxonomy.ts';
import type { AppDatabase } from '../../platform/database.ts';
import type { PageRequest } from '../../platform/pagination.ts';

/** The resource type whose resources are "documentary resources" (external links). */
export const DOCUMENTARY_RESOURCE_TYPE = 'external_url';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The lexemes (French stems, as in the search vectors) of `words`, with the number of published
 * documents containing each: every word's with `everyWord` (0: no document has it), else only
 * those of the site (the one-edit variants of a word are only useful if they are words of the
 * site). Stop words ('de', 'la') have no lexeme and never come back.
 */
export async function lexiconMatches(
  db: AppDatabase,
  words: readonly string[],
  options: { everyWord: boolean },
): Promise<{ word: string; lexeme: string; ndoc: number }[]> {
  const result = await db.execute(sql`
    SELECT c.word, s.lexeme, coalesce(l.ndoc, 0)::int AS ndoc
    FROM unnest(${toTextArray(words)}::text[]) AS c(word)
    CROSS JOIN LATERAL unnest(ts_lexize('french_stem', c.word)) AS s(lexeme)
    ${options.everyWord ? sql`LEFT JOIN` : sql`JOIN`} ${searchLexicon} l ON l.lexeme = s.lexeme
    ${options.everyWord ? sql`` : sql`WHERE l.ndoc > 0`}
  `);
  return rowsOf(result);
}

/** A PostgreSQL array literal (one parameter, whatever the number of values). */
function toTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * Published rows, written so that no index on moderation_status applies: the search vector's GIN
 * index is then the way in whatever the planner's statistics (none after a bulk load on PGlite,
 * which has no autovacuum: it would read every published row and test each vector).
 */
const published = (column: SQL | unknown) => sql`${column}::text = 'published'`;

/**
 * Per result type: the rows the public site shows and their search vector (generated columns,
 * GIN indexes; titles weigh A, bodies B).
 */
function branch(type: SearchType, query: SQL, titleQuery: SQL): SQL {
  const hit = (vector: unknown, id: unknown, from: SQL, where: SQL) => sql`
    SELECT ${type}::text AS type, ${id} AS id,
      ${vector} @@ ${titleQuery} AS in_title,
      ts_rank(${vector}, ${query}, 1) AS rank
    FROM ${from}
    WHERE ${where} AND ${vector} @@ ${query}`;
  switch (type) {
    case 'posts':
      return hit(posts.searchVector, posts.id, sql`${posts}`, published(posts.moderationStatus));
    case 'events':
      return hit(
        events.searchVector,
        events.id,
        sql`${events}`,
        published(events.moderationStatus),
      );
    case 'initiatives':
      return hit(
        initiatives.searchVector,
        initiatives.id,
        sql`${initiatives}`,
        published(initiatives.moderationStatus),
      );
    case 'food_procedures':
      return hit(
        foodProcedures.searchVector,
        foodProcedures.id,
        sql`${foodProcedures}`,
        published(foodProcedures.moderationStatus),
      );
    case 'resources':
    case 'documentary_resources':
      return hit(
        resources.searchVector,
        resources.id,
        sql`${resources}`,
        sql`${published(resources.moderationStatus)} AND ${resources.typeId} ${
          type === 'resources' ? sql`IS DISTINCT FROM` : sql`=`
        } (SELECT ${resourceTypes.id} FROM ${resourceTypes} WHERE ${resourceTypes.slug} = ${DOCUMENTARY_RESOURCE_TYPE})`,
      );
    case 'contacts':
      return hit(
        contacts.searchVector,
        contacts.id,
        sql`${contacts}`,
        sql`${published(contacts.moderationStatus)} AND ${contacts.displayInDirectory}`,
      );
    case 'glossary':
      return hit(
        glossaryEntries.searchVector,
        glossaryEntries.id,
        sql`${glossaryEntries}`,
        sql`true`,
      );
    case 'faq':
      return hit(faqItems.searchVector, faqItems.id, sql`${faqItems}`, sql`true`);
  }
}

export interface SearchHit {
  type: SearchType;
  id: number;
  total: number;
}

/**
 * One page of results of every `types`, best first: the results whose title holds every word of
 * the query, then the others, each by ts_rank (a title match weighs more than a body match; the
 * rank is divided by the log of the length, so a short text about the words comes first). Each
 * row carries the total number of results.
 */
export async function searchPage(
  db: AppDatabase,
  types: readonly SearchType[],
  tsquery: { query: string; titleQuery: string },
  page: PageRequest,
): Promise<SearchHit[]> {
  const query = sql`${tsquery.query}::tsquery`;
  const titleQuery = sql`${tsquery.titleQuery}::tsquery`;
  const branches = sql.join(
    types.map((type) => branch(type, query, titleQuery)),
    sql` UNION ALL `,
  );
  const result = await db.execute(sql`
    SELECT type, id, (count(*) OVER ())::int AS total
    FROM (${branches}) hits
    ORDER BY in_title DESC, rank DESC, type, id
    LIMIT ${page.perPage} OFFSET ${page.offset}`);
  return rowsOf<SearchHit>(result);
}

/** The number of results (only needed for a page past the last one, which has no rows). */
export async function countResults(
  db: AppDatabase,
  types: readonly SearchType[],
  tsquery: { query: string; titleQuery: string },
): Promise<number> {
  const query = sql`${tsquery.query}::tsquery`;
  const titleQuery = sql`${tsquery.titleQuery}::tsquery`;
  const branches = sql.join(
    types.map((type) => branch(type, query, titleQuery)),
    sql` UNION ALL `,
  );
  const result = await db.execute(sql`SELECT count(*)::int AS total FROM (${branches}) hits`);
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
}

/** What a result shows and links to, whatever its type (null where it does not apply). */
export interface ResultRow {
  type: SearchType;
  id: number;
  title: string;
  /** HTML or plain text. */
  body: string | null;
  slug: string | null;
  /** External address: documentary resource, event's "more info", contact's web site. */
  externalUrl: string | null;
  /** Event: the published post it links to. */
  postSlug: string | null;
  /** Event: its first day, YYYYMMDD. */
  day: string | null;
  /** Contact: its type and département, for the directory filters. */
  typeId: number | null;
  location: string | null;
  /**
   * Contact: how many directory cards come before its own in the directory filtered to its type
   * and département (the directory's order), for the page of its card.
   */
  place: number | null;
}

/** The rows of one page of hits (one query whatever the number of types on the page). */
export async function resultRows(
  db: AppDatabase,
  hits: readonly { type: SearchType; id: number }[],
): Promise<ResultRow[]> {
  const idsOf = (...types: SearchType[]) => [
    ...new Set(hits.filter((h) => types.includes(h.type)).map((h) => h.id)),
  ];
  const ids = (values: number[]) => sql`ANY(${`{${values.join(',')}}`}::int[])`;
  // Every branch names its columns: the first branch present names those of the union.
  const select = (columns: {
    type: SQL;
    id: unknown;
    title: unknown;
    body: unknown;
    slug?: unknown;
    externalUrl?: unknown;
    postSlug?: unknown;
    day?: unknown;
    typeId?: unknown;
    location?: unknown;
    place?: unknown;
  }) => sql`SELECT ${columns.type}::text AS type, ${columns.id} AS id, ${columns.title} AS title,
      ${columns.body} AS body, ${columns.slug ?? sql`NULL`}::text AS slug,
      ${columns.externalUrl ?? sql`NULL`}::text AS external_url,
      ${columns.postSlug ?? sql`NULL`}::text AS post_slug, ${columns.day ?? sql`NULL`}::text AS day,
      ${columns.typeId ?? sql`NULL`}::int AS type_id, ${columns.location ?? sql`NULL`}::text AS location,
      ${columns.place ?? sql`NULL`}::int AS place`;
  const parts: SQL[] = [];

  const postIds = idsOf('posts');
  if (postIds.length) {
    parts.push(
      sql`${select({
        type: sql`'posts'`,
        id: posts.id,
        title: posts.title,
        body: posts.description,
        slug: posts.slug,
      })} FROM ${posts} WHERE ${posts.id} = ${ids(postIds)}`,
    );
  }
  const eventIds = idsOf('events');
  if (eventIds.length) {
    parts.push(sql`${select({
      type: sql`'events'`,
      id: sql`e.id`,
      title: sql`e.title`,
      body: sql`e.description`,
      externalUrl: sql`CASE WHEN e.more_infos_type = 'other' OR p.slug IS NULL
        THEN nullif(btrim(e.external_url), '') END`,
      postSlug: sql`p.slug`,
      day: sql`to_char(e.started_at, 'YYYYMMDD')`,
    })}
      FROM ${events} e
      LEFT JOIN ${posts} p ON p.id = e.post_id AND p.moderation_status = 'published'
      WHERE e.id = ${ids(eventIds)}`);
  }
  const initiativeIds = idsOf('initiatives');
  if (initiativeIds.length) {
    parts.push(
      sql`${select({
        type: sql`'initiatives'`,
        id: initiatives.id,
        title: initiatives.title,
        body: initiatives.summary,
      })} FROM ${initiatives} WHERE ${initiatives.id} = ${ids(initiativeIds)}`,
    );
  }
  const procedureIds = idsOf('food_procedures');
  if (procedureIds.length) {
    parts.push(
      sql`${select({
        type: sql`'food_procedures'`,
        id: foodProcedures.id,
        title: foodProcedures.title,
        body: foodProcedures.summary,
      })} FROM ${foodProcedures} WHERE ${foodProcedures.id} = ${ids(procedureIds)}`,
    );
  }
  const resourceIds = idsOf('resources', 'documentary_resources');
  if (resourceIds.length) {
    parts.push(sql`${select({
      type: sql`CASE WHEN t.slug = ${DOCUMENTARY_RESOURCE_TYPE} THEN 'documentary_resources'
        ELSE 'resources' END`,
      id: sql`r.id`,
      title: sql`r.name`,
      body: sql`r.description`,
      slug: sql`r.slug`,
      externalUrl: sql`nullif(btrim(r.external_url), '')`,
    })}
      FROM ${resources} r LEFT JOIN ${resourceTypes} t ON t.id = r.type_id
      WHERE r.id = ${ids(resourceIds)}`);
  }
  const contactIds = idsOf('contacts');
  if (contactIds.length) {
    // No description: the type and the address say which contact it is.
    parts.push(sql`${select({
      type: sql`'contacts'`,
      id: sql`c.id`,
      title: sql`c.society_name`,
      body: sql`concat_ws(' · ', t.name, nullif(concat_ws(', ', nullif(btrim(c.address_line_1), ''),
        nullif(btrim(c.address_line_2), ''), nullif(btrim(concat_ws(' ', c.postcode, c.city)), '')), ''))`,
      externalUrl: sql`nullif(btrim(c.website_url), '')`,
      typeId: sql`c.type_id`,
      location: sql`c.departement_code`,
      place: directoryPlace(sql`c`),
    })}
      FROM ${contacts} c LEFT JOIN ${contactTypes} t ON t.id = c.type_id
      WHERE c.id = ${ids(contactIds)}`);
  }
  const glossaryIds = idsOf('glossary');
  if (glossaryIds.length) {
    parts.push(
      sql`${select({
        type: sql`'glossary'`,
        id: glossaryEntries.id,
        title: glossaryEntries.title,
        body: glossaryEntries.definition,
        slug: glossaryEntries.slug,
      })} FROM ${glossaryEntries} WHERE ${glossaryEntries.id} = ${ids(glossaryIds)}`,
    );
  }
  const faqIds = idsOf('faq');
  if (faqIds.length) {
    parts.push(
      sql`${select({
        type: sql`'faq'`,
        id: faqItems.id,
        title: faqItems.question,
        body: faqItems.answer,
        slug: faqItems.slug,
      })} FROM ${faqItems} WHERE ${faqItems.id} = ${ids(faqIds)}`,
    );
  }
  if (!parts.length) return [];
  const result = await db.execute(sql.join(parts, sql` UNION ALL `));
  return rowsOf<{
    type: SearchType;
    id: number;
    title: string;
    body: string | null;
    slug: string | null;
    external_url: string | null;
    post_slug: string | null;
    day: string | null;
    type_id: number | null;
    location: string | null;
    place: number | null;
  }>(result).map((row) => ({
    type: row.type,
    id: row.id,
    title: row.title,
    body: row.body,
    slug: row.slug,
    externalUrl: row.external_url,
    postSlug: row.post_slug,
    day: row.day,
    typeId: row.type_id,
    location: row.location,
    place: row.place,
  }));
}

/**
 * `texts` with the words matching `tsquery` between `start` and `stop` (ts_headline with the
 * same French configuration as the search vectors, so 'Légumes' is marked for 'legume'). The
 * texts are plain text; the marks are characters the caller removed from them beforehand.
 */
export async function markMatches(
  db: AppDatabase,
  texts: readonly string[],
  tsquery: string,
  marks: { start: string; stop: string },
): Promise<string[]> {
  if (!texts.length) return [];
  const options = `StartSel=${marks.start},StopSel=${marks.stop},HighlightAll=true`;
  const result = await db.execute(sql`
    SELECT ts_headline('fr_unaccent', t.text, ${tsquery}::tsquery, ${options}) AS marked
    FROM unnest(${toTextArray(texts)}::text[]) WITH ORDINALITY AS t(text, n)
    ORDER BY t.n`);
  return rowsOf<{ marked: string }>(result).map((row) => row.marked);
}
