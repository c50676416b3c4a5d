import { MIN_DELAY_DETAIL_MS } from '@ad/contract';
import { apiQuery } from '../../lib/api-query.ts';

/** Glossary entry, as GET /api/glossary returns it (spec public-site §3). */
export interface GlossaryEntry {
  title: string;
  /** Plain text. */
  definition: string;
}

/**
 * The entries grouped by letter, letters in alphabetical order ('#' first: titles that do not
 * start with a letter); the server folds accents ('Économie' is under 'E') and sorts in French.
 */
export type GlossaryByLetter = Record<string, GlossaryEntry[]>;

export const glossaryQuery = () =>
  apiQuery<{ data: GlossaryByLetter }>('/api/glossary', {}, { minDelayMs: MIN_DELAY_DETAIL_MS });

/** The group of the titles that do not start with a letter. */
export const OTHER_LETTER = '#';

/** The id of a letter's section, the target of the letter index ('#' is not valid in a URL hash). */
export function letterAnchor(letter: string): string {
  return `lettre-${letter === OTHER_LETTER ? 'autres' : letter.toLowerCase()}`;
}

/** schema.org DefinedTermSet of the glossary (the page's JSON-LD). */
export function glossaryJsonLd(groups: GlossaryByLetter) {
  return {
    '@context': 'https://schema.org',
    '@type': 'DefinedTermSet',
    name: 'Glossaire',
    inLanguage: 'fr',
    hasDefinedTerm: Object.values(groups)
      .flat()
      .map((entry) => ({
        '@type': 'DefinedTerm',
        name: entry.title,
        description: entry.definition,
      })),
  };
}
