import { DEFAULT_MAP_BOUNDS, MAP_RESOURCE_TYPES, type MapResourceType } from '@ad/contract';
import type { ApiParams } from '../../lib/api-query.ts';

/**
 * The state of the initiatives page lives in its URL (spec public-site §2 'Initiatives page',
 * §4): the map bounds, the resource type, the search, the filters, the procedure and the contact.
 * This module reads it and names the lists it fetches: the route's data (in the app's entry
 * chunk, with the route table). Writing it back and the transitions of §4, which only the page
 * and the map need, are in map-query-changes.ts (in the page's chunk).
 */

export interface MapBounds {
  south: number;
  north: number;
  west: number;
  east: number;
}

/** The filters chosen in the filter bar: ids, and département codes for `locations`. */
export const MAP_ARRAY_FILTERS = [
  'thematics',
  'subthematics',
  'projectHolders',
  'beneficiaries',
  'locations',
] as const;
export type MapArrayFilter = (typeof MAP_ARRAY_FILTERS)[number];

export interface MapQuery {
  /** Null when the URL has none: the map then shows the default bounds and writes them back. */
  bounds: MapBounds | null;
  resourceType: MapResourceType;
  q: string;
  filters: Record<MapArrayFilter, string[]>;
  /** A food procedure: the list shows its initiatives. */
  demarcheId: number | null;
  contactId: number | null;
}

/** The two lists of the page, named as the API paths' resources. */
export type MapListKind = 'foodProcedures' | 'initiatives';

const ID = /^[1-9]\d{0,9}$/;
// Département codes: 2A, 2B, 01…95, 971…976.
const DEPARTEMENT = /^(?:\d{2,3}|2[AB])$/;

/** A positive integer id of the URL (spec §5: ids are parsed to numbers), else null. */
export const parseId = (value: string | null | undefined): number | null =>
  value && ID.test(value) ? Number(value) : null;

function valuesOf(search: URLSearchParams, name: string): string[] {
  // `name[]` too, and `a,b` in one value, as the API accepts them.
  return [...search.getAll(name), ...search.getAll(`${name}[]`)].flatMap((v) => v.split(','));
}

function boundsFrom(search: URLSearchParams): MapBounds | null {
  const read = (name: keyof MapBounds) => {
    const raw = search.get(name);
    const value = raw === null || raw.trim() === '' ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  };
  const south = read('south');
  const north = read('north');
  const west = read('west');
  const east = read('east');
  if (south === null || north === null || west === null || east === null) return null;
  const inRange = Math.abs(south) <= 90 && Math.abs(north) <= 90;
  if (!inRange || south >= north || west >= east) return null;
  return { south, north, west, east };
}

/** Reads the page's state from its query string; what does not parse is left out. */
export function mapQueryFrom(search: URLSearchParams): MapQuery {
  const type = search.get('resourceType');
  const filters = {} as Record<MapArrayFilter, string[]>;
  for (const name of MAP_ARRAY_FILTERS) {
    const valid = name === 'locations' ? DEPARTEMENT : ID;
    // Each value once (spec §5: multi-select filters add an item only once).
    filters[name] = [...new Set(valuesOf(search, name).filter((v) => valid.test(v)))];
  }
  const q = (search.get('q') ?? '').trim();
  return {
    bounds: boundsFrom(search),
    // With a search active, the resource type is all (spec §4), whatever the URL says.
    resourceType:
      q === '' && MAP_RESOURCE_TYPES.includes(type as MapResourceType)
        ? (type as MapResourceType)
        : 'all',
    q,
    filters,
    demarcheId: parseId(search.get('demarcheId')),
    contactId: parseId(search.get('contactId')),
  };
}

/** The lists a state fetches and shows: both, or the one of the resource type. */
export function listsOf(query: MapQuery): MapListKind[] {
  if (query.demarcheId !== null) return ['initiatives'];
  if (query.resourceType === 'all') return ['foodProcedures', 'initiatives'];
  return [query.resourceType];
}

/**
 * The parameters of one page of a list (spec §7), for `apiQuery`: the bounds as `latitude`
 * (south, north) and `longitude` (west, east) pairs, the default bounds when the URL has none.
 */
export function listApiParams(query: MapQuery, kind: MapListKind, page: number): ApiParams {
  const bounds = query.bounds ?? DEFAULT_MAP_BOUNDS;
  const round = (value: number) => Number(value.toFixed(5));
  return {
    page,
    latitude: [round(bounds.south), round(bounds.north)],
    longitude: [round(bounds.west), round(bounds.east)],
    resourceType: query.demarcheId !== null ? 'initiatives' : query.resourceType,
    q: query.q,
    ...query.filters,
    foodProcedureId: kind === 'initiatives' ? query.demarcheId : null,
    contactId: query.contactId,
  };
}
