import { EXCERPT_LENGTH, SEARCH_EXCERPT_WORDS, stripTags } from '@ad/contract';

/**
 * Article excerpt (spec §5): tags stripped, cut at about `length` characters but extended to the
 * end of the word in progress, then an ellipsis. Short texts come back whole.
 */
export function excerpt(html: string | null | undefined, length: number = EXCERPT_LENGTH): string {
  const text = stripTags(html ?? '');
  if (text.length <= length) return text;
  const nextSpace = text.slice(length).search(/\s/);
  if (nextSpace === -1) return text;
  const cut = text
    .slice(0, length + nextSpace)
    .replace(/[\s,;:]+$/, '')
    .trimEnd();
  return `${cut}…`;
}

/** Search result excerpt (spec §2, §9): the first `words` words, then ' [...]'. */
export function wordExcerpt(
  html: string | null | undefined,
  words: number = SEARCH_EXCERPT_WORDS,
): string {
  const all = stripTags(html ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (all.length <= words) return all.join(' ');
  return `${all.slice(0, words).join(' ')} [...]`;
}
