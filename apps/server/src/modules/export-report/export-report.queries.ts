import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { ExportCriteria } from '@ad/contract/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { departements } from '../../db/schema/geo.ts';
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
import {
  beneficiaries,
  progressStatuses,
  projectHolderTypes,
  subthematics,
  thematics,
} from '../../db/schema/taxonomy.ts';

/** Kind of a report line: the two public resource types of the map. */
export type ItemKind = 'initiative' | 'foodProcedure';

/** Inclusive calendar dates (YYYY-MM-DD) of the requested period; null: no time limit. */
export interface DateRange {
  start: string;
  end: string;
}

/** One line of the report (an initiative or a food procedure, published). */
export interface ReportItem {
  kind: ItemKind;
  id: number;
  title: string;
  summary: string | null;
  departementCode: string | null;
  departementName: string | null;
  city: string | null;
  postcode: string | null;
  projectHolder: string | null;
  /** Main thematic: an initiative's thematic, a procedure's first one. */
  thematic: { name: string; color: string } | null;
  /** An initiative's secondary thematic, a procedure's other thematics. */
  otherThematics: string[];
  subthematics: string[];
  beneficiaries: string[];
  status: string | null;
  releasedAt: string | null;
  endedAt: string | null;
  publishedAt: Date | null;
  /** The published food procedure an initiative belongs to. */
  foodProcedureTitle: string | null;
  /** Procedures only. */
  isPat: boolean | null;
}

/** Names of the requested criteria, to state them in the report (unknown ids are left out). */
export async function criteriaNames(db: DbOrTx, criteria: ExportCriteria) {
  const byIds = async (table: typeof subthematics | typeof beneficiaries, ids: number[]) =>
    ids.length
      ? (
          await db
            .select({ id: table.id, name: table.name })
            .from(table)
            .where(inArray(table.id, ids))
            .orderBy(asc(table.position), asc(table.name))
        ).map((r) => r.name)
      : [];
  const [subs, holders, bens, deps] = await Promise.all([
    byIds(subthematics, criteria.subthematics),
    criteria.projectHolders.length
      ? db
          .select({ name: projectHolderTypes.name })
          .from(projectHolderTypes)
          .where(inArray(projectHolderTypes.id, criteria.projectHolders))
          .orderBy(asc(projectHolderTypes.position), asc(projectHolderTypes.name))
          .then((rows) => rows.map((r) => r.name))
      : [],
    byIds(beneficiaries, criteria.beneficiaries),
    criteria.locations.length
      ? db
          .select({ code: departements.code, name: departements.name })
          .from(departements)
          .where(inArray(departements.code, criteria.locations))
          .orderBy(asc(departements.code))
          .then((rows) => rows.map((r) => departementLabel(r.code, r.name) ?? r.code))
      : [],
  ]);
  return { subthematics: subs, projectHolders: holders, beneficiaries: bens, locations: deps };
}

/** Which of `ids` / `codes` do not exist (the form only offers existing ones). */
export async function unknownCriteria(db: DbOrTx, criteria: ExportCriteria) {
  const missing = async <T extends number | string>(
    values: T[],
    table: PgTable,
    column: AnyPgColumn,
  ): Promise<T[]> => {
    if (values.length === 0) return [];
    const rows = (await db
      .select({ value: column })
      .from(table)
      .where(inArray(column, values))) as { value: T }[];
    const found = new Set(rows.map((r) => r.value));
    return values.filter((v) => !found.has(v));
  };
  const [subs, holders, bens, deps] = await Promise.all([
    missing(criteria.subthematics, subthematics, subthematics.id),
    missing(criteria.projectHolders, projectHolderTypes, projectHolderTypes.id),
    missing(criteria.beneficiaries, beneficiaries, beneficiaries.id),
    missing(criteria.locations, departements, departements.code),
  ]);
  return { subthematics: subs, projectHolders: holders, beneficiaries: bens, locations: deps };
}

export const departementLabel = (code: string | null, name: string | null): string | null =>
  code ? (name ? `${name} (${code})` : code) : null;

interface KindTables {
  table: typeof initiatives | typeof foodProcedures;
  subJoin: { table: PgTable; owner: AnyPgColumn; subthematic: AnyPgColumn };
  beneficiaryJoin: { table: PgTable; owner: AnyPgColumn; beneficiary: AnyPgColumn };
}

const TABLES: Record<ItemKind, KindTables> = {
  initiative: {
    table: initiatives,
    subJoin: {
      table: initiativeSubthematics,
      owner: initiativeSubthematics.initiativeId,
      subthematic: initiativeSubthematics.subthematicId,
    },
    beneficiaryJoin: {
      table: initiativeBeneficiaries,
      owner: initiativeBeneficiaries.initiativeId,
      beneficiary: initiativeBeneficiaries.beneficiaryId,
    },
  },
  foodProcedure: {
    table: foodProcedures,
    subJoin: {
      table: foodProcedureSubthematics,
      owner: foodProcedureSubthematics.foodProcedureId,
      subthematic: foodProcedureSubthematics.subthematicId,
    },
    beneficiaryJoin: {
      table: foodProcedureBeneficiaries,
      owner: foodProcedureBeneficiaries.foodProcedureId,
      beneficiary: foodProcedureBeneficiaries.beneficiaryId,
    },
  },
};

/**
 * The filter of the report: published rows only (the live version; a pending edit waits in
 * `revisions`, decision record 0003), any of the chosen subthematics / beneficiaries, one of the
 * chosen project holder types / départements, and under way during the period.
 */
function matching(kind: ItemKind, criteria: ExportCriteria, range: DateRange | null): SQL {
  const { table: t, subJoin, beneficiaryJoin } = TABLES[kind];
  const conditions: (SQL | undefined)[] = [eq(t.moderationStatus, 'published')];
  if (criteria.projectHolders.length) {
    conditions.push(inArray(t.projectHolderTypeId, criteria.projectHolders));
  }
  if (criteria.locations.length) conditions.push(inArray(t.departementCode, criteria.locations));
  if (criteria.subthematics.length) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${subJoin.table} WHERE ${subJoin.owner} = ${t.id} AND ${inArray(
        subJoin.subthematic,
        criteria.subthematics,
      )})`,
    );
  }
  if (criteria.beneficiaries.length) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${beneficiaryJoin.table} WHERE ${beneficiaryJoin.owner} = ${t.id} AND ${inArray(
        beneficiaryJoin.beneficiary,
        criteria.beneficiaries,
      )})`,
    );
  }
  if (range) {
    const started = sql`coalesce(${t.releasedAt}, (coalesce(${t.publishedAt}, ${t.createdAt}) AT TIME ZONE 'Europe/Paris')::date)`;
    conditions.push(sql`${started} <= ${range.end}::date`);
    conditions.push(sql`(${t.endedAt} IS NULL OR ${t.endedAt} >= ${range.start}::date)`);
  }
  return and(...conditions) as SQL;
}

/**
 * Ids of the matching items in report order (département, then title without accents or case,
 * then id): one light query, so the details can be read by batches of ids.
 */
export async function matchingIds(
  db: DbOrTx,
  kind: ItemKind,
  criteria: ExportCriteria,
  range: DateRange | null,
): Promise<number[]> {
  const t = TABLES[kind].table;
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(matching(kind, criteria, range))
    .orderBy(sql`${t.departementCode} ASC NULLS LAST`, sql`f_unaccent(lower(${t.title}))`, t.id);
  return rows.map((r) => r.id);
}

/** Names of a many-to-many relation for a batch of owners: one query. */
async function namesByOwner(
  db: DbOrTx,
  join: { table: PgTable; owner: AnyPgColumn; target: AnyPgColumn },
  target: typeof subthematics | typeof beneficiaries,
  ids: number[],
  order: SQL[] = [],
): Promise<Map<number, string[]>> {
  const rows = (await db
    .select({ owner: join.owner, name: target.name })
    .from(join.table)
    .innerJoin(target, eq(target.id, join.target))
    .where(inArray(join.owner, ids))
    .orderBy(...order, asc(target.position), asc(target.name))) as {
    owner: number;
    name: string;
  }[];
  return groupBy(rows, (row) => row.name);
}

const secondaryThematics = alias(thematics, 'secondary_thematics');
const parentProcedures = alias(foodProcedures, 'parent_procedures');

type BaseItem = Omit<ReportItem, 'subthematics' | 'beneficiaries'>;

async function initiativeRows(db: DbOrTx, ids: number[]): Promise<BaseItem[]> {
  const rows = await db
    .select({
      id: initiatives.id,
      title: initiatives.title,
      summary: initiatives.summary,
      departementCode: initiatives.departementCode,
      departementName: departements.name,
      city: initiatives.city,
      postcode: initiatives.postcode,
      projectHolder: projectHolderTypes.name,
      status: progressStatuses.label,
      releasedAt: initiatives.releasedAt,
      endedAt: initiatives.endedAt,
      publishedAt: initiatives.publishedAt,
      thematicName: thematics.name,
      thematicColor: thematics.color,
      secondaryThematic: secondaryThematics.name,
      foodProcedureTitle: parentProcedures.title,
    })
    .from(initiatives)
    .leftJoin(departements, eq(departements.code, initiatives.departementCode))
    .leftJoin(projectHolderTypes, eq(projectHolderTypes.id, initiatives.projectHolderTypeId))
    .leftJoin(progressStatuses, eq(progressStatuses.id, initiatives.progressStatusId))
    .leftJoin(thematics, eq(thematics.id, initiatives.thematicId))
    .leftJoin(secondaryThematics, eq(secondaryThematics.id, initiatives.secondaryThematicId))
    // Only a published procedure is named (an unpublished one is not public).
    .leftJoin(
      parentProcedures,
      and(
        eq(parentProcedures.id, initiatives.foodProcedureId),
        eq(parentProcedures.moderationStatus, 'published'),
      ),
    )
    // Published again: an item unpublished since the report's ids were read is left out.
    .where(and(inArray(initiatives.id, ids), eq(initiatives.moderationStatus, 'published')));
  return rows.map(
    ({ thematicName, thematicColor, secondaryThematic, foodProcedureTitle, ...row }) => ({
      ...row,
      kind: 'initiative' as const,
      thematic: thematicName ? { name: thematicName, color: thematicColor ?? '#666666' } : null,
      otherThematics: secondaryThematic ? [secondaryThematic] : [],
      foodProcedureTitle,
      isPat: null,
    }),
  );
}

async function procedureRows(db: DbOrTx, ids: number[]): Promise<BaseItem[]> {
  const [rows, themeRows] = await Promise.all([
    db
      .select({
        id: foodProcedures.id,
        title: foodProcedures.title,
        summary: foodProcedures.summary,
        departementCode: foodProcedures.departementCode,
        departementName: departements.name,
        city: foodProcedures.city,
        postcode: foodProcedures.postcode,
        projectHolder: projectHolderTypes.name,
        status: progressStatuses.label,
        releasedAt: foodProcedures.releasedAt,
        endedAt: foodProcedures.endedAt,
        publishedAt: foodProcedures.publishedAt,
        isPat: foodProcedures.isPat,
      })
      .from(foodProcedures)
      .leftJoin(departements, eq(departements.code, foodProcedures.departementCode))
      .leftJoin(projectHolderTypes, eq(projectHolderTypes.id, foodProcedures.projectHolderTypeId))
      .leftJoin(progressStatuses, eq(progressStatuses.id, foodProcedures.progressStatusId))
      .where(
        and(inArray(foodProcedures.id, ids), eq(foodProcedures.moderationStatus, 'published')),
      ),
    db
      .select({
        owner: foodProcedureThematics.foodProcedureId,
        name: thematics.name,
        color: thematics.color,
      })
      .from(foodProcedureThematics)
      .innerJoin(thematics, eq(thematics.id, foodProcedureThematics.thematicId))
      .where(inArray(foodProcedureThematics.foodProcedureId, ids))
      .orderBy(asc(foodProcedureThematics.position), asc(thematics.position)),
  ]);
  const themes = groupBy(themeRows, (r) => ({ name: r.name, color: r.color }));
  return rows.map((row) => {
    const list = themes.get(row.id) ?? [];
    return {
      ...row,
      kind: 'foodProcedure' as const,
      thematic: list[0] ?? null,
      otherThematics: list.slice(1).map((th) => th.name),
      foodProcedureTitle: null,
    };
  });
}

function groupBy<R extends { owner: number }, V>(rows: R[], value: (row: R) => V) {
  const byOwner = new Map<number, V[]>();
  for (const row of rows) {
    const list = byOwner.get(row.owner);
    if (list) list.push(value(row));
    else byOwner.set(row.owner, [value(row)]);
  }
  return byOwner;
}

/**
 * The report lines of a batch of ids, in the order of `ids`: one query for the rows and their
 * single-valued relations, one per list (subthematics, beneficiaries, procedure thematics).
 */
export async function loadItems(db: DbOrTx, kind: ItemKind, ids: number[]): Promise<ReportItem[]> {
  if (ids.length === 0) return [];
  const { subJoin, beneficiaryJoin } = TABLES[kind];
  const [rows, subsByOwner, bensByOwner] = await Promise.all([
    kind === 'initiative' ? initiativeRows(db, ids) : procedureRows(db, ids),
    namesByOwner(
      db,
      { table: subJoin.table, owner: subJoin.owner, target: subJoin.subthematic },
      subthematics,
      ids,
      [asc(subthematics.thematicId)],
    ),
    namesByOwner(
      db,
      {
        table: beneficiaryJoin.table,
        owner: beneficiaryJoin.owner,
        target: beneficiaryJoin.beneficiary,
      },
      beneficiaries,
      ids,
    ),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            ...row,
            subthematics: subsByOwner.get(id) ?? [],
            beneficiaries: bensByOwner.get(id) ?? [],
          },
        ]
      : [];
  });
}
