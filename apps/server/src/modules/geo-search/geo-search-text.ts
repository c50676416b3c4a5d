/**
 * What the visitor typed in the commune, EPCI and address search fields, read into search keys
 * (pure functions). A key is the text folded the way `nameKey()` of geo-search.queries.ts folds a
 * name: lower case, no accents, every run of other characters (spaces, hyphens, apostrophes) one
 * space, so 'saint emilion', 'Saint-Emilion' and 'SAINT ÉMILION' all find 'Saint-Émilion'.
 */
import { foldAccents } from '../search/search-terms.ts';

/** Longest accepted search text (spec account-area §5: bounds are the server's). */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** The words of `text` folded to [a-z0-9]. */
export function keyWords(text: string): string[] {
  return foldAccents(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** The search key of `text`: its folded words joined by one space ('' when there is none). */
export function searchKey(text: string): string {
  return keyWords(text).join(' ');
}

/**
 * A LIKE pattern that every name whose key contains `key` matches on `f_unaccent(lower(name))`,
 * so that the trigram index can narrow the rows before the exact comparison on the key. Keys only
 * hold [a-z0-9 ]: nothing to escape.
 */
export function likePattern(key: string): string {
  return `%${key.split(' ').join('%')}%`;
}

export type OptionSearch =
  | { kind: 'none' }
  /** A whole postcode: the communes it serves. */
  | { kind: 'postcode'; postcode: string }
  /** The first digits of a postcode, typed so far. */
  | { kind: 'postcode-prefix'; prefix: string }
  /** A SIREN (EPCI) or INSEE (commune) code is not searched: only names and postcodes. */
  | { kind: 'name'; key: string; departementCode: string | null };

const POSTCODE = /^\d{5}$/;
const POSTCODE_PREFIX = /^\d{2,4}$/;
/** 'Bordeaux (33)': a label of the list typed again, or copied; the département narrows it. */
const WITH_DEPARTEMENT = /^(.*\S)\s*\(\s*(\d{2,3}|2[AB])\s*\)$/i;

/** How a commune or EPCI search text is searched. */
export function readOptionSearch(query: string | undefined): OptionSearch {
  const text = (query ?? '').trim();
  if (POSTCODE.test(text)) return { kind: 'postcode', postcode: text };
  if (POSTCODE_PREFIX.test(text)) return { kind: 'postcode-prefix', prefix: text };
  const labelled = WITH_DEPARTEMENT.exec(text);
  const key = searchKey(labelled?.[1] ?? text);
  if (!key) return { kind: 'none' };
  return { kind: 'name', key, departementCode: labelled?.[2]?.toUpperCase() ?? null };
}

/** A word of an address text, with where it starts in the text. */
export interface AddressToken {
  start: number;
  key: string;
}

export interface AddressText {
  /** The trimmed text. */
  text: string;
  /** The last 5-digit number of the text, taken as its postcode. */
  postcode: string | null;
  /** Where the postcode starts in `text` (-1 without one). */
  postcodeStart: number;
  /** The words of the text but the postcode; commas separate words like spaces. */
  tokens: AddressToken[];
}

/** Commune names have at most this many words separated by spaces ('Le Grand Village Plage'). */
export const MAX_COMMUNE_NAME_TOKENS = 6;

/** The words of the end of an address taken as the start of a commune name being typed. */
export const MAX_PREFIX_TOKENS = 3;

/** A shorter start of a name would suggest almost any commune. */
const MIN_PREFIX_KEY_LENGTH = 2;

/** Splits an address text ('12 rue des Lilas 33000 Bordeaux') into its postcode and words. */
export function readAddressText(query: string): AddressText {
  const text = query.trim();
  let postcode: string | null = null;
  let postcodeStart = -1;
  for (const found of text.matchAll(/(?<!\d)\d{5}(?!\d)/g)) {
    postcode = found[0];
    postcodeStart = found.index;
  }
  const tokens: AddressToken[] = [];
  for (const found of text.matchAll(/[^\s,;]+/g)) {
    if (found.index === postcodeStart) continue;
    const key = searchKey(found[0]);
    if (key) tokens.push({ start: found.index, key });
  }
  return { text, postcode, postcodeStart, tokens };
}

/** A commune name the address may end with: the key of its last `words` words. */
export interface NameCandidate {
  key: string;
  /** How many words of the text the candidate takes (the longest match wins). */
  words: number;
}

/** The keys of the last 1 … `max` words of the address, longest first. */
function trailingKeys(tokens: readonly AddressToken[], max: number): NameCandidate[] {
  const candidates: NameCandidate[] = [];
  for (let words = Math.min(max, tokens.length); words >= 1; words--) {
    const key = tokens
      .slice(tokens.length - words)
      .map((t) => t.key)
      .join(' ');
    candidates.push({ key, words });
  }
  return candidates;
}

/** Names the address may end with, whole (« 3 place du marché, Pessac »). */
export function trailingNameCandidates(address: AddressText): NameCandidate[] {
  return trailingKeys(address.tokens, MAX_COMMUNE_NAME_TOKENS);
}

/** Starts of names the address may end with, the visitor still typing (« …, Pess »). */
export function trailingPrefixCandidates(address: AddressText): NameCandidate[] {
  return trailingKeys(address.tokens, MAX_PREFIX_TOKENS).filter(
    (c) => c.key.length >= MIN_PREFIX_KEY_LENGTH,
  );
}

/** Separators left at either end of a street once the commune is cut off. */
const EDGE_SEPARATORS = /^[\s,;\-–]+|[\s,;\-–]+$/g;

/**
 * The street part of the address: the text before its last `communeWords` words, without the
 * postcode, trimmed of spaces and commas. With `communeWords` 0 and a postcode, the text before
 * the postcode (or after it, when the postcode comes first): what follows a postcode is its city.
 */
export function streetPart(address: AddressText, communeWords: number): string {
  const { text, postcode, postcodeStart, tokens } = address;
  let street: string;
  if (communeWords > 0) {
    const first = tokens[tokens.length - communeWords];
    street = text.slice(0, first?.start ?? text.length);
  } else if (postcode) {
    const before = text.slice(0, postcodeStart);
    street = before.replace(EDGE_SEPARATORS, '')
      ? before
      : text.slice(postcodeStart + postcode.length);
  } else {
    street = text;
  }
  if (postcode) street = street.replace(new RegExp(`(?<!\\d)${postcode}(?!\\d)`), ' ');
  return street.replace(/\s+/g, ' ').replace(EDGE_SEPARATORS, '');
}
