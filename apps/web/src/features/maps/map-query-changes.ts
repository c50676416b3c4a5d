import type { MapListItem, MapResourceType } from '@ad/contract';
import {
  MAP_ARRAY_FILTERS,
  type MapArrayFilter,
  type MapBounds,
  type MapListKind,
  type MapQuery,
} from './map-query.ts';

/**
 * The initiatives page's URL state (map-query.ts) written back, and the transitions of spec §4:
 * what the page and the map do with it. Kept apart from the route's reading, so that the app's
 * entry chunk does not carry them.
 */

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
