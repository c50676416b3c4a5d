import { useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { DEFAULT_MAP_BOUNDS, type MapListItem, type MapListPage } from '@ad/contract';
import { mapListPageQuery } from './api.ts';
import { listsOf, type MapBounds, type MapListKind, type MapQuery } from './map-query.ts';
import { mergePages } from './map-query-changes.ts';

export type MapLists = Record<MapListKind, readonly MapListItem[]>;

export interface MapListsState {
  /**
   * The map's markers: the last result whose every page of every needed type completed, for the
   * area it was fetched for (the whole region by default). It only changes with a new result: the
   * map clips it to its view itself.
   */
  mapped: MapLists;
  /** The lists of the view: `mapped` narrowed to the query's bounds. */
  lists: MapLists;
  /**
   * The side list's: `lists`, or before the first complete result (the server's render, then
   * until every page has come) the first page of each list.
   */
  listed: MapLists;
  /** The tabs' counts: the lengths of `lists`, or the lists' totals with their first pages. */
  totals: Record<MapListKind, number>;
  /** True while a page is being fetched (spec §4: the loading flag). */
  loading: boolean;
  /** Whether `lists` already answers the current query (false before the first result). */
  ready: boolean;
  error: Error | null;
}

/** A complete result fetched from the API: every page of every list the query needs. */
interface Fetched {
  /** The query without its bounds. */
  scope: string;
  bounds: MapBounds;
  pages: (MapListPage | undefined)[];
  lists: MapLists;
}

const EMPTY: MapLists = { foodProcedures: [], initiatives: [] };

const scopeOf = (query: MapQuery) =>
  JSON.stringify([
    query.resourceType,
    query.q,
    query.filters,
    query.demarcheId,
    query.contactId,
    listsOf(query),
  ]);

const contains = (outer: MapBounds, inner: MapBounds) =>
  outer.south <= inner.south &&
  outer.north >= inner.north &&
  outer.west <= inner.west &&
  outer.east >= inner.east;

const sameBounds = (a: MapBounds, b: MapBounds) => contains(a, b) && contains(b, a);

/**
 * The part of `bounds` where items can be: every item lies in the region, inside the default
 * bounds (positions come from the region's communes). Null when the view is outside it.
 */
function withinRegion(bounds: MapBounds): MapBounds | null {
  const region = DEFAULT_MAP_BOUNDS;
  const part = {
    south: Math.max(bounds.south, region.south),
    north: Math.min(bounds.north, region.north),
    west: Math.max(bounds.west, region.west),
    east: Math.min(bounds.east, region.east),
  };
  return part.south <= part.north && part.west <= part.east ? part : null;
}

/** The items of `lists` inside `bounds`, as the API's bounds filter keeps them. */
function within(lists: MapLists, bounds: MapBounds): MapLists {
  const inside = (item: MapListItem) =>
    item.latitude >= bounds.south &&
    item.latitude <= bounds.north &&
    item.longitude >= bounds.west &&
    item.longitude <= bounds.east;
  return {
    foodProcedures: lists.foodProcedures.filter(inside),
    initiatives: lists.initiatives.filter(inside),
  };
}

const samePages = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((page, index) => page === b[index]);

/**
 * The two lists of the initiatives page (spec §4, §7): the first page of each needed type, then
 * every further page up to `meta.last_page` at once; the pages are merged without duplicate ids
 * and swapped in only when both types have completed, so the map never shows half a result. A
 * changed query leaves the previous requests without observers, which cancels them (TanStack
 * Query aborts the fetch's signal). The server renders the first page of each list (its first
 * rows) and has the browser preload every further page (pages/initiatives/initiatives.ts).
 *
 * A map move inside the area of the last complete result (zooming in, panning within the region)
 * needs no request: the same filters give the same items, so that result is narrowed to the new
 * bounds in the browser. As items only lie inside the region, a result for the whole region
 * covers any view. The whole region is thus transferred once per set of filters.
 */
export function useMapLists(query: MapQuery): MapListsState {
  const kinds = listsOf(query);
  const scope = scopeOf(query);
  const view = query.bounds ?? DEFAULT_MAP_BOUNDS;
  const needed = withinRegion(view);
  const covers = (result: { scope: string; bounds: MapBounds } | null) =>
    result !== null &&
    result.scope === scope &&
    (needed === null || contains(result.bounds, needed));

  // What is fetched: the view of the query, kept while later views stay inside it (the map
  // reports its first bounds while the first result is still loading: no second request).
  const [target, setTarget] = useState({ scope, bounds: view });
  if (!covers(target)) setTarget({ scope, bounds: view });
  const fetchQuery = { ...query, bounds: target.bounds };

  // The first page of each list with its totals (the server renders it), then every other page.
  const firsts = useQueries({
    queries: kinds.map((kind) => mapListPageQuery(kind, fetchQuery, 1)),
  });
  const rest = kinds.flatMap((kind, index) => {
    const lastPage = firsts[index]?.data?.meta.last_page ?? 1;
    return Array.from({ length: lastPage - 1 }, (_, i) => ({ kind, page: i + 2 }));
  });
  const others = useQueries({
    queries: rest.map(({ kind, page }) => mapListPageQuery(kind, fetchQuery, page)),
  });
  const results = [...firsts, ...others];
  const complete = results.every((result) => result.data);

  // A new complete result replaces the last one (derived state, updated during render: React
  // renders again at once, before painting).
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const pages = results.map((result) => result.data);
  if (
    complete &&
    (!fetched ||
      fetched.scope !== target.scope ||
      !sameBounds(fetched.bounds, target.bounds) ||
      !samePages(fetched.pages, pages))
  ) {
    const byKind: Record<MapListKind, MapListItem[][]> = { foodProcedures: [], initiatives: [] };
    kinds.forEach((kind, index) => byKind[kind].push(firsts[index]!.data!.data));
    rest.forEach(({ kind }, index) => byKind[kind].push(others[index]!.data!.data));
    setFetched({
      scope: target.scope,
      bounds: target.bounds,
      pages,
      lists: {
        foodProcedures: mergePages(byKind.foodProcedures),
        initiatives: mergePages(byKind.initiatives),
      },
    });
  }

  // Before any complete result: the first page of each list (pages are by id, so the first rows
  // of the result), with each list's total, which the server renders (the list is the page's
  // content, readable without JavaScript). The map waits for the complete result.
  const firstPages = !fetched && !complete ? kinds.map((_, index) => firsts[index]?.data) : [];
  const [firstOfA, firstOfB] = firstPages;
  const kindsKey = kinds.join(',');
  const beginning = useMemo(() => {
    const listKinds = kindsKey.split(',') as MapListKind[];
    const pages = [firstOfA, firstOfB].slice(0, listKinds.length);
    if (pages.length === 0 || !pages.every((page) => page !== undefined)) return null;
    const listed: MapLists = { ...EMPTY };
    const totals = { foodProcedures: 0, initiatives: 0 };
    listKinds.forEach((kind, index) => {
      listed[kind] = pages[index]!.data;
      totals[kind] = pages[index]!.meta.total;
    });
    return { listed, totals };
  }, [kindsKey, firstOfA, firstOfB]);

  const covered = covers(fetched);
  const { south, north, west, east } = view;
  const lists = useMemo(() => {
    if (!fetched) return EMPTY;
    if (!covered) return fetched.lists; // the previous result, until the new one completes
    const bounds = { south, north, west, east };
    return sameBounds(fetched.bounds, bounds) ? fetched.lists : within(fetched.lists, bounds);
  }, [fetched, covered, south, north, west, east]);

  const lengths = useMemo(
    () => ({ foodProcedures: lists.foodProcedures.length, initiatives: lists.initiatives.length }),
    [lists],
  );
  return {
    mapped: fetched?.lists ?? EMPTY,
    lists,
    listed: beginning?.listed ?? lists,
    totals: beginning?.totals ?? lengths,
    loading: results.some((result) => result.isFetching),
    ready: covered,
    // The current query failed (the previous result stays on screen).
    error: covered ? null : (results.find((result) => result.error)?.error ?? null),
  };
}
