import { sql } from 'drizzle-orm';
import { projectHolderTypes } from '../../db/schema/taxonomy.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { queryWords, toTsquery } from '../search/search-terms.ts';
import { queryLexemes } from '../search/search.service.ts';

/**
 * `q` of the map lists (spec public-site §2, §7): the words of the query, each of which must be
 * found in the item's title, summary or city (its search vector, French stems without accents,
 * one typo per long word: the site search's own rules, modules/search) or in the name of its
 * project holder type. The last word is also taken as the start of a word (the visitor may still
 * be typing it).
 */
export interface MapSearch {
  /** Words only found in the search vector, as one full-text query (all must match). */
  vectorQuery: string | null;
  /** Words also found in project holder names: the vector query of the word, or those holders. */
  eitherQueries: { vectorQuery: string; projectHolderTypeIds: number[] }[];
}

/** Shortest last word taken as a prefix: one or two letters would match nearly everything. */
const MIN_PREFIX_LENGTH = 3;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The project holder types whose name has each word (by index in `words`): the same French stem,
 * or, for the word at `prefixIndex`, a word of the name that starts with it.
 */
async function holdersByWord(
  db: AppDatabase,
  words: readonly string[],
  prefixIndex: number | null,
): Promise<Map<number, number[]>> {
  const result = await db.execute(sql`
    SELECT w.i::int AS i, h.id
    FROM unnest(${`{${words.join(',')}}`}::text[]) WITH ORDINALITY AS w(word, i)
    JOIN ${projectHolderTypes} h
      ON ts_lexize('french_stem', w.word) && tsvector_to_array(to_tsvector('fr_unaccent', h.name))
      OR (w.i = ${prefixIndex === null ? 0 : prefixIndex + 1}
        AND f_unaccent(lower(h.name)) ~ ('(^|[^a-z0-9])' || w.word))
    ORDER BY w.i, h.id`);
  const byWord = new Map<number, number[]>();
  for (const row of rowsOf<{ i: number; id: number }>(result)) {
    const index = row.i - 1;
    byWord.set(index, [...(byWord.get(index) ?? []), row.id]);
  }
  return byWord;
}

/**
 * The search of `q`; null when `q` has no word that can be searched (nothing then matches, as
 * in the site search).
 */
export async function mapSearch(db: AppDatabase, q: string): Promise<MapSearch | null> {
  const words = queryWords(q);
  if (!words.length) return null;
  const lastIndex = words.length - 1;
  const prefixIndex = (words[lastIndex] as string).length >= MIN_PREFIX_LENGTH ? lastIndex : null;
  // One lexicon look-up per word (a stop word has none), so that each word keeps its place.
  const [groups, holders] = await Promise.all([
    Promise.all(words.map((word) => queryLexemes(db, word))),
    holdersByWord(db, words, prefixIndex),
  ]);

  const vectorTerms: string[] = [];
  const eitherQueries: MapSearch['eitherQueries'] = [];
  words.forEach((word, index) => {
    const group = groups[index]?.[0];
    // Words are [a-z0-9]+ (queryWords), safe inside quotes.
    const prefix = index === prefixIndex ? [`'${word}':*`] : [];
    const terms = [...(group ? [toTsquery([group])] : []), ...prefix];
    const holderIds = holders.get(index) ?? [];
    if (!terms.length && !holderIds.length) return; // a stop word
    const vectorQuery = terms.length > 1 ? `(${terms.join(' | ')})` : (terms[0] ?? null);
    if (holderIds.length) {
      // A word only in holder names matches through them alone ('' : no vector query).
      eitherQueries.push({ vectorQuery: vectorQuery ?? '', projectHolderTypeIds: holderIds });
    } else if (vectorQuery) {
      vectorTerms.push(vectorQuery);
    }
  });
  if (!vectorTerms.length && !eitherQueries.length) return null;
  return { vectorQuery: vectorTerms.length ? vectorTerms.join(' & ') : null, eitherQueries };
}
