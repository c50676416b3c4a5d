/**
 * The words of a search query, and their one-typo variants (pure functions; the database stems
 * them and keeps those that are words of the site, see search.queries.ts `lexiconMatches`).
 */

/** More words than this in a query are ignored (a query is a few words, not a paragraph). */
export const MAX_QUERY_WORDS = 8;

/**
 * Words shorter than this are taken as typed (one edit turns a word of two letters into almost any
 * other). From three letters, one typo is forgiven, as Elasticsearch's `AUTO` fuzziness does; only
 * a word that no published content has is corrected, to its most frequent neighbours.
 */
export const MIN_TYPO_WORD_LENGTH = 3;

/** Longer words are not corrected (no French word is that long; a pasted token is not a typo). */
const MAX_TYPO_WORD_LENGTH = 24;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Lower case without accents, as `f_unaccent(lower(…))` and the `fr_unaccent` configuration see
 * it ('Légumes' → 'legumes', 'Œuf' → 'oeuf').
 */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase();
}

/** The distinct words of a query, folded, in order, at most MAX_QUERY_WORDS. */
export function queryWords(q: string): string[] {
  const words = foldAccents(q)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/**
 * Every string one edit away from `word` (Damerau-Levenshtein distance 1: a letter deleted,
 * inserted or replaced, or two neighbours swapped): 'marhce' → … 'marche' …. About 54n + 25
 * strings; empty for short or long words, which are not corrected.
 */
export function oneEditVariants(word: string): string[] {
  if (word.length < MIN_TYPO_WORD_LENGTH || word.length > MAX_TYPO_WORD_LENGTH) return [];
  const variants = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) variants.add(head + tail.slice(1));
    if (tail.length > 1) variants.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      variants.add(head + letter + tail);
      if (tail) variants.add(head + letter + tail.slice(1));
    }
  }
  variants.delete(word);
  return [...variants];
}

/**
 * A full-text query from groups of lexemes: every group must match, any lexeme of a group will
 * do (`[['circuit'], ['legum', 'legumin']]` → `'circuit' & ('legum' | 'legumin')`). With
 * `weight`, each lexeme only matches in the parts of that weight ('A': the titles).
 */
export function toTsquery(groups: readonly (readonly string[])[], weight?: 'A'): string {
  const term = (lexeme: string) =>
    `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${weight ? `:${weight}` : ''}`;
  return groups
    .map((group) =>
      group.length === 1 ? term(group[0] as string) : `(${group.map(term).join(' | ')})`,
    )
    .join(' & ');
}
