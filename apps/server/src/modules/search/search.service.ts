import { SEARCH_TYPES, type Paginated, type SearchResult, type SearchType } from '@ad/contract';
import type { AppDatabase } from '../../platform/database.ts';
import { richTextHtml } from '../../platform/rich-text.ts';
import { pageLink, pageRequest, paginate } from '../../platform/pagination.ts';
import { excerptHtml, markedHtml, MARKS, plainText, plainTitle } from './search-excerpt.ts';
import { presentSearchResult } from './search.presenter.ts';
import {
  countResults,
  lexiconMatches,
  markMatches,
  resultRows,
  searchPage,
} from './search.queries.ts';
import { MIN_TYPO_WORD_LENGTH, oneEditVariants, queryWords, toTsquery } from './search-terms.ts';

/** The result types whose body is markdown or HTML (the others are HTML or text). */
const MARKDOWN_BODIES = new Set<SearchType>(['initiatives', 'food_procedures']);

/** A typo may stand for a few words of the site; more would drown the results. */
const MAX_CORRECTIONS = 3;

export interface SearchInput {
  q: string;
  type?: SearchType;
  page: number;
}

/**
 * The lexemes a query looks for, one group per word (any lexeme of a group will do): the word's
 * own lexeme when the site has it; otherwise, for words of 3 letters or more, the lexemes of its
 * one-edit variants that the site has, most frequent first ('legumrs' → 'legum'). Stop words are
 * left out. One query, and a second one only when a word is not on the site.
 */
export async function queryLexemes(db: AppDatabase, q: string): Promise<string[][]> {
  const words = queryWords(q);
  if (!words.length) return [];
  const own = new Map(
    (await lexiconMatches(db, words, { everyWord: true })).map((m) => [m.word, m]),
  );
  const unknown = words.filter(
    (word) => own.has(word) && own.get(word)!.ndoc === 0 && word.length >= MIN_TYPO_WORD_LENGTH,
  );
  const variants = new Map(unknown.map((word) => [word, oneEditVariants(word)]));
  const corrected = new Map<string, { lexeme: string; ndoc: number }>();
  if (unknown.length) {
    const all = [...new Set([...variants.values()].flat())];
    for (const match of await lexiconMatches(db, all, { everyWord: false })) {
      corrected.set(match.word, match);
    }
  }

  const groups: string[][] = [];
  for (const word of words) {
    const match = own.get(word);
    // A stop word has no lexeme: left out, as websearch_to_tsquery does.
    if (!match) continue;
    const corrections = new Map<string, number>();
    for (const variant of variants.get(word) ?? []) {
      const hit = corrected.get(variant);
      if (hit) corrections.set(hit.lexeme, Math.max(hit.ndoc, corrections.get(hit.lexeme) ?? 0));
    }
    const best = [...corrections]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, MAX_CORRECTIONS)
      .map(([lexeme]) => lexeme);
    // A word no document has, and no near word either, stays: then nothing matches (every word
    // of a query must match).
    groups.push(best.length ? best : [match.lexeme]);
  }
  const seen = new Set<string>();
  return groups.filter((group) => {
    const key = group.join('|');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * GET /api/search: published content of every type (or of `type`) matching every word of `q`,
 * accents and case ignored, French stems (légumes = légume), one typo per word of 3 letters or
 * more, best first. Four queries whatever the page (five with a typo): the lexicon, the ranked page
 * with its total, the page's rows, and the highlighting.
 */
export async function search(
  db: AppDatabase,
  input: SearchInput,
): Promise<Paginated<SearchResult>> {
  const request = pageRequest(input.page);
  const link = pageLink('/api/search', { q: input.q, type: input.type });
  const groups = input.q.trim() ? await queryLexemes(db, input.q) : [];
  if (!groups.length) return paginate([], 0, request, link);

  const tsquery = { query: toTsquery(groups), titleQuery: toTsquery(groups, 'A') };
  const types = input.type ? [input.type] : SEARCH_TYPES;
  const hits = await searchPage(db, types, tsquery, request);
  if (!hits.length) {
    const total = request.page > 1 ? await countResults(db, types, tsquery) : 0;
    return paginate([], total, request, link);
  }

  const rows = await resultRows(db, hits);
  const rowOf = new Map(rows.map((row) => [`${row.type}:${row.id}`, row]));
  const ordered = hits.flatMap((hit) => rowOf.get(`${hit.type}:${hit.id}`) ?? []);
  // An initiative's or a procedure's summary may be markdown (spec §3): its text, not its marks.
  const bodies = ordered.map((row) =>
    plainText(MARKDOWN_BODIES.has(row.type) ? richTextHtml(row.body) : row.body),
  );
  const marked = await markMatches(
    db,
    ordered.flatMap((row, i) => [plainTitle(row.title), bodies[i]!.text]),
    tsquery.query,
    MARKS,
  );
  const data = ordered.map((row, i) =>
    presentSearchResult(row, {
      title: markedHtml(marked[2 * i] ?? ''),
      description: excerptHtml(marked[2 * i + 1] ?? '', { cut: bodies[i]!.cut }),
    }),
  );
  return paginate(data, hits[0]!.total, request, link);
}
