import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * The summary of an initiative or a food procedure (spec public-site §3: "markdown or HTML") as
 * safe HTML: items written in the rich-text editor are HTML, older ones markdown. Markdown is
 * rendered first, then everything goes through the same allow-list (no script, style, event
 * handler or javascript: URL survives).
 */

const markdown = new Marked({ gfm: true, breaks: true, async: false });

/** Block or inline tags that mark a text as HTML rather than markdown. */
const HTML_TAG =
  /<\/?(p|div|br|ul|ol|li|strong|b|em|i|u|s|a|h[1-6]|span|blockquote|table|img|pre|code|hr)\b[^>]*>/i;

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sup',
    'sub',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'code',
    'pre',
    'hr',
    'span',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Headings of the page are h1 (title) then h2 (sections): the summary's own start lower.
  transformTags: {
    h1: 'h3',
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
  disallowedTagsMode: 'discard',
};

const isHtml = (text: string) => HTML_TAG.test(text);

/**
 * What the account forms' rich-text editor sends, made safe before it is stored (the same
 * allow-list as what the site shows). Null when nothing visible is left (an empty editor sends
 * `<p></p>`), so that a required field stays required.
 */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, SANITIZE_OPTIONS).trim();
  const visible = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim();
  return visible === '' ? null : clean;
}

/** Sanitised HTML of a markdown or HTML text; null when there is nothing to show. */
export function richTextHtml(source: string | null | undefined): string | null {
  if (!source || !source.trim()) return null;
  const html = isHtml(source) ? source : (markdown.parse(source) as string);
  const clean = sanitizeHtml(html, SANITIZE_OPTIONS).trim();
  return clean === '' ? null : clean;
}
