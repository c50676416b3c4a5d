import {
  DEFAULT_MAP_BOUNDS,
  MAP_RESOURCE_TYPES,
  type MapListItem,
  type MapResourceType,
} from '@ad/contract';
import type { ApiParams } from '../../lib/api-query.ts';

/**
 * The state of the initiatives page lives in its URL (spec public-site §2 'Initiatives page',
 * §4): the map bounds, the resource type, the search, the filters, the procedure and the contact.
 * These functions read it, write it back, and apply the transitions of §4; the page and the map
 * only call them.
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

/** Coordinates in the URL: 5 decimals (about a metre) keep it short and stable. */
const coordinate = (value: number) => String(Number(value.toFixed(5)));

/** Bounds as the URL writes them: equal keys, equal URLs. */
export const boundsKey = (bounds: MapBounds): string =>
  [bounds.south, bounds.north, bounds.west, bounds.east].map(coordinate).join(',');

/** The query string of a state (`?south=…`), in the spec's order, defaults left out. */
export function mapQuerySearch(query: MapQuery): string {
  const search = new URLSearchParams();
  if (query.bounds) {
    for (const name of ['south', 'north', 'west', 'east'] as const) {
      search.set(name, coordinate(query.bounds[name]));
    }
  }
  if (query.resourceType !== 'all') search.set('resourceType', query.resourceType);
  if (query.q) search.set('q', query.q);
  for (const name of MAP_ARRAY_FILTERS) {
    for (const value of query.filters[name]) search.append(name, value);
  }
  if (query.demarcheId !== null) search.set('demarcheId', String(query.demarcheId));
  if (query.contactId !== null) search.set('contactId', String(query.contactId));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A filter change (spec §4): a new query, with the bounds back to the defaults. */
export function withFilter(query: MapQuery, name: MapArrayFilter, values: readonly string[]) {
  return { ...query, bounds: null, filters: { ...query.filters, [name]: [...new Set(values)] } };
}

/** A search (spec §4): applied with the resource type back to all and the default bounds. */
export function withSearch(query: MapQuery, q: string): MapQuery {
  return { ...query, bounds: null, q: q.trim(), resourceType: 'all' };
}

/**
 * 'Afficher sur la carte': which lists the map and the page show. The procedure filter keeps
 * only initiatives: choosing Tout or Démarches removes it.
 */
export function withResourceType(query: MapQuery, resourceType: MapResourceType): MapQuery {
  const demarcheId = resourceType === 'initiatives' ? query.demarcheId : null;
  return { ...query, resourceType, demarcheId };
}

/**
 * A dismissed filter tag: the procedure or the contact filter removed, with the default bounds.
 * The procedure's initiatives were shown alone ('Voir les initiatives liées'): both types again.
 */
export function withoutFilter(query: MapQuery, name: 'demarcheId' | 'contactId'): MapQuery {
  if (name === 'contactId') return { ...query, bounds: null, contactId: null };
  return { ...query, bounds: null, demarcheId: null, resourceType: 'all' };
}

/**
 * The map moved (spec §4): its bounds become the query's, except while a food procedure filter
 * is active or a detail modal is open. Null when nothing changes.
 *
 * `query` is the address's query; `shown`, the one the page still shows (a navigation is rendered
 * a little later). A move ending in between is dropped when the new query sends the map back to
 * the region (a filter or a search reset the bounds, or the procedure filter, whose markers
 * decided the view, was left): the map reports that view once it shows it.
 */
export function withMovedBounds(
  query: MapQuery,
  bounds: MapBounds,
  context: { detailOpen: boolean; shown: MapQuery },
): MapQuery | null {
  if (query.demarcheId !== null || context.detailOpen) return null;
  const { shown } = context;
  if (!query.bounds && (shown.bounds || shown.demarcheId !== null)) return null;
  if (query.bounds && mapQuerySearch({ ...query, bounds }) === mapQuerySearch(query)) return null;
  return { ...query, bounds };
}

/**
 * 'Voir les initiatives liées' on a procedure (spec §2): its initiatives, the search removed
 * (and the bounds left to the fit on the markers).
 */
export function relatedInitiatives(query: MapQuery, procedureId: number): MapQuery {
  return {
    ...query,
    bounds: null,
    q: '',
    resourceType: 'initiatives',
    demarcheId: procedureId,
  };
}

/**
 * The choice 'Afficher sur la carte' shows: the procedure filter shows its initiatives alone,
 * whatever the address says (a search since, an address without resourceType).
 */
export function shownResourceType(query: MapQuery): MapResourceType {
  return query.demarcheId !== null ? 'initiatives' : query.resourceType;
}

/**
 * The criteria of the map that a report does not take (spec §3 'Export request': the
 * sub-thematics, project holders, beneficiaries and locations only), by name: the export modal
 * says so rather than let the visitor think the report follows them.
 */
export function criteriaNotInReport(query: MapQuery): string[] {
  return [
    query.filters.thematics.length ? 'Thématiques' : null,
    query.q ? `Recherche « ${query.q} »` : null,
    query.demarcheId !== null ? 'Démarche choisie' : null,
    query.contactId !== null ? 'Contact choisi' : null,
  ].filter((name) => name !== null);
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

/** Pages of a list merged in order, each id once (spec §7). */
export function mergePages(pages: readonly (readonly MapListItem[])[]): MapListItem[] {
  const seen = new Set<number>();
  const merged: MapListItem[] = [];
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      merged.push(item);
    }
  }
  return merged;
}

/**
 * The tab to show (spec §2): the current one, unless it is empty while the other is not: the
 * tab switches to the only non-empty type.
 */
export function tabFor(
  current: MapListKind,
  counts: Readonly<Record<MapListKind, number>>,
): MapListKind {
  const other: MapListKind = current === 'initiatives' ? 'foodProcedures' : 'initiatives';
  return counts[current] === 0 && counts[other] > 0 ? other : current;
}
