import { MIN_DELAY_DETAIL_MS, type Paginated } from '@ad/contract';
import { apiQuery } from '../../lib/api-query.ts';
import { validCodes, validIds } from '../lists/list-params.ts';

/** A thematic as the API sends it with a contact or a resource filter group. */
export interface ThematicTag {
  name: string;
  color: string;
  class: string;
}

/** Contact of the directory, as GET /api/contacts sends it (spec public-site §3). */
export interface DirectoryContact {
  id: number;
  type: { name: string } | null;
  avatar_url: string | null;
  society_name: string;
  address_line_1: string | null;
  address_line_2: string | null;
  postcode: string | null;
  city: string | null;
  phone: string | null;
  /** Whether the referent can be reached through the form (the address is never sent). */
  society_email: boolean;
  website_url: string | null;
  thematics: ThematicTag[];
  initiatives: { id: number; title: string }[];
  food_procedures: { id: number; title: string }[];
}

export interface ContactFilters {
  types: { id: number; name: string }[];
  locations: { code: string; name: string }[];
}

/** The directory's filter names in the URL and in the API (arrays). */
export const DIRECTORY_FILTERS = ['types', 'locations'] as const;

export const contactFiltersQuery = () => apiQuery<ContactFilters>('/api/contacts/filters');

export const directoryQuery = (state: { page: number; filters: Record<string, string[]> }) =>
  apiQuery<Paginated<DirectoryContact>>(
    '/api/contacts',
    {
      page: state.page,
      types: validIds(state.filters.types ?? []),
      locations: validCodes(state.filters.locations ?? []),
    },
    { minDelayMs: MIN_DELAY_DETAIL_MS },
  );
