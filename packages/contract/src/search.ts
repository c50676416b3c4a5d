/**
 * Site search (spec public-site §2 'Search results', §3 'Search result', §7 /api/search): the
 * result types, their French labels, and the anchor of a glossary entry, shared by the server
 * (result URLs) and the web app (type filter, glossary page).
 */

/** Result types, in the order of the 'Types' filter. */
export const SEARCH_TYPES = [
  'posts',
  'events',
  'initiatives',
  'food_procedures',
  'resources',
  'contacts',
  'glossary',
  'faq',
  'documentary_resources',
] as const;

export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  posts: 'Actualités',
  events: 'Évènements',
  initiatives: 'Initiatives',
  food_procedures: 'Démarches',
  resources: 'Ressources',
  contacts: 'Annuaire',
  glossary: 'Glossaire',
  faq: 'FAQ',
  documentary_resources: 'Ressources documentaires',
};

/**
 * A search result (spec §3). `searchable.searchable_description` is an excerpt of at most 30
 * words followed by ' [...]' when cut; it is HTML: the text is escaped and the words matching
 * the query are wrapped in `<mark>`, nothing else. `searchable.searchable_title` is the title the
 * same way. A `documentary_resources` result's `url` is the external address of the resource.
 */
export interface SearchResult {
  type: SearchType;
  title: string;
  url: string;
  searchable: { searchable_description: string; searchable_title: string };
}

/** GET /api/search/filters. */
export interface SearchFilters {
  types: { value: SearchType; label: string }[];
}

/** The id of a contact's card in the directory (`/annuaire#contact-12`): the search links to it. */
export const directoryCardId = (contactId: number): string => `contact-${contactId}`;

/**
 * The anchor of a glossary entry on the glossary page (`/glossaire#circuit-court`): its title
 * without accents, in lower case, runs of other characters as one '-'. The glossary page gives
 * each entry this id; the search links to it.
 */
export function glossaryAnchor(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
