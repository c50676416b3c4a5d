import { and, asc, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { unaccentLower } from '../../db/schema/common.ts';
import { communes, communitiesOfCommunes } from '../../db/schema/geo.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { likePattern, type NameCandidate } from './geo-search-text.ts';

/**
 * The search key of a name in SQL, as `searchKey()` of geo-search-text.ts computes it for the
 * typed text: lower case, no accents, every run of other characters one space.
 */
const nameKey = (column: AnyPgColumn): SQL =>
  sql`btrim(regexp_replace(${unaccentLower(column)}, '[^a-z0-9]+', ' ', 'g'))`;

/**
 * Narrows the rows with the trigram index on `f_unaccent(lower(name))` (every name whose key
 * contains `key` matches), then compares keys.
 */
const nameContains = (column: AnyPgColumn, key: string): SQL =>
  sql`${unaccentLower(column)} LIKE ${likePattern(key)} AND ${nameKey(column)} LIKE ${`%${key}%`}`;

/**
 * 0: the name is the text; 1: it starts with it; 2: one of its words starts with it; 3: it
 * contains it elsewhere.
 */
const matchRank = (column: AnyPgColumn, key: string): SQL => sql`CASE
    WHEN ${nameKey(column)} = ${key} THEN 0
    WHEN ${nameKey(column)} LIKE ${`${key}%`} THEN 1
    WHEN ' ' || ${nameKey(column)} LIKE ${`% ${key}%`} THEN 2
    ELSE 3 END`;

const servesPostcode = (postcode: string): SQL =>
  sql`${communes.postcodes} @> ARRAY[${postcode}]::text[]`;

const servesPostcodePrefix = (prefix: string): SQL =>
  sql`EXISTS (SELECT 1 FROM unnest(${communes.postcodes}) AS p(code) WHERE p.code LIKE ${`${prefix}%`})`;

export type CommuneFilter =
  | { kind: 'postcode'; postcode: string }
  | { kind: 'postcode-prefix'; prefix: string }
  | { kind: 'name'; key: string; departementCode: string | null };

function communeCondition(filter: CommuneFilter): SQL | undefined {
  switch (filter.kind) {
    case 'postcode':
      return servesPostcode(filter.postcode);
    case 'postcode-prefix':
      return servesPostcodePrefix(filter.prefix);
    case 'name':
      return and(
        nameContains(communes.name, filter.key),
        filter.departementCode ? eq(communes.departementCode, filter.departementCode) : undefined,
      );
  }
}

/** Communes matching the filter, best first: closest name, then most populated, then by name. */
export function searchCommunes(db: AppDatabase, filter: CommuneFilter, limit: number) {
  const rank = filter.kind === 'name' ? [asc(matchRank(communes.name, filter.key))] : [];
  return db
    .select({ inseeCode: communes.inseeCode, nameFormatted: communes.nameFormatted })
    .from(communes)
    .where(communeCondition(filter))
    .orderBy(
      ...rank,
      sql`${communes.population} DESC NULLS LAST`,
      asc(nameKey(communes.name)),
      asc(communes.inseeCode),
    )
    .limit(limit);
}

export type CommuneOptionRow = Awaited<ReturnType<typeof searchCommunes>>[number];

/** Inhabitants of an EPCI: the sum over its member communes. */
const epciPopulation = sql`(SELECT sum(${communes.population}) FROM ${communes}
  WHERE ${communes.epciCode} = ${communitiesOfCommunes.code})`;

/** The EPCI of the communes a postcode (or its first digits) serves. */
const epciServing = (condition: SQL): SQL =>
  sql`${communitiesOfCommunes.code} IN (SELECT ${communes.epciCode} FROM ${communes} WHERE ${condition})`;

/** EPCI matching the filter (département ignored), best first, as searchCommunes. */
export function searchCommunitiesOfCommunes(db: AppDatabase, filter: CommuneFilter, limit: number) {
  let condition: SQL;
  let rank: SQL[] = [];
  if (filter.kind === 'postcode') condition = epciServing(servesPostcode(filter.postcode));
  else if (filter.kind === 'postcode-prefix')
    condition = epciServing(servesPostcodePrefix(filter.prefix));
  else {
    condition = nameContains(communitiesOfCommunes.name, filter.key);
    rank = [asc(matchRank(communitiesOfCommunes.name, filter.key))];
  }
  return db
    .select({ code: communitiesOfCommunes.code, name: communitiesOfCommunes.name })
    .from(communitiesOfCommunes)
    .where(condition)
    .orderBy(
      ...rank,
      sql`${epciPopulation} DESC NULLS LAST`,
      asc(nameKey(communitiesOfCommunes.name)),
      asc(communitiesOfCommunes.code),
    )
    .limit(limit);
}

export type CommunityOfCommunesOptionRow = Awaited<
  ReturnType<typeof searchCommunitiesOfCommunes>
>[number];

const centroidColumns = {
  inseeCode: communes.inseeCode,
  name: communes.name,
  postcodes: communes.postcodes,
  latitude: communes.latitude,
  longitude: communes.longitude,
};

export interface CommuneCentroidRow {
  inseeCode: string;
  name: string;
  postcodes: string[];
  latitude: number;
  longitude: number;
}

/** Only communes with a centroid can place an address. */
const hasCentroid = and(isNotNull(communes.latitude), isNotNull(communes.longitude));

/** The communes a postcode serves, most populated first. */
export async function communesServing(
  db: AppDatabase,
  postcode: string,
  limit: number,
): Promise<CommuneCentroidRow[]> {
  const rows = await db
    .select(centroidColumns)
    .from(communes)
    .where(and(servesPostcode(postcode), hasCentroid))
    .orderBy(sql`${communes.population} DESC NULLS LAST`, asc(communes.inseeCode))
    .limit(limit);
  return rows as CommuneCentroidRow[];
}

/**
 * The communes named by one of the candidates (`prefix`: whose name starts with it), with the
 * number of words of the candidate that matched; the longest candidate first, then the most
 * populated communes. `postcode`: only the communes it serves.
 */
export async function communesNamed(
  db: AppDatabase,
  candidates: readonly NameCandidate[],
  options: { prefix: boolean; postcode: string | null; limit: number },
): Promise<(CommuneCentroidRow & { words: number })[]> {
  if (!candidates.length) return [];
  const matches = (c: NameCandidate): SQL =>
    options.prefix
      ? sql`${nameKey(communes.name)} LIKE ${`${c.key}%`}`
      : sql`${nameKey(communes.name)} = ${c.key}`;
  // The trigram index narrows the rows: any name matching a candidate matches its LIKE pattern.
  const narrowed = or(
    ...candidates.map((c) => sql`${unaccentLower(communes.name)} LIKE ${likePattern(c.key)}`),
  );
  const words = sql<number>`CASE ${sql.join(
    candidates.map((c) => sql`WHEN ${matches(c)} THEN ${sql.raw(String(c.words))}`),
    sql` `,
  )} ELSE 0 END`;
  const rows = await db
    .select({ ...centroidColumns, words })
    .from(communes)
    .where(
      and(
        narrowed,
        or(...candidates.map(matches)),
        options.postcode ? servesPostcode(options.postcode) : undefined,
        hasCentroid,
      ),
    )
    .orderBy(
      desc(words),
      sql`${communes.population} DESC NULLS LAST`,
      asc(nameKey(communes.name)),
      asc(communes.inseeCode),
    )
    .limit(options.limit);
  return rows as (CommuneCentroidRow & { words: number })[];
}
