import {
  MAP_DETAIL_TYPES,
  pathTo,
  type MapDetailType,
  type MapItemDetail,
  type MapListPage,
} from '@ad/contract';
import { apiQuery } from '../../lib/api-query.ts';
import { mapDetailQuery, mapFiltersQuery, mapListPageQuery } from '../../features/maps/api.ts';
import { listsOf, mapQueryFrom, parseId, type MapListKind } from '../../features/maps/map-query.ts';
import type { FollowUpQuery, PageMatch, PageQuery } from '../../app/pages.ts';

/** The item of the detail route, when its type and id are valid (spec §5), else null. */
export function detailOf(params: PageMatch['params']): { type: MapDetailType; id: number } | null {
  const type = params.selectedResourceType as MapDetailType;
  const id = parseId(params.selectedResource);
  if (!MAP_DETAIL_TYPES.includes(type) || id === null) return null;
  return { type, id };
}

/** The detail route of a list item, keeping the page's query (closing the modal goes back to it). */
export function detailPath(kind: MapListKind, id: number, search: string): string {
  const selectedResourceType: MapDetailType = kind === 'initiatives' ? 'initiative' : 'demarche';
  return pathTo('initiative-item', { selectedResourceType, selectedResource: id }) + search;
}

/**
 * What the server renders on /initiatives: the filters, the first page of each list (its first
 * rows and its page count), and with a procedure filter the procedure, whose title its tag shows
 * ('Démarche : {title}', map-filter-tags.tsx; last, so that the lists' first pages keep their
 * places for the follow-ups).
 */
export function initiativesQueries({ search }: PageMatch): PageQuery[] {
  const query = mapQueryFrom(search);
  return [
    mapFiltersQuery(),
    ...listsOf(query).map((kind) => mapListPageQuery(kind, query, 1)),
    ...(query.demarcheId === null ? [] : [mapDetailQuery('demarche', query.demarcheId)]),
  ];
}

/**
 * Every further page of each list (2 to `meta.last_page`), which the page fetches once hydrated
 * (features/maps/use-map-lists.ts), from the data of `initiativesQueries`: the filters, then the
 * first page of each list with its page count.
 */
export function initiativesFollowUps(
  [, ...firstPages]: [unknown, ...(MapListPage | undefined)[]],
  { search }: PageMatch,
): FollowUpQuery[] {
  const query = mapQueryFrom(search);
  return listsOf(query).flatMap((kind, index) => {
    // A list the server could not read (refused parameters): the browser shows its error.
    const lastPage = firstPages[index]?.meta.last_page ?? 1;
    return Array.from({ length: lastPage - 1 }, (_, i) => mapListPageQuery(kind, query, i + 2));
  });
}

/**
 * The detail route renders the same page with the item's modal: the item first (it fills the
 * title and the breadcrumb; a missing one is the 404 page). A malformed type or id reads id 0,
 * which the API refuses, so that such a URL is a 404 too.
 */
export function initiativeItemQueries(match: PageMatch): PageQuery[] {
  const detail = detailOf(match.params);
  return [
    detail ? mapDetailQuery(detail.type, detail.id) : apiQuery('/api/initiatives/:id', { id: 0 }),
    ...initiativesQueries(match),
  ];
}

/** The fields of the item that fill the route's ':title' and ':summary'. */
export const initiativeItem = ({ data }: { data: MapItemDetail }) => ({
  title: data.title,
  summary: data.summary,
});
