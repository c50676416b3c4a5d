import { MIN_DELAY_DETAIL_MS, type Paginated, type ResourceTypeSlug } from '@ad/contract';
import { apiQuery } from '../../lib/api-query.ts';
import { validCodes, validIds } from '../lists/list-params.ts';

/** Resource, as GET /api/resources and /api/resources/{slug} send it (spec public-site §3). */
export interface Resource {
  slug: string;
  name: string;
  /** Sanitised HTML. */
  description: string | null;
  updated_at: string;
  thumbUrl: string | null;
  type: { slug: ResourceTypeSlug; name: string } | null;
  external_url: string | null;
  video_url: string | null;
  /** The document of a 'file' resource: URL and size in bytes. */
  resourceFile: { file: string; size: number } | null;
  category: {
    name: string;
    featured_image: { image: string; name: string | null } | null;
  } | null;
}

export interface ResourceFilters {
  types: { slug: string; name: string }[];
  categories: { id: number; name: string }[];
  subthematics: {
    thematic: { name: string; color: string; class: string };
    subthematics: { id: number; name: string }[];
  }[];
}

/** The resources list's filter names in the URL and in the API (arrays). */
export const RESOURCE_FILTERS = ['categories', 'subthematics', 'types'] as const;

export const resourceFiltersQuery = () => apiQuery<ResourceFilters>('/api/resources/filters');

export const resourcesQuery = (state: { page: number; filters: Record<string, string[]> }) =>
  apiQuery<Paginated<Resource>>(
    '/api/resources',
    {
      page: state.page,
      categories: validIds(state.filters.categories ?? []),
      subthematics: validIds(state.filters.subthematics ?? []),
      types: validCodes(state.filters.types ?? []),
    },
    { minDelayMs: MIN_DELAY_DETAIL_MS },
  );

export const resourceQuery = (slug: string) =>
  apiQuery<{ data: Resource }>(
    '/api/resources/:slug',
    { slug },
    { minDelayMs: MIN_DELAY_DETAIL_MS },
  );
