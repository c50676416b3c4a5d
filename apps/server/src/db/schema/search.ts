import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The words of the public site, for the typo tolerance of the site search: every lexeme (French
 * stem without accents, as in the `search_vector` columns) of the published content, with the
 * number of published documents that contain it. A query word that is not a lexeme is corrected
 * to the lexemes of its one-edit variants (modules/search/search-terms.ts).
 *
 * Kept exact by statement-level triggers on the searched tables (migration 0005: transition
 * tables, one statement per INSERT/UPDATE/DELETE whatever its row count; TRUNCATE rebuilds), and
 * rebuilt from scratch by a nightly job as a safety net. Rows whose count falls to 0 are deleted
 * by the triggers through the partial index.
 */
export const searchLexicon = pgTable(
  'search_lexicon',
  {
    lexeme: text('lexeme').primaryKey(),
    ndoc: integer('ndoc').notNull(),
  },
  (t) => [
    index('search_lexicon_unused_idx')
      .on(t.lexeme)
      .where(sql`${t.ndoc} <= 0`),
  ],
);
