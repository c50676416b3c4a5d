import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { MapDetailType } from '@ad/contract';
import { contacts } from '../../db/schema/contacts.ts';
import { files } from '../../db/schema/files.ts';
import {
  foodProcedureBeneficiaries,
  foodProcedureCommunes,
  foodProcedureCommunitiesOfCommunes,
  foodProcedureFiles,
  foodProcedureSubthematics,
  foodProcedureThematics,
  foodProcedures,
} from '../../db/schema/food-procedures.ts';
import { communes, communitiesOfCommunes, departements } from '../../db/schema/geo.ts';
import {
  initiativeBeneficiaries,
  initiativeCommunes,
  initiativeCommunitiesOfCommunes,
  initiativeFiles,
  initiativeSubthematics,
  initiatives,
} from '../../db/schema/initiatives.ts';
import {
  areasOfInfluence,
  beneficiaries,
  contactTypes,
  progressStatuses,
  projectHolderTypes,
  subthematics,
  thematics,
} from '../../db/schema/taxonomy.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { readContactRelations } from '../contacts/contacts-directory.service.ts';

/**
 * The detail of a published initiative or food procedure (spec public-site §3): one query for the
 * item and its single-valued relations, then one per list. Only published rows are read, and only
 * a published contact or a published parent procedure is shown.
 */

interface OwnedJoin {
  table: PgTable;
  owner: AnyPgColumn;
}

interface DetailTables {
  table: typeof initiatives | typeof foodProcedures;
  subthematics: OwnedJoin & { target: AnyPgColumn };
  beneficiaries: OwnedJoin & { target: AnyPgColumn };
  communes: OwnedJoin & { target: AnyPgColumn };
  communities: OwnedJoin & { target: AnyPgColumn };
  files: typeof initiativeFiles | typeof foodProcedureFiles;
  filesOwner: AnyPgColumn;
}

const TABLES: Record<MapDetailType, DetailTables> = {
  initiative: {
    table: initiatives,
    subthematics: {
      table: initiativeSubthematics,
      owner: initiativeSubthematics.initiativeId,
      target: initiativeSubthematics.subthematicId,
    },
    beneficiaries: {
      table: initiativeBeneficiaries,
      owner: initiativeBeneficiaries.initiativeId,
      target: initiativeBeneficiaries.beneficiaryId,
    },
    communes: {
      table: initiativeCommunes,
      owner: initiativeCommunes.initiativeId,
      target: initiativeCommunes.communeCode,
    },
    communities: {
      table: initiativeCommunitiesOfCommunes,
      owner: initiativeCommunitiesOfCommunes.initiativeId,
      target: initiativeCommunitiesOfCommunes.communityCode,
    },
    files: initiativeFiles,
    filesOwner: initiativeFiles.initiativeId,
  },
  demarche: {
    table: foodProcedures,
    subthematics: {
      table: foodProcedureSubthematics,
      owner: foodProcedureSubthematics.foodProcedureId,
      target: foodProcedureSubthematics.subthematicId,
    },
    beneficiaries: {
      table: foodProcedureBeneficiaries,
      owner: foodProcedureBeneficiaries.foodProcedureId,
      target: foodProcedureBeneficiaries.beneficiaryId,
    },
    communes: {
      table: foodProcedureCommunes,
      owner: foodProcedureCommunes.foodProcedureId,
      target: foodProcedureCommunes.communeCode,
    },
    communities: {
      table: foodProcedureCommunitiesOfCommunes,
      owner: foodProcedureCommunitiesOfCommunes.foodProcedureId,
      target: foodProcedureCommunitiesOfCommunes.communityCode,
    },
    files: foodProcedureFiles,
    filesOwner: foodProcedureFiles.foodProcedureId,
  },
};

/**
 * The table of a type, typed as initiatives: only the columns both share (projectColumns()) are
 * read through it, which keeps Drizzle's row types exact.
 */
const sharedColumns = (type: MapDetailType) => TABLES[type].table as typeof initiatives;

const avatar = alias(files, 'contact_avatar');

/** The item's own columns and its single-valued relations shared by both types. */
async function findBase(db: AppDatabase, type: MapDetailType, id: number) {
  const t = sharedColumns(type);
  const [row] = await db
    .select({
      id: t.id,
      title: t.title,
      summary: t.summary,
      latitude: t.latitude,
      longitude: t.longitude,
      city: t.city,
      departementCode: departements.code,
      departementName: departements.name,
      projectHolderName: projectHolderTypes.name,
      areaOfInfluenceName: areasOfInfluence.name,
      territoryOfRealization: t.territoryOfRealization,
      technicalPartners: t.technicalPartners,
      financialPartners: t.financialPartners,
      nbTeamMembers: t.nbTeamMembers,
      projectCost: t.projectCost,
      releasedAt: t.releasedAt,
      endedAt: t.endedAt,
      statusLabel: progressStatuses.label,
      pqnaExternalUrl: t.pqnaExternalUrl,
      context: t.context,
      objectives: t.objectives,
      implementationOfActions: t.implementationOfActions,
      keysToSuccess: t.keysToSuccess,
      potentialBrakes: t.potentialBrakes,
      prospectsForFuture: t.prospectsForFuture,
      originalityOfApproach: t.originalityOfApproach,
      websiteUrls: t.websiteUrls,
      displayDocuments: t.displayDocuments,
      updatedAt: t.updatedAt,
      contactId: contacts.id,
      contactSocietyName: contacts.societyName,
      contactTypeName: contactTypes.name,
      contactAvatarStorageKey: avatar.storageKey,
      contactAddressLine1: contacts.addressLine1,
      contactAddressLine2: contacts.addressLine2,
      contactPostcode: contacts.postcode,
      contactCity: contacts.city,
      contactPhone: contacts.phone,
      contactWebsiteUrl: contacts.websiteUrl,
      // Only whether the contact can be reached: the address never leaves the server.
      contactHasSocietyEmail: sql<boolean>`coalesce(btrim(${contacts.societyEmail}), '') <> ''`,
    })
    .from(t)
    .leftJoin(departements, eq(departements.code, t.departementCode))
    .leftJoin(projectHolderTypes, eq(projectHolderTypes.id, t.projectHolderTypeId))
    .leftJoin(areasOfInfluence, eq(areasOfInfluence.id, t.areaOfInfluenceId))
    .leftJoin(progressStatuses, eq(progressStatuses.id, t.progressStatusId))
    .leftJoin(
      contacts,
      and(eq(contacts.id, t.contactId), eq(contacts.moderationStatus, 'published')),
    )
    .leftJoin(contactTypes, eq(contactTypes.id, contacts.typeId))
    .leftJoin(avatar, eq(avatar.id, contacts.imageFileId))
    .where(and(eq(t.id, id), eq(t.moderationStatus, 'published')))
    .limit(1);
  return row ?? null;
}

const secondaryThematics = alias(thematics, 'secondary_thematics');
const parentProcedures = alias(foodProcedures, 'parent_procedures');

/** An initiative's thematics and its procedure (named only when published). */
async function initiativeExtras(db: AppDatabase, id: number) {
  const [row] = await db
    .select({
      thematicName: thematics.name,
      thematicColor: thematics.color,
      thematicClass: thematics.class,
      secondaryThematicName: secondaryThematics.name,
      foodProcedureId: parentProcedures.id,
      foodProcedureTitle: parentProcedures.title,
    })
    .from(initiatives)
    .leftJoin(thematics, eq(thematics.id, initiatives.thematicId))
    .leftJoin(secondaryThematics, eq(secondaryThematics.id, initiatives.secondaryThematicId))
    .leftJoin(
      parentProcedures,
      and(
        eq(parentProcedures.id, initiatives.foodProcedureId),
        eq(parentProcedures.moderationStatus, 'published'),
      ),
    )
    .where(eq(initiatives.id, id));
  return row ?? null;
}

/** A procedure's thematics, in their order (the first one colours the marker). */
function procedureThematics(db: AppDatabase, id: number) {
  return db
    .select({ name: thematics.name, color: thematics.color, class: thematics.class })
    .from(foodProcedureThematics)
    .innerJoin(thematics, eq(thematics.id, foodProcedureThematics.thematicId))
    .where(eq(foodProcedureThematics.foodProcedureId, id))
    .orderBy(
      asc(foodProcedureThematics.position),
      asc(thematics.position),
      asc(foodProcedureThematics.thematicId),
    );
}

async function procedureIsPat(db: AppDatabase, id: number) {
  const [row] = await db
    .select({ isPat: foodProcedures.isPat })
    .from(foodProcedures)
    .where(eq(foodProcedures.id, id));
  return row?.isPat ?? false;
}

function namesOf(
  db: AppDatabase,
  join: OwnedJoin & { target: AnyPgColumn },
  target: typeof subthematics | typeof beneficiaries,
  id: number,
): Promise<{ name: string }[]> {
  return db
    .select({ name: target.name })
    .from(join.table)
    .innerJoin(target, eq(target.id, join.target))
    .where(eq(join.owner, id))
    .orderBy(asc(target.position), asc(target.name), asc(target.id)) as Promise<{ name: string }[]>;
}

function communesOf(db: AppDatabase, join: OwnedJoin & { target: AnyPgColumn }, id: number) {
  return db
    .select({ nameFormatted: communes.nameFormatted })
    .from(join.table)
    .innerJoin(communes, eq(communes.inseeCode, join.target))
    .where(eq(join.owner, id))
    .orderBy(asc(sql`f_unaccent(lower(${communes.name}))`), asc(communes.inseeCode));
}

function communitiesOf(db: AppDatabase, join: OwnedJoin & { target: AnyPgColumn }, id: number) {
  return db
    .select({ name: communitiesOfCommunes.name })
    .from(join.table)
    .innerJoin(communitiesOfCommunes, eq(communitiesOfCommunes.code, join.target))
    .where(eq(join.owner, id))
    .orderBy(
      asc(sql`f_unaccent(lower(${communitiesOfCommunes.name}))`),
      asc(communitiesOfCommunes.code),
    );
}

/** Logos and documents, each kind in its order. */
function filesOf(db: AppDatabase, type: MapDetailType, id: number) {
  const { files: attached, filesOwner } = TABLES[type];
  return db
    .select({
      kind: attached.kind,
      displayedName: attached.displayedName,
      originalName: files.originalName,
      storageKey: files.storageKey,
      size: files.size,
    })
    .from(attached)
    .innerJoin(files, eq(files.id, attached.fileId))
    .where(eq(filesOwner, id))
    .orderBy(asc(attached.position), asc(attached.id));
}

/** Everything the detail shows, or null when the item is missing or not published. */
export async function findPublishedItemDetail(db: AppDatabase, type: MapDetailType, id: number) {
  const base = await findBase(db, type, id);
  if (!base) return null;
  const tables = TABLES[type];
  const [
    initiativeExtra,
    procedureThemes,
    isPat,
    subthematicNames,
    beneficiaryNames,
    communeRows,
    communityRows,
    fileRows,
    contactRelations,
  ] = await Promise.all([
    type === 'initiative' ? initiativeExtras(db, id) : null,
    type === 'demarche' ? procedureThematics(db, id) : [],
    type === 'demarche' ? procedureIsPat(db, id) : false,
    namesOf(db, tables.subthematics, subthematics, id),
    namesOf(db, tables.beneficiaries, beneficiaries, id),
    communesOf(db, tables.communes, id),
    communitiesOf(db, tables.communities, id),
    filesOf(db, type, id),
    readContactRelations(db, base.contactId === null ? [] : [base.contactId]),
  ]);
  return {
    ...base,
    initiative: initiativeExtra,
    procedureThemes,
    isPat,
    subthematics: subthematicNames,
    beneficiaries: beneficiaryNames,
    communes: communeRows,
    communities: communityRows,
    files: fileRows,
    contactRelations,
  };
}

export type MapItemDetailRow = NonNullable<Awaited<ReturnType<typeof findPublishedItemDetail>>>;

/** The team-managed lists whose names a detail shows (their renames reach the PDF sheets). */
const DETAIL_LISTS = [
  thematics,
  subthematics,
  beneficiaries,
  projectHolderTypes,
  areasOfInfluence,
  progressStatuses,
  contactTypes,
];

/**
 * What the detail (and its PDF sheet) is made of changes with this: the item's last update, that
 * of its contact and of its procedure (an initiative), with their publication, and the last change
 * of the lists it names. Null when the item is missing or not published.
 */
export async function findPublishedItemVersion(
  db: AppDatabase,
  type: MapDetailType,
  id: number,
): Promise<string | null> {
  return (await findPublishedItemVersions(db, type, [id])).get(id) ?? null;
}

/** The versions of several items of one type (the published ones only), in one query. */
export async function findPublishedItemVersions(
  db: AppDatabase,
  type: MapDetailType,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  // Raw SQL with explicit aliases: the subqueries are correlated to the item's row.
  const parent =
    type === 'initiative'
      ? sql`(SELECT p.updated_at::text || p.moderation_status::text
          FROM ${foodProcedures} p WHERE p.id = item.food_procedure_id)`
      : sql`NULL::text`;
  const result = await db.execute(sql`
    SELECT item.id AS id, item.updated_at AS updated_at,
      (SELECT c.updated_at::text || c.moderation_status::text
        FROM ${contacts} c WHERE c.id = item.contact_id) AS contact,
      ${parent} AS parent,
      (SELECT max(changed)::text FROM (${sql.join(
        DETAIL_LISTS.map((list) => sql`SELECT max(updated_at) AS changed FROM ${list}`),
        sql` UNION ALL `,
      )}) lists) AS lists
    FROM ${TABLES[type].table} item
    WHERE item.id = ANY(${`{${ids.join(',')}}`}::int[]) AND item.moderation_status = 'published'`);
  const rows = (
    result as unknown as {
      rows: {
        id: number;
        updated_at: Date | string;
        contact: string | null;
        parent: string | null;
        lists: string | null;
      }[];
    }
  ).rows;
  return new Map(
    rows.map((row) => [
      Number(row.id),
      [
        new Date(row.updated_at).toISOString(),
        row.contact ?? '',
        row.parent ?? '',
        row.lists ?? '',
      ].join('|'),
    ]),
  );
}
