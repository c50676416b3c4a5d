import { sql } from 'drizzle-orm';
import {
  foodProcedureBeneficiaries,
  foodProcedureSubthematics,
  foodProcedureThematics,
  foodProcedures,
} from '../../db/schema/food-procedures.ts';
import {
  initiativeBeneficiaries,
  initiativeSubthematics,
  initiatives,
} from '../../db/schema/initiatives.ts';
import { thematics } from '../../db/schema/taxonomy.ts';
import type { AppDatabase } from '../../platform/database.ts';
import type { MapThemes } from './maps.presenter.ts';
import { listThemes, type MapListKind, type MapListRow } from './maps.queries.ts';

/** A published item with a position, as the index holds it: its list row and what filters read. */
export interface IndexedMapItem {
  row: MapListRow;
  /** Initiatives: their main and secondary thematic; procedures: all of theirs. */
  thematicIds: readonly number[];
  subthematicIds: readonly number[];
  beneficiaryIds: readonly number[];
  projectHolderTypeId: number | null;
  departementCode: string | null;
  /** Initiatives: their procedure; a procedure: its own id (the `foodProcedureId` filter). */
  foodProcedureId: number | null;
  contactId: number | null;
}

/** Every item of one map list, by id, and the themes that colour them. */
export interface MapItems {
  items: readonly IndexedMapItem[];
  themes: MapThemes;
}

/** The map filters of spec public-site §7 but `q` (the search gives a set of ids instead). */
export interface MapItemFilters {
  /** Map bounds: [south, north] and [west, east] (either order), or null for no limit. */
  latitude: readonly [number, number] | null;
  longitude: readonly [number, number] | null;
  /** thematics ids: an initiative's main or secondary thematic, any of a procedure's. */
  thematics: readonly number[];
  subthematics: readonly number[];
  /** project_holder_types ids. */
  projectHolders: readonly number[];
  beneficiaries: readonly number[];
  /** Département codes. */
  locations: readonly string[];
  /** Initiatives of that procedure; on the procedures' list, that procedure. */
  foodProcedureId: number | null;
  contactId: number | null;
}

/** An item as loadMapItems reads it: its list row, then what its filters read. */
type LoadedRow = [
  row: MapListRow,
  thematicIds: number[],
  subthematicIds: number[],
  beneficiaryIds: number[],
  projectHolderTypeId: number | null,
  departementCode: string | null,
  foodProcedureId: number | null,
  contactId: number | null,
];

/**
 * The SELECT of every published item of a list with a position, one JSON array per item: its list
 * row, then what its filters read (a procedure's thematic is its first one by position). Sent back
 * as one JSON text: PGlite decodes rows slowly, and the text crosses to the server's thread as one
 * string.
 */
function loadQuery(kind: MapListKind) {
  if (kind === 'initiatives') {
    return sql`SELECT json_agg(json_build_array(
        json_build_array(i.id, i.title, i.latitude, i.longitude, i.city, i.thematic_id, false),
        array_remove(ARRAY[i.thematic_id, i.secondary_thematic_id], NULL),
        ARRAY(SELECT s.subthematic_id FROM ${initiativeSubthematics} s WHERE s.initiative_id = i.id),
        ARRAY(SELECT b.beneficiary_id FROM ${initiativeBeneficiaries} b WHERE b.initiative_id = i.id),
        i.project_holder_type_id, i.departement_code, i.food_procedure_id, i.contact_id)
        ORDER BY i.id)::text AS data
      FROM ${initiatives} i
      WHERE i.moderation_status = 'published' AND i.latitude IS NOT NULL AND i.longitude IS NOT NULL`;
  }
  return sql`SELECT json_agg(json_build_array(
      json_build_array(p.id, p.title, p.latitude, p.longitude, p.city,
        (SELECT pt.thematic_id FROM ${foodProcedureThematics} pt
          JOIN ${thematics} th ON th.id = pt.thematic_id
          WHERE pt.food_procedure_id = p.id ORDER BY pt.position, th.position, th.id LIMIT 1),
        p.is_pat),
      ARRAY(SELECT pt.thematic_id FROM ${foodProcedureThematics} pt WHERE pt.food_procedure_id = p.id),
      ARRAY(SELECT s.subthematic_id FROM ${foodProcedureSubthematics} s
        WHERE s.food_procedure_id = p.id),
      ARRAY(SELECT b.beneficiary_id FROM ${foodProcedureBeneficiaries} b
        WHERE b.food_procedure_id = p.id),
      p.project_holder_type_id, p.departement_code, p.id, p.contact_id)
      ORDER BY p.id)::text AS data
    FROM ${foodProcedures} p
    WHERE p.moderation_status = 'published' AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL`;
}

/** Every published item of a list with a position, by id, and the themes: two queries. */
export async function loadMapItems(db: AppDatabase, kind: MapListKind): Promise<MapItems> {
  const [result, themes] = await Promise.all([db.execute(loadQuery(kind)), listThemes(db)]);
  const text = (result as unknown as { rows: { data: string | null }[] }).rows[0]?.data;
  const rows = text ? (JSON.parse(text) as LoadedRow[]) : [];
  return {
    items: rows.map(
      ([
        row,
        thematicIds,
        subthematicIds,
        beneficiaryIds,
        projectHolderTypeId,
        departementCode,
        foodProcedureId,
        contactId,
      ]): IndexedMapItem => ({
        row,
        thematicIds,
        subthematicIds,
        beneficiaryIds,
        projectHolderTypeId,
        departementCode,
        foodProcedureId,
        contactId,
      }),
    ),
    themes: new Map(
      themes.map((theme) => [
        theme.id,
        { name: theme.name, color: theme.color, class: theme.class },
      ]),
    ),
  };
}

type Condition = (item: IndexedMapItem) => boolean;

/**
 * Inside both bounds of a pair, smaller first; a west bound east of the east one crosses the
 * antimeridian (Leaflet's bounds never do, other clients might).
 */
function within(pair: readonly [number, number], wraps: boolean): (value: number) => boolean {
  const [a, b] = pair;
  if (wraps && a > b) return (value) => value >= a || value <= b;
  const [low, high] = [Math.min(a, b), Math.max(a, b)];
  return (value) => value >= low && value <= high;
}

/** Whether `values` holds any of `ids`. */
function anyOf<T>(ids: readonly T[]): (values: readonly (T | null)[]) => boolean {
  const wanted = new Set(ids);
  return (values) => values.some((value) => value !== null && wanted.has(value));
}

/**
 * The items matching every filter (spec §7), in the list's order; `searched`: the ids that `q`
 * matches, undefined without `q`.
 */
export function filterMapItems(
  items: readonly IndexedMapItem[],
  filters: MapItemFilters,
  searched?: ReadonlySet<number>,
): IndexedMapItem[] {
  const conditions: Condition[] = [];
  if (searched) conditions.push((item) => searched.has(item.row[0]));
  if (filters.latitude) {
    const inside = within(filters.latitude, false);
    conditions.push((item) => inside(item.row[2]));
  }
  if (filters.longitude) {
    const inside = within(filters.longitude, true);
    conditions.push((item) => inside(item.row[3]));
  }
  const among = <T>(ids: readonly T[], read: (item: IndexedMapItem) => readonly (T | null)[]) => {
    if (!ids.length) return;
    const any = anyOf(ids);
    conditions.push((item) => any(read(item)));
  };
  among(filters.thematics, (item) => item.thematicIds);
  among(filters.subthematics, (item) => item.subthematicIds);
  among(filters.beneficiaries, (item) => item.beneficiaryIds);
  among(filters.projectHolders, (item) => [item.projectHolderTypeId]);
  among(filters.locations, (item) => [item.departementCode]);
  const { foodProcedureId, contactId } = filters;
  if (foodProcedureId !== null) conditions.push((item) => item.foodProcedureId === foodProcedureId);
  if (contactId !== null) conditions.push((item) => item.contactId === contactId);
  return items.filter((item) => conditions.every((matches) => matches(item)));
}

/**
 * The map lists' items in memory, for one generation of the public content (the public response
 * cache's, bumped by every change of public content, platform/public-cache), loaded at the first
 * read after a change (decision 0011). A list page is then filtered and cut from memory: the
 * filters of a map are few and cheap, and the whole region is read anyway by the page. Requests
 * that come while a list loads share its load; while the public cache keeps nothing (its
 * instance deaf to changes, or development), nothing is kept once loaded either.
 */
export class MapIndex {
  readonly #content: { readonly generation: number; readonly keeping?: boolean };
  readonly #lists = new Map<MapListKind, { generation: number; items: Promise<MapItems> }>();

  constructor(content: { readonly generation: number; readonly keeping?: boolean }) {
    this.#content = content;
  }

  read(db: AppDatabase, kind: MapListKind): Promise<MapItems> {
    const generation = this.#content.generation;
    const held = this.#lists.get(kind);
    if (held?.generation === generation) return held.items;
    const entry = { generation, items: loadMapItems(db, kind) };
    this.#lists.set(kind, entry);
    const forget = () => {
      if (this.#lists.get(kind) === entry) this.#lists.delete(kind);
    };
    entry.items.then(() => {
      if (this.#content.keeping === false) forget();
    }, forget);
    return entry.items;
  }
}
