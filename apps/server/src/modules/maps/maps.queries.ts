import { asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  foodProcedureBeneficiaries,
  foodProcedureSubthematics,
  foodProcedureThematics,
  foodProcedures,
} from '../../db/schema/food-procedures.ts';
import { departements } from '../../db/schema/geo.ts';
import {
  initiativeBeneficiaries,
  initiativeSubthematics,
  initiatives,
} from '../../db/schema/initiatives.ts';
import {
  beneficiaries,
  projectHolderTypes,
  subthematics,
  thematics,
} from '../../db/schema/taxonomy.ts';
import { PgliteThread } from '../../db/pglite-thread.ts';
import type { AppDatabase } from '../../platform/database.ts';
import type { PageRequest } from '../../platform/pagination.ts';
import type { MapSearch } from './maps-search.ts';

/** The two lists of the map: GET /api/initiatives and GET /api/food_procedures. */
export type MapListKind = 'initiatives' | 'foodProcedures';

export interface MapListFilters {
  /** Map bounds: [south, north] and [west, east] (either order), or null for no limit. */
  latitude: readonly [number, number] | null;
  longitude: readonly [number, number] | null;
  /** thematics ids: an initiative's main or secondary thematic, any of a procedure's. */
  thematics: number[];
  subthematics: number[];
  /** project_holder_types ids. */
  projectHolders: number[];
  beneficiaries: number[];
  /** Département codes. */
  locations: string[];
  /** Initiatives of that procedure; on the procedures' list, that procedure. */
  foodProcedureId: number | null;
  contactId: number | null;
  /** `q`: undefined without a query, null for a query that can match nothing. */
  search: MapSearch | null | undefined;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `column = ANY('{…}'::int[])`: one parameter whatever the number of ids. */
const anyId = (column: unknown, ids: readonly number[]) =>
  sql`${column} = ANY(${`{${ids.join(',')}}`}::int[])`;

/**
 * Both bounds of a pair, smaller first; a west bound east of the east one crosses the
 * antimeridian (Leaflet's bounds never do, other clients might).
 */
function within(column: unknown, pair: readonly [number, number], wraps: boolean): SQL {
  const [a, b] = pair;
  if (wraps && a > b) return sql`(${column} >= ${a} OR ${column} <= ${b})`;
  return sql`${column} BETWEEN ${Math.min(a, b)} AND ${Math.max(a, b)}`;
}

/** The part of the WHERE clause that `q` adds (every word must match). */
function searchCondition(vector: unknown, holderColumn: unknown, search: MapSearch): SQL {
  const parts: SQL[] = [];
  if (search.vectorQuery) parts.push(sql`${vector} @@ ${search.vectorQuery}::tsquery`);
  for (const either of search.eitherQueries) {
    const byHolder = anyId(holderColumn, either.projectHolderTypeIds);
    parts.push(
      either.vectorQuery
        ? sql`(${vector} @@ ${either.vectorQuery}::tsquery OR ${byHolder})`
        : byHolder,
    );
  }
  return sql.join(parts, sql` AND `);
}

/** Published items with a position that match the filters (spec §7), as one condition. */
function matching(kind: MapListKind, filters: MapListFilters): SQL {
  const t = kind === 'initiatives' ? initiatives : foodProcedures;
  const conditions: SQL[] = [
    sql`${t.moderationStatus} = 'published'`,
    isNotNull(t.latitude) as SQL,
    isNotNull(t.longitude) as SQL,
  ];
  if (filters.latitude) conditions.push(within(t.latitude, filters.latitude, false));
  if (filters.longitude) conditions.push(within(t.longitude, filters.longitude, true));
  if (filters.projectHolders.length) {
    conditions.push(anyId(t.projectHolderTypeId, filters.projectHolders));
  }
  if (filters.locations.length) {
    conditions.push(inArray(t.departementCode, filters.locations) as SQL);
  }
  if (filters.contactId !== null) conditions.push(eq(t.contactId, filters.contactId) as SQL);
  if (filters.search === null) conditions.push(sql`false`);
  else if (filters.search) {
    conditions.push(searchCondition(t.searchVector, t.projectHolderTypeId, filters.search));
  }

  // Linked to any of `ids` through a join table (themes, subthematics, beneficiaries).
  const linked = (table: PgTable, owner: unknown, column: unknown, ids: readonly number[]) =>
    sql`EXISTS (SELECT 1 FROM ${table} WHERE ${owner} = ${t.id} AND ${anyId(column, ids)})`;
  if (kind === 'initiatives') {
    if (filters.thematics.length) {
      conditions.push(
        sql`(${anyId(initiatives.thematicId, filters.thematics)} OR ${anyId(
          initiatives.secondaryThematicId,
          filters.thematics,
        )})`,
      );
    }
    if (filters.subthematics.length) {
      const j = initiativeSubthematics;
      conditions.push(linked(j, j.initiativeId, j.subthematicId, filters.subthematics));
    }
    if (filters.beneficiaries.length) {
      const j = initiativeBeneficiaries;
      conditions.push(linked(j, j.initiativeId, j.beneficiaryId, filters.beneficiaries));
    }
    if (filters.foodProcedureId !== null) {
      conditions.push(eq(initiatives.foodProcedureId, filters.foodProcedureId) as SQL);
    }
  } else {
    if (filters.thematics.length) {
      const j = foodProcedureThematics;
      conditions.push(linked(j, j.foodProcedureId, j.thematicId, filters.thematics));
    }
    if (filters.subthematics.length) {
      const j = foodProcedureSubthematics;
      conditions.push(linked(j, j.foodProcedureId, j.subthematicId, filters.subthematics));
    }
    if (filters.beneficiaries.length) {
      const j = foodProcedureBeneficiaries;
      conditions.push(linked(j, j.foodProcedureId, j.beneficiaryId, filters.beneficiaries));
    }
    if (filters.foodProcedureId !== null) {
      conditions.push(eq(foodProcedures.id, filters.foodProcedureId) as SQL);
    }
  }
  return sql.join(conditions, sql` AND `);
}

/** A row of a map list: [id, title, latitude, longitude, city, thematic id, is_pat]. */
export type MapListRow = [
  id: number,
  title: string,
  latitude: number,
  longitude: number,
  city: string | null,
  thematicId: number | null,
  isPat: boolean,
];

/**
 * PGlite (WebAssembly) decodes rows slowly: a page of rows of columns cost more than the query, so
 * it sends a page as one JSON text (which also crosses to the server's thread as one string).
 * node-postgres decodes rows faster than PostgreSQL builds JSON.
 */
const sendsJson = (db: AppDatabase) =>
  (db as unknown as { $client?: unknown }).$client instanceof PgliteThread;

/**
 * One page of a map list, by id (pages never overlap and merge without duplicates): an
 * initiative's main thematic, a procedure's first one (by position). One query: the page's ids
 * first, from the index of the published items with a position (initiatives_map_idx,
 * food_procedures_map_idx: the offset is skipped in the index alone), then those rows.
 */
export async function listMapItems(
  db: AppDatabase,
  kind: MapListKind,
  filters: MapListFilters,
  page: PageRequest,
): Promise<MapListRow[]> {
  const t = kind === 'initiatives' ? initiatives : foodProcedures;
  const pageIds = sql`ARRAY(SELECT ${t.id} FROM ${t} WHERE ${matching(kind, filters)}
    ORDER BY ${t.id} LIMIT ${page.perPage} OFFSET ${page.offset})`;
  const rows =
    kind === 'initiatives'
      ? sql`SELECT i.id, i.title, i.latitude, i.longitude, i.city, i.thematic_id, false AS is_pat
          FROM ${initiatives} i WHERE i.id = ANY(${pageIds})`
      : sql`WITH page AS (
            SELECT p.id, p.title, p.latitude, p.longitude, p.city, p.is_pat
            FROM ${foodProcedures} p WHERE p.id = ANY(${pageIds})
          ),
          first_thematic AS (
            SELECT DISTINCT ON (pt.food_procedure_id) pt.food_procedure_id, pt.thematic_id
            FROM ${foodProcedureThematics} pt JOIN ${thematics} th ON th.id = pt.thematic_id
            WHERE pt.food_procedure_id IN (SELECT id FROM page)
            ORDER BY pt.food_procedure_id, pt.position, th.position, th.id
          )
          SELECT p.id, p.title, p.latitude, p.longitude, p.city, ft.thematic_id, p.is_pat
          FROM page p LEFT JOIN first_thematic ft ON ft.food_procedure_id = p.id`;
  if (sendsJson(db)) {
    const result = await db.execute(sql`
      SELECT json_agg(json_build_array(r.id, r.title, r.latitude, r.longitude, r.city,
        r.thematic_id, r.is_pat) ORDER BY r.id)::text AS data
      FROM (${rows}) r`);
    const data = rowsOf<{ data: string | null }>(result)[0]?.data;
    return data ? (JSON.parse(data) as MapListRow[]) : [];
  }
  const result = await db.execute(sql`SELECT * FROM (${rows}) r ORDER BY r.id`);
  return rowsOf<{
    id: number;
    title: string;
    latitude: number;
    longitude: number;
    city: string | null;
    thematic_id: number | null;
    is_pat: boolean;
  }>(result).map((r) => [r.id, r.title, r.latitude, r.longitude, r.city, r.thematic_id, r.is_pat]);
}

/** The number of items of a map list (same WHERE as the page). */
export async function countMapItems(
  db: AppDatabase,
  kind: MapListKind,
  filters: MapListFilters,
): Promise<number> {
  const t = kind === 'initiatives' ? initiatives : foodProcedures;
  const result = await db.execute(
    sql`SELECT count(*)::int AS total FROM ${t} WHERE ${matching(kind, filters)}`,
  );
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
}

/** The départements of the region (the `locations` filter). */
export function listDepartements(db: AppDatabase) {
  return db
    .select({ code: departements.code, name: departements.name })
    .from(departements)
    .orderBy(asc(departements.code));
}

export function listProjectHolderTypes(db: AppDatabase) {
  return db
    .select({ id: projectHolderTypes.id, name: projectHolderTypes.name })
    .from(projectHolderTypes)
    .orderBy(asc(projectHolderTypes.position), asc(projectHolderTypes.name));
}

export function listBeneficiaries(db: AppDatabase) {
  return db
    .select({ id: beneficiaries.id, name: beneficiaries.name })
    .from(beneficiaries)
    .orderBy(asc(beneficiaries.position), asc(beneficiaries.name));
}

/** Every theme, in order. */
export function listThemes(db: AppDatabase) {
  return db
    .select({
      id: thematics.id,
      name: thematics.name,
      color: thematics.color,
      class: thematics.class,
    })
    .from(thematics)
    .orderBy(asc(thematics.position), asc(thematics.id));
}

/** Every subthematic with its thematic id, themes in order (grouped by the service). */
export function listSubthematics(db: AppDatabase) {
  return db
    .select({ thematicId: subthematics.thematicId, id: subthematics.id, name: subthematics.name })
    .from(subthematics)
    .innerJoin(thematics, eq(thematics.id, subthematics.thematicId))
    .orderBy(
      asc(thematics.position),
      asc(thematics.id),
      asc(subthematics.position),
      asc(subthematics.name),
    );
}
