import { z } from 'zod';
import {
  directoryCardId,
  glossaryAnchor,
  pathTo,
  SEARCH_TYPE_LABELS,
  SEARCH_TYPES,
  type SearchResult,
  type SearchType,
} from '@ad/contract';
import { DEFAULT_PER_PAGE } from '../../platform/pagination.ts';
import type { ResultRow } from './search.queries.ts';

/** Search result (spec public-site §3): type, title, url, searchable.searchable_description. */
export const searchResultSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  title: z.string(),
  url: z.string(),
  searchable: z.object({
    /** Escaped text with `<mark>` around the matching words, at most 30 words then [...]. */
    searchable_description: z.string(),
    /** The title, escaped, with `<mark>` around the matching words. */
    searchable_title: z.string(),
  }),
});

export const searchFiltersSchema = z.object({
  types: z.array(z.object({ value: z.enum(SEARCH_TYPES), label: z.string() })),
});

export function presentSearchFilters(): z.infer<typeof searchFiltersSchema> {
  return { types: SEARCH_TYPES.map((value) => ({ value, label: SEARCH_TYPE_LABELS[value] })) };
}

/** Where a result leads (internal paths from the route table, or the item's own address). */
export function resultUrl(row: ResultRow): string {
  switch (row.type) {
    case 'posts':
      return pathTo('post', { slug: row.slug ?? '' });
    case 'events':
      // The event's post, else its "more info" address, else the agenda on its first day.
      if (row.postSlug && !row.externalUrl) return pathTo('post', { slug: row.postSlug });
      if (row.externalUrl) return row.externalUrl;
      return `${pathTo('events')}?day=${row.day ?? ''}`;
    case 'initiatives':
      return pathTo('initiative-item', {
        selectedResourceType: 'initiative',
        selectedResource: row.id,
      });
    case 'food_procedures':
      return pathTo('initiative-item', {
        selectedResourceType: 'demarche',
        selectedResource: row.id,
      });
    case 'resources':
      return pathTo('resource', { slug: row.slug ?? '' });
    case 'documentary_resources':
      return row.externalUrl ?? pathTo('resource', { slug: row.slug ?? '' });
    case 'contacts': {
      // The contact's card in the directory (it has no text filter), narrowed to the contact's
      // type and département, on the card's page: the card gives the address, phone and the
      // contact form.
      const search = new URLSearchParams();
      if (row.typeId !== null) search.set('types', String(row.typeId));
      if (row.location) search.set('locations', row.location);
      const page = Math.floor((row.place ?? 0) / DEFAULT_PER_PAGE) + 1;
      if (page > 1) search.set('page', String(page));
      const query = search.toString();
      return `${pathTo('contacts')}${query ? `?${query}` : ''}#${directoryCardId(row.id)}`;
    }
    case 'glossary':
      return `${pathTo('glossary')}#${glossaryAnchor(row.title)}`;
    case 'faq':
      return pathTo('faq-item', { slug: row.slug ?? '' });
  }
}

export function presentSearchResult(
  row: ResultRow,
  highlighted: { title: string; description: string },
): SearchResult {
  return {
    type: row.type as SearchType,
    title: row.title,
    url: resultUrl(row),
    searchable: {
      searchable_description: highlighted.description,
      searchable_title: highlighted.title,
    },
  };
}
