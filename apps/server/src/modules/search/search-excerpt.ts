import { SEARCH_EXCERPT_WORDS, stripTags } from '@ad/contract';

/**
 * Marks put around matching words by the database (ts_headline), turned into `<mark>` once the
 * text is escaped: private-use characters, removed from the texts beforehand, so a text can
 * never forge one.
 */
export const MARKS = { start: '\uE000', stop: '\uE001' } as const;
const MARK_CHARS = /[\uE000\uE001]/g;

/** Characters of a body given to ts_headline: enough for the excerpt, bounded work. */
export const MAX_BODY_CHARS = 1500;

export const EXCERPT_END = '[...]';

/** Plain text of a title or a body (sanitised HTML or text): tags and entities gone, one line. */
export function plainText(value: string | null | undefined, maxChars = MAX_BODY_CHARS) {
  // stripTags decodes each entity once: a text that speaks of '&lt;b&gt;' keeps it as text.
  const text = stripTags(value ?? '').replace(MARK_CHARS, '');
  if (text.length <= maxChars) return { text, cut: false };
  const end = text.lastIndexOf(' ', maxChars);
  return { text: text.slice(0, end > 0 ? end : maxChars), cut: true };
}

/** A title is plain text already: one line, without the mark characters. */
export function plainTitle(title: string): string {
  return title.replace(MARK_CHARS, '').replace(/\s+/g, ' ').trim();
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** HTML of a marked text: everything escaped, the marked words in `<mark>`, nothing else. */
export function markedHtml(marked: string): string {
  return marked
    .replace(/[&<>"']/g, (c) => ESCAPES[c] as string)
    .replaceAll(MARKS.start, '<mark>')
    .replaceAll(MARKS.stop, '</mark>');
}

/**
 * The excerpt of a marked body (spec §2, §9: a description excerpt limited to 30 words followed
 * by [...]): its first 30 words, the matched ones marked, followed by ' [...]' when there are
 * more. (The title, marked too, says why a result whose body matches further on came up.)
 */
export function excerptHtml(
  marked: string,
  options: { cut?: boolean; words?: number } = {},
): string {
  const limit = options.words ?? SEARCH_EXCERPT_WORDS;
  const words = marked.split(/\s+/).filter(Boolean);
  // A mark cut off at the 30th word is closed (ts_headline marks single words: rare).
  let shown = markedHtml(words.slice(0, limit).join(' '));
  if (shown.lastIndexOf('<mark>') > shown.lastIndexOf('</mark>')) shown += '</mark>';
  const after = words.length > limit || (options.cut && shown) ? ` ${EXCERPT_END}` : '';
  return `${shown}${after}`;
}
