import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { THEMATICS, type ThematicKey } from '@ad/contract';
import type { DbOrTx } from '../client.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import {
  areasOfInfluence,
  beneficiaries,
  communes,
  communitiesOfCommunes,
  contactTypes,
  contactUsAddresses,
  contactUsThematics,
  departements,
  eventCategories,
  issueTypes,
  postCategories,
  progressStatuses,
  projectHolderTypes,
  resourceCategories,
  resourceTypes,
  subthematics,
  thematics,
} from '../schema/index.ts';
import { CONTACT_US_THEMATICS } from './content/site.ts';
import {
  AREAS_OF_INFLUENCE,
  BENEFICIARIES,
  CONTACT_TYPES,
  DEPARTEMENTS,
  EVENT_CATEGORIES,
  ISSUE_TYPES,
  POST_CATEGORIES,
  PROGRESS_STATUSES,
  PROJECT_HOLDER_TYPES,
  RESOURCE_CATEGORIES,
  RESOURCE_TYPES,
  SUBTHEMATICS,
} from './content/taxonomies.ts';
import type { TaxonomyItem } from './content/types.ts';
import { ensureSeedFile, imageSpec } from './files.ts';
import { defaultGeoDir, readCommunes, readEpci } from './geo-data.ts';
import { chunk, hashString } from './util.ts';

export interface SeedReferenceOptions {
  /** Folder holding communes-nouvelle-aquitaine.csv and epci-nouvelle-aquitaine.csv. */
  geoDir?: string;
  /** Repository root used to find the default geoDir (apps/server/data/geo). */
  rootDir?: string;
  /** Where generated placeholder images are stored (the uploads' storage); rows only when unset. */
  storage?: FileStorage;
}

export interface ReferenceCounts {
  thematics: number;
  subthematics: number;
  departements: number;
  communes: number;
  communitiesOfCommunes: number;
}

const THEMATIC_COLORS = THEMATICS.map((t) => t.color);
export const colorFor = (text: string): string =>
  THEMATIC_COLORS[hashString(text) % THEMATIC_COLORS.length] as string;

async function insertOptions(
  db: DbOrTx,
  table: PgTable & typeof projectHolderTypes,
  items: readonly TaxonomyItem[],
): Promise<void> {
  if (!(await isEmpty(db, table))) return;
  await db
    .insert(table)
    .values(items.map((item, position) => ({ slug: item.key, name: item.name, position })))
    .onConflictDoNothing();
}

async function count(db: DbOrTx, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

/**
 * The lists the team manages in the back office (modules/team-settings) are seeded once, into an
 * empty table: an entry the team deleted must not come back at the next start, nor a renamed
 * subthematic (matched on its name) be added again under its old name.
 */
const isEmpty = async (db: DbOrTx, table: PgTable) => (await count(db, table)) === 0;

/**
 * Reference data every environment needs: the six themes of the contract, the taxonomies, the
 * contact-form topics and the geography (12 départements, 156 EPCI, 4,293 communes). Idempotent:
 * existing rows are kept (ON CONFLICT DO NOTHING), so it runs on every start-up or seed; the lists
 * the team manages are only filled when empty (see isEmpty).
 */
export async function seedReferenceData(
  db: DbOrTx,
  options: SeedReferenceOptions = {},
): Promise<ReferenceCounts> {
  const geoDir = options.geoDir ?? defaultGeoDir(options.rootDir);

  await db
    .insert(thematics)
    .values(
      THEMATICS.map((t, position) => ({
        key: t.key,
        slug: t.slug,
        name: t.name,
        color: t.color,
        class: t.class,
        description: t.description,
        position,
      })),
    )
    .onConflictDoNothing();
  const thematicIds = await loadThematicIds(db);
  if (await isEmpty(db, subthematics)) {
    await db
      .insert(subthematics)
      .values(
        SUBTHEMATICS.map((s, position) => ({
          thematicId: thematicIds.get(s.thematic) as number,
          slug: s.key,
          name: s.name,
          position,
        })),
      )
      .onConflictDoNothing();
  }

  await insertOptions(db, projectHolderTypes, PROJECT_HOLDER_TYPES);
  await insertOptions(db, beneficiaries, BENEFICIARIES);
  await insertOptions(db, areasOfInfluence, AREAS_OF_INFLUENCE);
  await insertOptions(db, contactTypes, CONTACT_TYPES);
  await insertOptions(db, issueTypes, ISSUE_TYPES);
  if (await isEmpty(db, progressStatuses)) {
    await db
      .insert(progressStatuses)
      .values(PROGRESS_STATUSES.map((s, position) => ({ slug: s.key, label: s.name, position })))
      .onConflictDoNothing();
  }
  if (await isEmpty(db, postCategories)) {
    await db
      .insert(postCategories)
      .values(POST_CATEGORIES.map((c, position) => ({ slug: c.key, name: c.name, position })))
      .onConflictDoNothing();
  }
  if (await isEmpty(db, eventCategories)) {
    await db
      .insert(eventCategories)
      .values(EVENT_CATEGORIES.map((c, position) => ({ slug: c.key, name: c.name, position })))
      .onConflictDoNothing();
  }
  await db
    .insert(resourceTypes)
    .values(RESOURCE_TYPES.map((t, position) => ({ slug: t.slug, name: t.name, position })))
    .onConflictDoNothing();

  const resourceCategoriesToSeed = (await isEmpty(db, resourceCategories))
    ? RESOURCE_CATEGORIES
    : [];
  for (const [position, category] of resourceCategoriesToSeed.entries()) {
    const fileId = await ensureSeedFile(
      db,
      imageSpec(category.featuredImage.image, colorFor(category.key)),
      options.storage,
    );
    await db
      .insert(resourceCategories)
      .values({
        slug: category.key,
        name: category.name,
        featuredImageFileId: fileId,
        featuredImageName: category.featuredImage.name,
        position,
      })
      .onConflictDoNothing();
  }

  await db
    .insert(contactUsThematics)
    .values(CONTACT_US_THEMATICS.map((t) => ({ id: t.id, name: t.name, position: t.order })))
    .onConflictDoNothing();
  if ((await count(db, contactUsAddresses)) === 0) {
    await db.insert(contactUsAddresses).values(
      CONTACT_US_THEMATICS.flatMap((t) =>
        t.address
          ? [
              {
                name: t.address.name,
                addressLine1: t.address.addressLine1,
                addressLine2: t.address.addressLine2 ?? null,
                postcode: t.address.postcode,
                city: t.address.city,
                country: t.address.country,
                phone: t.address.phone,
                thematicId: t.id,
                position: t.order,
              },
            ]
          : [],
      ),
    );
  }

  await db
    .insert(departements)
    .values([...DEPARTEMENTS])
    .onConflictDoNothing();

  // Reading the CSV files is cheap; the inserts are skipped when every row is already there,
  // which keeps the start-up of an existing database fast.
  const epci = readEpci(geoDir);
  if ((await count(db, communitiesOfCommunes)) < epci.length) {
    for (const rows of chunk(epci, 500)) {
      await db
        .insert(communitiesOfCommunes)
        .values(
          rows.map((e) => ({ code: e.code, name: e.name, departementCodes: e.departementCodes })),
        )
        .onConflictDoNothing();
    }
  }
  const communeRows = readCommunes(geoDir);
  if ((await count(db, communes)) < communeRows.length) {
    for (const rows of chunk(communeRows, 1000)) {
      await db
        .insert(communes)
        .values(
          rows.map((c) => ({
            inseeCode: c.inseeCode,
            name: c.name,
            nameFormatted: `${c.name} (${c.departementCode})`,
            postcodes: c.postcodes,
            departementCode: c.departementCode,
            epciCode: c.epciCode || null,
            latitude: c.latitude,
            longitude: c.longitude,
            population: Number.isFinite(c.population) ? c.population : null,
          })),
        )
        .onConflictDoNothing();
    }
  }

  return {
    thematics: await count(db, thematics),
    subthematics: await count(db, subthematics),
    departements: await count(db, departements),
    communes: await count(db, communes),
    communitiesOfCommunes: await count(db, communitiesOfCommunes),
  };
}

async function loadThematicIds(db: DbOrTx): Promise<Map<ThematicKey, number>> {
  const rows = await db.select({ key: thematics.key, id: thematics.id }).from(thematics);
  return new Map(rows.map((r) => [r.key as ThematicKey, r.id]));
}

async function slugMap(
  db: DbOrTx,
  table: PgTable & { slug: typeof projectHolderTypes.slug; id: typeof projectHolderTypes.id },
): Promise<Map<string, number>> {
  const rows = (await db.select({ slug: table.slug, id: table.id }).from(table)) as {
    slug: string | null;
    id: number;
  }[];
  return new Map(rows.filter((r) => r.slug).map((r) => [r.slug as string, r.id]));
}

/** Ids of the reference rows, by key/slug, for the demo and scale seeds. */
export interface ReferenceIds {
  thematics: Map<ThematicKey, number>;
  subthematics: Map<string, number>;
  subthematicsByThematic: Map<ThematicKey, number[]>;
  projectHolderTypes: Map<string, number>;
  beneficiaries: Map<string, number>;
  areasOfInfluence: Map<string, number>;
  progressStatuses: Map<string, number>;
  issueTypes: Map<string, number>;
  contactTypes: Map<string, number>;
  postCategories: Map<string, number>;
  eventCategories: Map<string, number>;
  resourceCategories: Map<string, number>;
  resourceTypes: Map<string, number>;
}

export async function loadReferenceIds(db: DbOrTx): Promise<ReferenceIds> {
  const thematicIds = await loadThematicIds(db);
  const keyById = new Map([...thematicIds].map(([k, id]) => [id, k]));
  const subRows = await db
    .select({ slug: subthematics.slug, id: subthematics.id, thematicId: subthematics.thematicId })
    .from(subthematics);
  const byThematic = new Map<ThematicKey, number[]>();
  for (const row of subRows) {
    const key = keyById.get(row.thematicId);
    if (!key) continue;
    byThematic.set(key, [...(byThematic.get(key) ?? []), row.id]);
  }
  const statusRows = await db
    .select({ slug: progressStatuses.slug, id: progressStatuses.id })
    .from(progressStatuses);
  return {
    thematics: thematicIds,
    subthematics: new Map(subRows.filter((r) => r.slug).map((r) => [r.slug as string, r.id])),
    subthematicsByThematic: byThematic,
    projectHolderTypes: await slugMap(db, projectHolderTypes),
    beneficiaries: await slugMap(db, beneficiaries),
    areasOfInfluence: await slugMap(db, areasOfInfluence),
    progressStatuses: new Map(statusRows.map((r) => [r.slug, r.id])),
    issueTypes: await slugMap(db, issueTypes),
    contactTypes: await slugMap(db, contactTypes),
    postCategories: await slugMap(db, postCategories as never),
    eventCategories: await slugMap(db, eventCategories as never),
    resourceCategories: await slugMap(db, resourceCategories as never),
    resourceTypes: await slugMap(db, resourceTypes as never),
  };
}

/** Looks a key up and fails loudly: a typo in the demo content must not seed silently broken data. */
export function idOf(map: Map<string, number>, key: string, what: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`Unknown ${what} "${key}" in the seed content`);
  return id;
}
