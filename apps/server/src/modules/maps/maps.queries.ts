import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { foodProcedures } from '../../db/schema/food-procedures.ts';
import { departements } from '../../db/schema/geo.ts';
import { initiatives } from '../../db/schema/initiatives.ts';
import {
  beneficiaries,
  projectHolderTypes,
  subthematics,
  thematics,
} from '../../db/schema/taxonomy.ts';
import type { AppDatabase } from '../../platform/database.ts';
import type { MapSearch } from './maps-search.ts';

/** The two lists of the map: GET /api/initiatives and GET /api/food_procedures. */
export type MapListKind = 'initiatives' | 'foodProcedures';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `column = ANY('{…}'::int[])`: one parameter whatever the number of ids. */
const anyId = (column: unknown, ids: readonly number[]) =>
  sql`${column} = ANY(${`{${ids.join(',')}}`}::int[])`;

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

/** The ids of the published items of a list that the search of `q` matches (one query). */
export async function searchMapItemIds(
  db: AppDatabase,
  kind: MapListKind,
  search: MapSearch,
): Promise<Set<number>> {
  const t = kind === 'initiatives' ? initiatives : foodProcedures;
  const result = await db.execute(sql`
    SELECT coalesce(json_agg(${t.id}), '[]')::text AS ids FROM ${t}
    WHERE ${t.moderationStatus} = 'published'
      AND ${searchCondition(t.searchVector, t.projectHolderTypeId, search)}`);
  return new Set(JSON.parse(rowsOf<{ ids: string }>(result)[0]?.ids ?? '[]') as number[]);
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
