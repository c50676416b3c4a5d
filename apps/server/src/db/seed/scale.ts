import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { THEMATICS, type ThematicKey } from '@ad/contract';
import type { Database, DbOrTx } from '../client.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import {
  communes,
  contactThematics,
  contacts,
  events,
  foodProcedureBeneficiaries,
  foodProcedureCommunitiesOfCommunes,
  foodProcedureSubthematics,
  foodProcedureThematics,
  foodProcedures,
  initiativeBeneficiaries,
  initiativeCommunes,
  initiativeCommunitiesOfCommunes,
  initiativeIssueTypes,
  initiativeSubthematics,
  initiatives,
  posts,
  resourceSubthematics,
  resources,
} from '../schema/index.ts';
import { EVENTS } from './content/events.ts';
import { FOOD_PROCEDURES } from './content/food-procedures.ts';
import { INITIATIVES } from './content/initiatives.ts';
import { POSTS } from './content/posts.ts';
import { RESOURCES } from './content/resources.ts';
import {
  AREAS_OF_INFLUENCE,
  CONTACT_TYPES,
  EVENT_CATEGORIES,
  POST_CATEGORIES,
  PROJECT_HOLDER_TYPES,
  RESOURCE_CATEGORIES,
  SUBTHEMATICS,
} from './content/taxonomies.ts';
import { ensureSeedFile, imageSpec, pdfSpec } from './files.ts';
import { idOf, loadReferenceIds } from './reference.ts';
import { slugify } from '../../platform/slug.ts';
import { addDays, chunk, createRandom, toIsoDate, type Random } from './util.ts';

export interface SeedScaleOptions {
  /** Number of initiatives; the other types are proportional (procedures and contacts N/20…). */
  initiatives: number;
  /** PRNG seed: the same seed on the same database state gives the same data. */
  seed?: number;
  now?: Date;
  /** Where the placeholder images and PDF are stored (the uploads' storage); rows only when unset. */
  storage?: FileStorage;
}

export type ScaleCounts = Record<
  'initiatives' | 'foodProcedures' | 'contacts' | 'posts' | 'events' | 'resources',
  number
>;

interface CommunePoint {
  code: string;
  name: string;
  postcode: string | null;
  departementCode: string;
  epciCode: string | null;
  latitude: number;
  longitude: number;
}

/** Rows per INSERT: wide tables stay under PostgreSQL's 65,535 bound parameters. */
const WIDE_BATCH = 500;
const JOIN_BATCH = 5000;

async function insertReturningIds<T extends PgTable>(
  db: DbOrTx,
  table: T,
  idColumn: AnyPgColumn,
  rows: T['$inferInsert'][],
): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of chunk(rows, WIDE_BATCH)) {
    const inserted = (await db.insert(table).values(batch).returning({ id: idColumn })) as {
      id: number;
    }[];
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

async function insertAll<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  for (const batch of chunk(rows, JOIN_BATCH)) await db.insert(table).values(batch);
}

/** Picks communes in proportion to the square root of their population (towns get more items). */
function communePicker(list: CommunePoint[], populations: number[], random: Random) {
  const cumulative: number[] = [];
  let total = 0;
  for (const p of populations) {
    total += Math.sqrt(Math.max(p, 1));
    cumulative.push(total);
  }
  return (): CommunePoint => {
    const target = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return list[lo] as CommunePoint;
  };
}

const TITLE_PREFIXES = [
  'Projet',
  'Programme',
  'Collectif',
  'Atelier',
  'Réseau',
  'Plateforme',
  'Démarche',
  'Expérimentation',
];

const pool = <K extends keyof (typeof INITIATIVES)[number]>(key: K) =>
  INITIATIVES.map((i) => i[key]) as unknown as string[];

/**
 * A large, deterministic data set for benchmarks: N initiatives in real communes plus
 * proportional procedures (N/20), contacts (N/20), posts, events and resources (N/50 each), all
 * published, inserted with multi-row statements. Reference data must be seeded first.
 */
export async function seedScale(db: Database, options: SeedScaleOptions): Promise<ScaleCounts> {
  const n = Math.max(0, Math.floor(options.initiatives));
  const random = createRandom(options.seed ?? 20_190_101);
  const now = options.now ?? new Date();
  const counts: ScaleCounts = {
    initiatives: n,
    foodProcedures: Math.ceil(n / 20),
    contacts: Math.ceil(n / 20),
    posts: Math.ceil(n / 50),
    events: Math.ceil(n / 50),
    resources: Math.ceil(n / 50),
  };

  await db.transaction(async (tx) => {
    const ref = await loadReferenceIds(tx);
    const [offsetRow] = await tx.select({ n: sql<number>`count(*)::int` }).from(initiatives);
    // Slugs get a numeric suffix; start after what is there so a second run does not collide.
    const offset = offsetRow?.n ?? 0;

    const communeRows = await tx
      .select({
        code: communes.inseeCode,
        name: communes.name,
        postcodes: communes.postcodes,
        departementCode: communes.departementCode,
        epciCode: communes.epciCode,
        latitude: communes.latitude,
        longitude: communes.longitude,
        population: communes.population,
      })
      .from(communes)
      .orderBy(communes.inseeCode);
    if (communeRows.length === 0) throw new Error('Seed the reference data before seedScale()');
    const points: CommunePoint[] = communeRows.map((c) => ({
      code: c.code,
      name: c.name,
      postcode: c.postcodes[0] ?? null,
      departementCode: c.departementCode,
      epciCode: c.epciCode,
      latitude: c.latitude ?? 45.5,
      longitude: c.longitude ?? 0.5,
    }));
    const pickCommune = communePicker(
      points,
      communeRows.map((c) => c.population ?? 1),
      random,
    );

    const themeKeys = THEMATICS.map((t) => t.key);
    const themeId = (k: ThematicKey) => idOf(ref.thematics, k, 'thematic');
    const subsOf = (k: ThematicKey) => SUBTHEMATICS.filter((s) => s.thematic === k);
    const holderKeys = PROJECT_HOLDER_TYPES.map((h) => h.key);
    const areaKeys = AREAS_OF_INFLUENCE.map((a) => a.key);
    const statusIds = [...ref.progressStatuses.values()];
    const beneficiaryIds = [...ref.beneficiaries.values()];
    const issueTypeIds = [...ref.issueTypes.values()];
    const contexts = pool('context');
    const objectives = pool('objectives');
    const implementations = pool('implementationOfActions');
    const keys = pool('keysToSuccess');
    const brakes = pool('potentialBrakes');
    const prospects = pool('prospectsForFuture');
    const originalities = pool('originalityOfApproach');
    const partners = INITIATIVES.flatMap((i) => i.technicalPartners);
    const financial = INITIATIVES.flatMap((i) => i.financialPartners);
    const pastDate = (maxDays: number) => addDays(now, -random.int(1, maxDays));
    const publishedFields = (at: Date) => ({
      moderationStatus: 'published' as const,
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
      moderatedAt: at,
    });
    const jitter = () => (random.next() - 0.5) * 0.03;

    const projectFields = (title: string, index: number, commune: CommunePoint) => {
      const holder = random.pick(holderKeys);
      const released = pastDate(2500);
      const statusId = random.pick(statusIds);
      const publishedAt = pastDate(1000);
      return {
        title,
        slug: `${slugify(title, 60)}-${offset + index + 1}`,
        summary: `<p>${title}, porté par ${(PROJECT_HOLDER_TYPES.find((h) => h.key === holder)?.name ?? '').toLowerCase()} à ${commune.name}. ${random.pick(objectives)}</p>`,
        projectHolderTypeId: idOf(ref.projectHolderTypes, holder, 'project holder'),
        areaOfInfluenceId: idOf(ref.areasOfInfluence, random.pick(areaKeys), 'area'),
        territoryOfRealization: commune.name,
        technicalPartners: random
          .pickSome(partners, random.int(0, 2))
          .map((partner) => ({ partner })),
        financialPartners: random.pickSome(financial, random.int(0, 2)),
        nbTeamMembers: random.int(1, 25),
        projectCost: random.int(2, 900) * 1000,
        releasedAt: toIsoDate(released),
        endedAt: random.chance(0.2) ? toIsoDate(addDays(released, random.int(90, 900))) : null,
        progressStatusId: statusId,
        context: random.pick(contexts),
        objectives: random.pick(objectives),
        implementationOfActions: random.pick(implementations),
        keysToSuccess: random.pick(keys),
        potentialBrakes: random.pick(brakes),
        prospectsForFuture: random.pick(prospects),
        originalityOfApproach: random.pick(originalities),
        websiteUrls: [{ website_url: `https://initiative-${offset + index + 1}.exemple.fr` }],
        addressLine1: `${random.int(1, 120)} ${random.pick(['rue', 'avenue', 'place', 'chemin'])} ${random.pick(['des Écoles', 'du Marché', 'de la Mairie', 'des Jardins', 'du Moulin', 'de la Gare'])}`,
        postcode: commune.postcode,
        city: commune.name,
        latitude: Number((commune.latitude + jitter()).toFixed(5)),
        longitude: Number((commune.longitude + jitter()).toFixed(5)),
        departementCode: commune.departementCode,
        ...publishedFields(publishedAt),
      };
    };

    // ——— contacts ———
    const contactTypeKeys = CONTACT_TYPES.map((c) => c.key);
    const contactRows: (typeof contacts.$inferInsert)[] = [];
    const contactThemes: ThematicKey[][] = [];
    for (let i = 0; i < counts.contacts; i++) {
      const commune = pickCommune();
      const type = random.pick(contactTypeKeys);
      const name = `${CONTACT_TYPES.find((c) => c.key === type)?.name ?? 'Structure'} de ${commune.name}`;
      const slug = slugify(`${name}-${offset + i + 1}`, 70);
      contactRows.push({
        typeId: idOf(ref.contactTypes, type, 'contact type'),
        societyName: name,
        societyEmail: random.chance(0.7) ? `contact@${slug}.exemple.fr` : null,
        addressLine1: `${random.int(1, 80)} rue de la République`,
        postcode: commune.postcode,
        city: commune.name,
        departementCode: commune.departementCode,
        phone: `05 36 49 ${String(random.int(10, 99))} ${String(random.int(10, 99))}`,
        websiteUrl: random.chance(0.6) ? `https://${slug}.exemple.fr` : null,
        displayInDirectory: random.chance(0.85),
        ...publishedFields(pastDate(1200)),
      });
      contactThemes.push(random.pickSome(themeKeys, random.int(1, 3)));
    }
    const contactIds = await insertReturningIds(tx, contacts, contacts.id, contactRows);
    await insertAll(
      tx,
      contactThematics,
      contactIds.flatMap((contactId, i) =>
        (contactThemes[i] ?? []).map((t) => ({ contactId, thematicId: themeId(t) })),
      ),
    );

    // ——— food procedures ———
    const procedureRows: (typeof foodProcedures.$inferInsert)[] = [];
    const procedureMeta: { themes: ThematicKey[]; epci: string | null }[] = [];
    for (let i = 0; i < counts.foodProcedures; i++) {
      const commune = pickCommune();
      const base = random.pick(FOOD_PROCEDURES);
      const isPat = random.chance(0.4);
      const title = `${isPat ? 'Projet alimentaire territorial' : 'Démarche alimentaire'} de ${commune.name}`;
      procedureRows.push({
        ...projectFields(title, i, commune),
        summary: `<p>${base.summary.replace(/<[^>]+>/g, '')}</p>`,
        isPat,
        contactId: contactIds.length ? random.pick(contactIds) : null,
      });
      procedureMeta.push({
        themes: random.pickSome(themeKeys, random.int(1, 3)),
        epci: commune.epciCode,
      });
    }
    const procedureIds = await insertReturningIds(
      tx,
      foodProcedures,
      foodProcedures.id,
      procedureRows,
    );
    await insertAll(
      tx,
      foodProcedureThematics,
      procedureIds.flatMap((foodProcedureId, i) =>
        (procedureMeta[i]?.themes ?? []).map((t, position) => ({
          foodProcedureId,
          thematicId: themeId(t),
          position,
        })),
      ),
    );
    await insertAll(
      tx,
      foodProcedureCommunitiesOfCommunes,
      procedureIds.flatMap((foodProcedureId, i) => {
        const communityCode = procedureMeta[i]?.epci;
        return communityCode ? [{ foodProcedureId, communityCode }] : [];
      }),
    );
    await insertAll(
      tx,
      foodProcedureSubthematics,
      procedureIds.flatMap((foodProcedureId, i) =>
        (procedureMeta[i]?.themes ?? []).flatMap((t) =>
          random.pickSome(subsOf(t), 1).map((s) => ({
            foodProcedureId,
            subthematicId: idOf(ref.subthematics, s.key, 'subthematic'),
          })),
        ),
      ),
    );
    await insertAll(
      tx,
      foodProcedureBeneficiaries,
      procedureIds.flatMap((foodProcedureId) =>
        random
          .pickSome(beneficiaryIds, 2)
          .map((beneficiaryId) => ({ foodProcedureId, beneficiaryId })),
      ),
    );

    // ——— initiatives ———
    const initiativeRows: (typeof initiatives.$inferInsert)[] = [];
    const initiativeMeta: {
      subs: number[];
      commune: CommunePoint;
      useEpci: boolean;
    }[] = [];
    for (let i = 0; i < n; i++) {
      const commune = pickCommune();
      const thematic = themeKeys[i % themeKeys.length] as ThematicKey;
      const secondary = random.chance(0.7)
        ? random.pick(themeKeys.filter((k) => k !== thematic))
        : null;
      const subs = [
        ...random.pickSome(subsOf(thematic), random.int(1, 2)),
        ...(secondary ? random.pickSome(subsOf(secondary), random.int(0, 1)) : []),
      ];
      const firstSub = subs[0]?.name ?? 'alimentation durable';
      const title = `${random.pick(TITLE_PREFIXES)} ${firstSub.toLowerCase()} — ${commune.name}`;
      initiativeRows.push({
        ...projectFields(title, i, commune),
        thematicId: themeId(thematic),
        secondaryThematicId: secondary ? themeId(secondary) : null,
        foodProcedureId:
          procedureIds.length && random.chance(0.35) ? random.pick(procedureIds) : null,
        contactId: contactIds.length && random.chance(0.5) ? random.pick(contactIds) : null,
        issuesDescription: random.pick(INITIATIVES).issues.description,
      });
      initiativeMeta.push({
        subs: subs.map((s) => idOf(ref.subthematics, s.key, 'subthematic')),
        commune,
        useEpci: random.chance(0.4) && commune.epciCode !== null,
      });
    }
    const initiativeIds = await insertReturningIds(tx, initiatives, initiatives.id, initiativeRows);
    await insertAll(
      tx,
      initiativeSubthematics,
      initiativeIds.flatMap((initiativeId, i) =>
        [...new Set(initiativeMeta[i]?.subs ?? [])].map((subthematicId) => ({
          initiativeId,
          subthematicId,
        })),
      ),
    );
    await insertAll(
      tx,
      initiativeBeneficiaries,
      initiativeIds.flatMap((initiativeId) =>
        random.pickSome(beneficiaryIds, random.int(1, 3)).map((beneficiaryId) => ({
          initiativeId,
          beneficiaryId,
        })),
      ),
    );
    await insertAll(
      tx,
      initiativeIssueTypes,
      initiativeIds.flatMap((initiativeId) =>
        random.pickSome(issueTypeIds, random.int(2, 3)).map((issueTypeId) => ({
          initiativeId,
          issueTypeId,
        })),
      ),
    );
    await insertAll(
      tx,
      initiativeCommunes,
      initiativeIds.flatMap((initiativeId, i) => {
        const meta = initiativeMeta[i];
        return meta && !meta.useEpci ? [{ initiativeId, communeCode: meta.commune.code }] : [];
      }),
    );
    await insertAll(
      tx,
      initiativeCommunitiesOfCommunes,
      initiativeIds.flatMap((initiativeId, i) => {
        const meta = initiativeMeta[i];
        return meta?.useEpci && meta.commune.epciCode
          ? [{ initiativeId, communityCode: meta.commune.epciCode }]
          : [];
      }),
    );

    // ——— posts, events, resources (a few shared placeholder images) ———
    const imageIds: number[] = [];
    for (const t of THEMATICS) {
      imageIds.push(
        await ensureSeedFile(tx, imageSpec(`scale/${t.key}.jpg`, t.color), options.storage),
      );
    }
    const pdfId = await ensureSeedFile(
      tx,
      pdfSpec(
        'scale',
        'document-exemple.pdf',
        'Document d’exemple',
        RESOURCES[0]?.description ?? '',
      ),
      options.storage,
    );

    const postRows: (typeof posts.$inferInsert)[] = [];
    for (let i = 0; i < counts.posts; i++) {
      const base = random.pick(POSTS);
      const commune = pickCommune();
      const title = `${base.title} (${commune.name})`;
      const at = pastDate(900);
      postRows.push({
        slug: `${slugify(title, 60)}-${offset + i + 1}`,
        title,
        authors: base.authors,
        description: base.description,
        imageFileId: random.pick(imageIds),
        categoryId: idOf(ref.postCategories, random.pick(POST_CATEGORIES).key, 'post category'),
        externalUrl: base.externalUrl ?? null,
        ...publishedFields(at),
      });
    }
    const postIds = await insertReturningIds(tx, posts, posts.id, postRows);

    const eventRows: (typeof events.$inferInsert)[] = [];
    for (let i = 0; i < counts.events; i++) {
      const base = random.pick(EVENTS);
      const commune = pickCommune();
      const start = addDays(now, random.int(-180, 365));
      const linked = postIds.length > 0 && random.chance(0.2);
      eventRows.push({
        title: `${base.title} — ${commune.name}`,
        description: base.description,
        startedAt: toIsoDate(start),
        endedAt: toIsoDate(random.chance(0.3) ? addDays(start, random.int(1, 4)) : start),
        place: commune.name,
        planner: base.planner,
        imageFileId: random.pick(imageIds),
        categoryId: idOf(ref.eventCategories, random.pick(EVENT_CATEGORIES).key, 'event category'),
        externalUrl: linked ? null : `https://agenda.exemple.fr/evenement-${offset + i + 1}`,
        moreInfosType: linked ? 'post' : 'other',
        postId: linked ? random.pick(postIds) : null,
        ...publishedFields(addDays(start, -random.int(7, 60)) < now ? addDays(start, -30) : now),
      });
    }
    await insertReturningIds(tx, events, events.id, eventRows);

    const resourceRows: (typeof resources.$inferInsert)[] = [];
    const resourceThemes: ThematicKey[] = [];
    for (let i = 0; i < counts.resources; i++) {
      const base = random.pick(RESOURCES);
      const type = (['file', 'video', 'external_url'] as const)[i % 3] as
        'file' | 'video' | 'external_url';
      const thematic = random.pick(themeKeys);
      const name = `${base.name} — fiche ${offset + i + 1}`;
      resourceRows.push({
        slug: `${slugify(base.name, 60)}-${offset + i + 1}`,
        name,
        description: base.description,
        imageFileId: random.pick(imageIds),
        categoryId: idOf(
          ref.resourceCategories,
          random.pick(RESOURCE_CATEGORIES).key,
          'resource category',
        ),
        typeId: idOf(ref.resourceTypes, type, 'resource type'),
        thematicId: themeId(thematic),
        externalUrl:
          type === 'external_url' ? `https://ressources.exemple.fr/${offset + i + 1}` : null,
        videoUrl: type === 'video' ? `https://video.exemple.fr/ressource-${offset + i + 1}` : null,
        documentFileId: type === 'file' ? pdfId : null,
        ...publishedFields(pastDate(900)),
      });
      resourceThemes.push(thematic);
    }
    const resourceIds = await insertReturningIds(tx, resources, resources.id, resourceRows);
    await insertAll(
      tx,
      resourceSubthematics,
      resourceIds.flatMap((resourceId, i) =>
        random.pickSome(subsOf(resourceThemes[i] ?? 'economie'), 1).map((s) => ({
          resourceId,
          subthematicId: idOf(ref.subthematics, s.key, 'subthematic'),
        })),
      ),
    );
  });
  return counts;
}
