import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Option } from '@ad/contract/account/member-content';
import type { CommuneOption, CommunityOption, SlugOption } from '@ad/contract/account/projects';
import type { DbOrTx } from '../../db/client.ts';
import { communes, communitiesOfCommunes, departements } from '../../db/schema/geo.ts';
import {
  areasOfInfluence,
  beneficiaries,
  issueTypes,
  progressStatuses,
  projectHolderTypes,
  subthematics,
  thematics,
} from '../../db/schema/taxonomy.ts';

/** The option lists of both forms and the names their previews show. */

type OptionTable =
  typeof projectHolderTypes | typeof areasOfInfluence | typeof beneficiaries | typeof issueTypes;

export function optionList(db: DbOrTx, table: OptionTable): Promise<Option[]> {
  return db
    .select({ id: table.id, name: table.name })
    .from(table)
    .orderBy(asc(table.position), asc(table.name), asc(table.id));
}

export function statusList(db: DbOrTx): Promise<Option[]> {
  return db
    .select({ id: progressStatuses.id, name: progressStatuses.label })
    .from(progressStatuses)
    .orderBy(asc(progressStatuses.position), asc(progressStatuses.id));
}

export interface ThematicRow {
  id: number;
  slug: string;
  name: string;
}

export function thematicRows(db: DbOrTx): Promise<ThematicRow[]> {
  return db
    .select({ id: thematics.id, slug: thematics.slug, name: thematics.name })
    .from(thematics)
    .orderBy(asc(thematics.position), asc(thematics.id));
}

export const thematicOptions = (rows: ThematicRow[]): SlugOption[] =>
  rows.map((r) => ({ slug: r.slug, name: r.name }));

export interface SubthematicRow {
  id: number;
  name: string;
  thematicId: number;
}

export function subthematicRows(db: DbOrTx): Promise<SubthematicRow[]> {
  return db
    .select({ id: subthematics.id, name: subthematics.name, thematicId: subthematics.thematicId })
    .from(subthematics)
    .orderBy(asc(subthematics.position), asc(subthematics.name), asc(subthematics.id));
}

/** Which of `ids` exist in an option table. */
export async function existingIds(
  db: DbOrTx,
  table: OptionTable,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function statusExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: progressStatuses.id })
    .from(progressStatuses)
    .where(eq(progressStatuses.id, id));
  return Boolean(row);
}

/** Communes by INSEE code, in the given order, with their display name. */
export async function communeOptions(
  db: DbOrTx,
  codes: readonly string[],
): Promise<CommuneOption[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ id: communes.inseeCode, name_formatted: communes.nameFormatted })
    .from(communes)
    .where(inArray(communes.inseeCode, [...codes]));
  const byCode = new Map(rows.map((r) => [r.id, r]));
  return codes.flatMap((code) => byCode.get(code) ?? []);
}

export async function communityOptions(
  db: DbOrTx,
  codes: readonly string[],
): Promise<CommunityOption[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ id: communitiesOfCommunes.code, name: communitiesOfCommunes.name })
    .from(communitiesOfCommunes)
    .where(inArray(communitiesOfCommunes.code, [...codes]));
  const byCode = new Map(rows.map((r) => [r.id, r]));
  return codes.flatMap((code) => byCode.get(code) ?? []);
}

/** Names of option rows, in the given id order (unknown ids are skipped). */
export async function namedOptions(
  db: DbOrTx,
  table: OptionTable,
  ids: readonly number[],
): Promise<Option[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function namedOption(
  db: DbOrTx,
  table: OptionTable,
  id: number | null,
): Promise<Option | null> {
  if (id === null) return null;
  return (await namedOptions(db, table, [id]))[0] ?? null;
}

export async function statusLabel(db: DbOrTx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ label: progressStatuses.label })
    .from(progressStatuses)
    .where(eq(progressStatuses.id, id));
  return row?.label ?? null;
}

/**
 * The département of an address: the commune that has this postcode, else the postcode's first
 * two digits when such a département exists (the column references departements).
 */
export async function departementOfPostcode(db: DbOrTx, postcode: string): Promise<string | null> {
  const [commune] = await db
    .select({ code: communes.departementCode })
    .from(communes)
    .where(sql`${communes.postcodes} @> ARRAY[${postcode}]::text[]`)
    .limit(1);
  if (commune) return commune.code;
  const prefix = postcode.slice(0, 2);
  const [departement] = await db
    .select({ code: departements.code })
    .from(departements)
    .where(eq(departements.code, prefix));
  return departement?.code ?? null;
}
