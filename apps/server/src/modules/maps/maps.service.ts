import {
  FOOD_PROCEDURES_API_PATH,
  INITIATIVES_API_PATH,
  MAP_FIRST_PAGE_SIZE,
  MAP_PAGE_SIZE,
  type MapDetailType,
  type MapFilters,
  type MapItemDetail,
  type MapListPage,
  type MapResourceType,
} from '@ad/contract';
import { EXPORT_PERIOD_OPTIONS, EXPORT_TYPE_OPTIONS } from '@ad/contract/schemas';
import type { AppDatabase } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { pageLink, pageRequestAfterFirst, paginate } from '../../platform/pagination.ts';
import {
  findPublishedItemDetail,
  findPublishedItemVersion,
  findPublishedItemVersions,
} from './maps-detail.queries.ts';
import { mapSearch } from './maps-search.ts';
import { filterMapItems, loadMapItems, type MapIndex } from './map-index.ts';
import { presentMapItemDetail, presentMapListItem } from './maps.presenter.ts';
import {
  listBeneficiaries,
  listDepartements,
  listProjectHolderTypes,
  listSubthematics,
  listThemes,
  searchMapItemIds,
  type MapListKind,
} from './maps.queries.ts';

/**
 * GET /api/initiatives/{id} and GET /api/food_procedures/{id} (`type` 'initiative' or
 * 'demarche'): every field of spec public-site §3. 404 when the item is missing or not published.
 */
export async function readMapItemDetail(
  db: AppDatabase,
  type: MapDetailType,
  id: number,
): Promise<{ data: MapItemDetail }> {
  const row = await findPublishedItemDetail(db, type, id);
  if (!row) throw notFound();
  return { data: presentMapItemDetail(type, row) };
}

/**
 * A string that changes whenever what the PDF sheet shows of readMapItemDetail()'s answer may have
 * changed (the item's, its contact's and its procedure's last update and publication, not the
 * contact's other items); null when the item is missing or not published. Not an ETag of the
 * detail's JSON.
 */
export function readMapItemVersion(
  db: AppDatabase,
  type: MapDetailType,
  id: number,
): Promise<string | null> {
  return findPublishedItemVersion(db, type, id);
}

/** The versions of several published items of one type, by id (the others are missing). */
export function readMapItemVersions(
  db: AppDatabase,
  type: MapDetailType,
  ids: readonly number[],
): Promise<Map<number, string>> {
  return findPublishedItemVersions(db, type, ids);
}

/** The query of GET /api/initiatives and GET /api/food_procedures (spec public-site §7). */
export interface MapListInput {
  page: number;
  /** [south, north] and [west, east]. */
  latitude: [number, number] | null;
  longitude: [number, number] | null;
  /** Accepted for the page's sake; each path answers its own type whatever it says. */
  resourceType?: MapResourceType;
  q: string;
  thematics: number[];
  subthematics: number[];
  projectHolders: number[];
  beneficiaries: number[];
  locations: string[];
  foodProcedureId: number | null;
  contactId: number | null;
}

const LIST_PATHS: Record<MapListKind, string> = {
  initiatives: INITIATIVES_API_PATH,
  foodProcedures: FOOD_PROCEDURES_API_PATH,
};

export interface MapListOptions {
  /** Items of the first page and of each further one (tests use fewer than the contract's). */
  pageSizes?: { first: number; next: number };
  /** The lists kept in memory for the current content (the routes'); without it, read anew. */
  index?: MapIndex;
}

/** The ids that `q` matches: none when it has no word that can be searched. */
async function searchedIds(db: AppDatabase, kind: MapListKind, q: string): Promise<Set<number>> {
  const search = await mapSearch(db, q);
  return search ? searchMapItemIds(db, kind, search) : new Set();
}

/**
 * A page of a map list: published items with a position matching the filters, by id,
 * MAP_FIRST_PAGE_SIZE on the first page and MAP_PAGE_SIZE on each further one, filtered and cut
 * from the list in memory (MapIndex); the French search of `q` is the database's (one or two
 * queries on its lexicon, then the matching ids).
 */
export async function readMapList(
  db: AppDatabase,
  kind: MapListKind,
  input: MapListInput,
  options: MapListOptions = {},
): Promise<MapListPage> {
  const q = input.q.trim();
  const [{ items, themes }, searched] = await Promise.all([
    options.index ? options.index.read(db, kind) : loadMapItems(db, kind),
    q ? searchedIds(db, kind, q) : undefined,
  ]);
  const matching = filterMapItems(items, input, searched);
  const sizes = options.pageSizes ?? { first: MAP_FIRST_PAGE_SIZE, next: MAP_PAGE_SIZE };
  const request = pageRequestAfterFirst(input.page, sizes.first, sizes.next);
  // The list's address: its filters as given (no bounds nor search when null or empty), then page.
  const link = pageLink(LIST_PATHS[kind], { ...input, q });
  return paginate(
    matching
      .slice(request.offset, request.offset + request.perPage)
      .map((item) => presentMapListItem(item.row, themes)),
    matching.length,
    request,
    link,
  );
}

/** GET /api/maps/filters (spec public-site §3 'Map filter options'). */
export async function readMapFilters(db: AppDatabase): Promise<MapFilters> {
  const [locations, holderTypes, beneficiaryRows, themes, subthematicRows] = await Promise.all([
    listDepartements(db),
    listProjectHolderTypes(db),
    listBeneficiaries(db),
    listThemes(db),
    listSubthematics(db),
  ]);
  const themeById = new Map(themes.map((theme) => [theme.id, theme]));
  const groups: MapFilters['subthematics'] = [];
  for (const row of subthematicRows) {
    const theme = themeById.get(row.thematicId);
    if (!theme) continue;
    if (groups.at(-1)?.thematic.id !== theme.id) groups.push({ thematic: theme, subthematics: [] });
    groups.at(-1)!.subthematics.push({ id: row.id, name: row.name });
  }
  return {
    locations,
    project_holder_types: holderTypes,
    beneficiaries: beneficiaryRows,
    subthematics: groups,
    types: EXPORT_TYPE_OPTIONS,
    periods: EXPORT_PERIOD_OPTIONS,
    themes,
  };
}
