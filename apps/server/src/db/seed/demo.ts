import { inArray, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../client.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import {
  communes,
  contactThematics,
  contacts,
  events,
  faqCategories,
  faqItems,
  foodProcedureBeneficiaries,
  foodProcedureCommunes,
  foodProcedureCommunitiesOfCommunes,
  foodProcedureSubthematics,
  foodProcedureThematics,
  foodProcedures,
  glossaryEntries,
  initiativeBeneficiaries,
  initiativeCommunes,
  initiativeCommunitiesOfCommunes,
  initiativeIssueTypes,
  initiativeSubthematics,
  initiatives,
  posts,
  resourceSubthematics,
  resources,
  teamMembers,
  users,
} from '../schema/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { CONTACTS } from './content/contacts.ts';
import { EVENTS } from './content/events.ts';
import { FAQ } from './content/faq.ts';
import { FOOD_PROCEDURES } from './content/food-procedures.ts';
import { GLOSSARY } from './content/glossary.ts';
import { INITIATIVES } from './content/initiatives.ts';
import { POSTS } from './content/posts.ts';
import { RESOURCES } from './content/resources.ts';
import { DEMO_ACCOUNTS, TEAM_MEMBERS } from './content/site.ts';
import type { ProjectSeedBase } from './content/types.ts';
import { ensureSeedFile, imageSpec, pdfSpec } from './files.ts';
import { colorFor, idOf, loadReferenceIds } from './reference.ts';
import { slugify } from '../../platform/slug.ts';
import { addDays, hashString, resolveRelativeDate } from './util.ts';

export interface SeedDemoOptions {
  /** "Today" for relative dates (events, publication dates). Default: the current time. */
  now?: Date;
  /** Create the demo accounts. Default: NODE_ENV !== 'production'. */
  demoAccounts?: boolean;
  /** Where generated placeholder images and PDFs are stored (the uploads' storage). */
  storage?: FileStorage;
}

export interface DemoSeedResult {
  skipped: boolean;
  counts: Record<string, number>;
}

type Status = 'published' | 'pending';

interface CommuneInfo {
  name: string;
  postcode: string | null;
  departementCode: string;
  latitude: number | null;
  longitude: number | null;
}

async function loadCommunes(db: DbOrTx, codes: string[]): Promise<Map<string, CommuneInfo>> {
  const rows = await db
    .select({
      code: communes.inseeCode,
      name: communes.name,
      postcodes: communes.postcodes,
      departementCode: communes.departementCode,
      latitude: communes.latitude,
      longitude: communes.longitude,
    })
    .from(communes)
    .where(inArray(communes.inseeCode, [...new Set(codes)]));
  return new Map(
    rows.map((r) => [
      r.code,
      {
        name: r.name,
        postcode: r.postcodes[0] ?? null,
        departementCode: r.departementCode,
        latitude: r.latitude,
        longitude: r.longitude,
      },
    ]),
  );
}

/** Markers of items sharing a commune would sit exactly on top of each other: spread them a little. */
function jitter(key: string): [number, number] {
  const h = hashString(key);
  return [((h % 1000) / 1000 - 0.5) * 0.02, (((h >>> 10) % 1000) / 1000 - 0.5) * 0.028];
}

/**
 * Believable French demo content (spec entities), inserted only into a database that has no
 * initiative yet. Everything is published except a few pending items of the demo member with an
 * institution, so that the account area has data. Reference data must have been seeded first.
 */
export async function seedDemoContent(
  db: Database,
  options: SeedDemoOptions = {},
): Promise<DemoSeedResult> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(initiatives);
  if ((existing?.n ?? 0) > 0) return { skipped: true, counts: {} };

  const now = options.now ?? new Date();
  const withAccounts = options.demoAccounts ?? process.env.NODE_ENV !== 'production';
  // Hash before the transaction: argon2 is deliberately slow and needs no database.
  const accounts = withAccounts
    ? await Promise.all(
        DEMO_ACCOUNTS.map(async (a) => ({ ...a, passwordHash: await hashPassword(a.password) })),
      )
    : [];

  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const ref = await loadReferenceIds(tx);
    const storage = options.storage;
    const daysAgo = (days: number) => addDays(now, -days);

    // ——— contacts (institutions), then accounts (a member's institution is a contact) ———
    const contactIds = new Map<string, number>();
    const contactCommunes = await loadCommunes(
      tx,
      CONTACTS.map((c) => c.insee),
    );
    for (const [i, c] of CONTACTS.entries()) {
      const commune = contactCommunes.get(c.insee);
      if (!commune) throw new Error(`Unknown commune ${c.insee} for contact ${c.key}`);
      const imageFileId = await ensureSeedFile(
        tx,
        imageSpec(`contacts/${c.key}.jpg`, colorFor(c.key)),
        storage,
      );
      const [row] = await tx
        .insert(contacts)
        .values({
          typeId: idOf(ref.contactTypes, c.type, 'contact type'),
          societyName: c.societyName,
          societyEmail: c.societyEmail ?? null,
          addressLine1: c.addressLine1,
          addressLine2: c.addressLine2 ?? null,
          postcode: c.postcode,
          city: commune.name,
          departementCode: c.departementCode,
          phone: c.phone ?? null,
          websiteUrl: c.websiteUrl ?? null,
          imageFileId,
          displayInDirectory: c.displayInDirectory,
          moderationStatus: 'published',
          createdAt: daysAgo(400 - i * 5),
          updatedAt: daysAgo(200 - i * 3),
          publishedAt: daysAgo(400 - i * 5),
          moderatedAt: daysAgo(400 - i * 5),
        })
        .returning({ id: contacts.id });
      contactIds.set(c.key, row!.id);
      await tx.insert(contactThematics).values(
        c.thematics.map((t) => ({
          contactId: row!.id,
          thematicId: idOf(ref.thematics, t, 'thematic'),
        })),
      );
    }

    const userIds = new Map<string, number>();
    for (const a of accounts) {
      const [row] = await tx
        .insert(users)
        .values({
          civility: a.civility,
          firstname: a.firstname,
          lastname: a.lastname,
          email: a.email,
          passwordHash: a.passwordHash,
          job: a.job,
          role: a.role,
          contactId: a.institution ? idOf(contactIds, a.institution, 'contact') : null,
          emailVerifiedAt: daysAgo(300),
          createdAt: daysAgo(300),
        })
        .returning({ id: users.id });
      userIds.set(a.key, row!.id);
      if (a.institution) {
        await tx
          .update(contacts)
          .set({ userId: row!.id, sendAlsoToPersonalEmail: a.sendAlsoToPersonalEmail ?? false })
          .where(inArray(contacts.id, [idOf(contactIds, a.institution, 'contact')]));
      }
    }
    const moderatorId = userIds.get('moderator') ?? null;
    /** Items owned by a demo account that is not created (production) are left out if pending. */
    const keep = (item: { owner?: string; moderationStatus?: Status }) =>
      !(item.owner && !userIds.has(item.owner) && item.moderationStatus === 'pending');
    const lifecycle = (item: { owner?: string; moderationStatus?: Status }, publishedAt: Date) => {
      const status: Status = item.moderationStatus ?? 'published';
      return {
        moderationStatus: status,
        userId: item.owner ? (userIds.get(item.owner) ?? null) : null,
        createdAt: publishedAt,
        updatedAt: publishedAt,
        publishedAt: status === 'published' ? publishedAt : null,
        moderatedAt: status === 'published' ? publishedAt : null,
        moderatedBy: status === 'published' ? moderatorId : null,
      };
    };

    // ——— food procedures and initiatives ———
    const projectCommunes = await loadCommunes(tx, [
      ...FOOD_PROCEDURES.map((p) => p.insee),
      ...INITIATIVES.map((p) => p.insee),
    ]);
    const projectColumns = (p: ProjectSeedBase, index: number) => {
      const commune = projectCommunes.get(p.insee);
      if (!commune) throw new Error(`Unknown commune ${p.insee} for ${p.key}`);
      const [dLat, dLng] = jitter(p.key);
      return {
        title: p.title,
        slug: slugify(p.title),
        summary: p.summary,
        projectHolderTypeId: idOf(ref.projectHolderTypes, p.projectHolder, 'project holder'),
        areaOfInfluenceId: idOf(ref.areasOfInfluence, p.areaOfInfluence, 'area of influence'),
        territoryOfRealization: p.territoryOfRealization,
        technicalPartners: p.technicalPartners.map((partner) => ({ partner })),
        financialPartners: p.financialPartners,
        nbTeamMembers: p.nbTeamMembers,
        projectCost: p.projectCost,
        releasedAt: p.releasedAt,
        endedAt: p.endedAt,
        progressStatusId: idOf(ref.progressStatuses, p.status, 'progress status'),
        context: p.context,
        objectives: p.objectives,
        implementationOfActions: p.implementationOfActions,
        keysToSuccess: p.keysToSuccess,
        potentialBrakes: p.potentialBrakes,
        prospectsForFuture: p.prospectsForFuture,
        originalityOfApproach: p.originalityOfApproach,
        websiteUrls: p.websiteUrls.map((website_url) => ({ website_url })),
        addressLine1: p.addressLine1,
        postcode: commune.postcode,
        city: commune.name,
        latitude: commune.latitude === null ? null : Number((commune.latitude + dLat).toFixed(5)),
        longitude:
          commune.longitude === null ? null : Number((commune.longitude + dLng).toFixed(5)),
        departementCode: commune.departementCode,
        contactId: p.contact ? idOf(contactIds, p.contact, 'contact') : null,
        ...lifecycle(p, daysAgo(30 + index * 7)),
      };
    };

    const procedureIds = new Map<string, number>();
    for (const [i, p] of FOOD_PROCEDURES.entries()) {
      if (!keep(p)) continue;
      const [row] = await tx
        .insert(foodProcedures)
        .values({ ...projectColumns(p, i + 40), isPat: p.isPat })
        .returning({ id: foodProcedures.id });
      const id = row!.id;
      procedureIds.set(p.key, id);
      await tx.insert(foodProcedureThematics).values(
        p.thematics.map((t, position) => ({
          foodProcedureId: id,
          thematicId: idOf(ref.thematics, t, 'thematic'),
          position,
        })),
      );
      if (p.communes?.length)
        await tx
          .insert(foodProcedureCommunes)
          .values(p.communes.map((communeCode) => ({ foodProcedureId: id, communeCode })));
      if (p.epci?.length)
        await tx
          .insert(foodProcedureCommunitiesOfCommunes)
          .values(p.epci.map((communityCode) => ({ foodProcedureId: id, communityCode })));
      // The procedure form has no subthematics/beneficiaries; the map filters use the union of
      // those of its initiatives.
      const members = INITIATIVES.filter((ini) => ini.foodProcedure === p.key);
      const subs = [...new Set(members.flatMap((m) => m.subthematics))];
      const bens = [...new Set(members.flatMap((m) => m.beneficiaries))];
      if (subs.length)
        await tx.insert(foodProcedureSubthematics).values(
          subs.map((s) => ({
            foodProcedureId: id,
            subthematicId: idOf(ref.subthematics, s, 'subthematic'),
          })),
        );
      if (bens.length)
        await tx.insert(foodProcedureBeneficiaries).values(
          bens.map((b) => ({
            foodProcedureId: id,
            beneficiaryId: idOf(ref.beneficiaries, b, 'beneficiary'),
          })),
        );
    }

    let initiativeCount = 0;
    for (const [i, p] of INITIATIVES.entries()) {
      if (!keep(p)) continue;
      const [row] = await tx
        .insert(initiatives)
        .values({
          ...projectColumns(p, i),
          thematicId: idOf(ref.thematics, p.thematic, 'thematic'),
          secondaryThematicId: p.secondaryThematic
            ? idOf(ref.thematics, p.secondaryThematic, 'thematic')
            : null,
          foodProcedureId: p.foodProcedure
            ? idOf(procedureIds, p.foodProcedure, 'food procedure')
            : null,
          issuesDescription: p.issues.description,
        })
        .returning({ id: initiatives.id });
      const id = row!.id;
      initiativeCount++;
      await tx.insert(initiativeSubthematics).values(
        p.subthematics.map((s) => ({
          initiativeId: id,
          subthematicId: idOf(ref.subthematics, s, 'subthematic'),
        })),
      );
      await tx.insert(initiativeBeneficiaries).values(
        p.beneficiaries.map((b) => ({
          initiativeId: id,
          beneficiaryId: idOf(ref.beneficiaries, b, 'beneficiary'),
        })),
      );
      await tx.insert(initiativeIssueTypes).values(
        p.issues.types.map((t) => ({
          initiativeId: id,
          issueTypeId: idOf(ref.issueTypes, t, 'issue type'),
        })),
      );
      if (p.communes?.length)
        await tx
          .insert(initiativeCommunes)
          .values(p.communes.map((communeCode) => ({ initiativeId: id, communeCode })));
      if (p.epci?.length)
        await tx
          .insert(initiativeCommunitiesOfCommunes)
          .values(p.epci.map((communityCode) => ({ initiativeId: id, communityCode })));
    }

    // ——— posts, then events (an event may point to a post) ———
    const postIds = new Map<string, number>();
    for (const p of POSTS) {
      if (!keep(p)) continue;
      const imageFileId = await ensureSeedFile(
        tx,
        imageSpec(p.image, colorFor(p.category + p.key)),
        storage,
      );
      const [row] = await tx
        .insert(posts)
        .values({
          slug: slugify(p.title),
          title: p.title,
          authors: p.authors,
          description: p.description,
          imageFileId,
          categoryId: idOf(ref.postCategories, p.category, 'post category'),
          externalUrl: p.externalUrl ?? null,
          eventStartedAt: p.event ? resolveRelativeDate(now, p.event.start) : null,
          eventEndedAt: p.event?.end ? resolveRelativeDate(now, p.event.end) : null,
          eventPlace: p.event?.place ?? null,
          eventHour: p.event?.hour ?? null,
          ...lifecycle(p, daysAgo(p.publishedDaysAgo)),
        })
        .returning({ id: posts.id });
      postIds.set(p.key, row!.id);
    }

    let eventCount = 0;
    for (const e of EVENTS) {
      if (!keep(e)) continue;
      const imageFileId = await ensureSeedFile(
        tx,
        imageSpec(e.image, colorFor(e.category + e.key)),
        storage,
      );
      const startedAt = resolveRelativeDate(now, e.start);
      const endedAt = e.end ? resolveRelativeDate(now, e.end) : startedAt;
      // Announced a few weeks ahead, never in the future.
      const announced = new Date(
        Math.min(now.getTime(), new Date(startedAt).getTime() - 30 * 864e5),
      );
      await tx.insert(events).values({
        title: e.title,
        description: e.description,
        startedAt,
        endedAt,
        place: e.place,
        planner: e.planner,
        imageFileId,
        categoryId: idOf(ref.eventCategories, e.category, 'event category'),
        externalUrl: e.externalUrl ?? null,
        moreInfosType: e.moreInfosType,
        postId: e.post ? (postIds.get(e.post) ?? null) : null,
        ...lifecycle(e, announced),
      });
      eventCount++;
    }

    // ——— resources ———
    let resourceCount = 0;
    for (const [i, r] of RESOURCES.entries()) {
      if (!keep(r)) continue;
      const imageFileId = await ensureSeedFile(
        tx,
        imageSpec(r.image, colorFor(r.thematic + r.key)),
        storage,
      );
      const documentFileId = r.file
        ? await ensureSeedFile(
            tx,
            pdfSpec('resources', r.file.filename, r.name, r.description),
            storage,
          )
        : null;
      const [row] = await tx
        .insert(resources)
        .values({
          slug: slugify(r.name),
          name: r.name,
          description: r.description,
          imageFileId,
          categoryId: idOf(ref.resourceCategories, r.category, 'resource category'),
          typeId: idOf(ref.resourceTypes, r.type, 'resource type'),
          thematicId: idOf(ref.thematics, r.thematic, 'thematic'),
          externalUrl: r.type === 'external_url' ? (r.externalUrl ?? null) : null,
          videoUrl: r.type === 'video' ? (r.videoUrl ?? null) : null,
          documentFileId: r.type === 'file' ? documentFileId : null,
          ...lifecycle(r, daysAgo(r.publishedDaysAgo)),
        })
        .returning({ id: resources.id });
      resourceCount++;
      const subs = ref.subthematicsByThematic.get(r.thematic) ?? [];
      const chosen = [subs[i % subs.length], subs[(i + 1) % subs.length]].filter(
        (s): s is number => s !== undefined,
      );
      await tx
        .insert(resourceSubthematics)
        .values(
          [...new Set(chosen)].map((subthematicId) => ({ resourceId: row!.id, subthematicId })),
        );
    }

    // ——— glossary, FAQ, team ———
    await tx
      .insert(glossaryEntries)
      .values(
        GLOSSARY.map((g) => ({ slug: slugify(g.title), title: g.title, definition: g.definition })),
      );
    for (const category of FAQ) {
      const [row] = await tx
        .insert(faqCategories)
        .values({ slug: category.key, name: category.name, position: category.order })
        .returning({ id: faqCategories.id });
      await tx.insert(faqItems).values(
        category.items.map((item, position) => ({
          categoryId: row!.id,
          slug: slugify(item.question),
          question: item.question,
          answer: item.answer,
          position,
        })),
      );
    }
    for (const m of TEAM_MEMBERS) {
      const avatarFileId = await ensureSeedFile(tx, imageSpec(m.avatar, colorFor(m.name)), storage);
      await tx.insert(teamMembers).values({
        name: m.name,
        department: m.department,
        description: m.description,
        avatarFileId,
        position: m.order,
      });
    }

    Object.assign(counts, {
      contacts: contactIds.size,
      users: userIds.size,
      foodProcedures: procedureIds.size,
      initiatives: initiativeCount,
      posts: postIds.size,
      events: eventCount,
      resources: resourceCount,
      glossaryEntries: GLOSSARY.length,
      faqItems: FAQ.reduce((n, c) => n + c.items.length, 0),
      teamMembers: TEAM_MEMBERS.length,
    });
  });
  return { skipped: false, counts };
}
