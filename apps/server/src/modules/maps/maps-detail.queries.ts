import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MapDetailType } from '@ad/contract';
import { jsonList } from '../../db/json-list.ts';
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
import { contactRelationLists } from '../contacts/contacts-directory.queries.ts';
import { relationsByContact } from '../contacts/contacts-directory.service.ts';

/**
 * The detail of a published initiative or food procedure (spec public-site §3), in one query: the
 * item, its single-valued relations, and its lists as JSON arrays. Only published rows are read,
 * and only a published contact or a published parent procedure is shown.
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

/** A value of the row of another table that `on` names (a name, a label), or null. */
const lookup = <T extends AnyPgColumn>(column: T, on: SQL) =>
  sql<T['_']['data'] | null>`(SELECT ${column} FROM ${column.table} WHERE ${on})`;

const noList = <T>() => sql<T[]>`'[]'::json`;

interface InitiativeExtras {
  thematicName: string | null;
  thematicColor: string | null;
  thematicClass: string | null;
  secondaryThematicName: string | null;
  foodProcedureId: number | null;
  foodProcedureTitle: string | null;
}

/** An initiative's thematics and its procedure (named only when published), as one object. */
const initiativeExtras = () => {
  const theme = (column: AnyPgColumn) => lookup(column, eq(thematics.id, initiatives.thematicId));
  const procedure = (column: AnyPgColumn) =>
    lookup(
      column,
      sql`${eq(foodProcedures.id, initiatives.foodProcedureId)}
        AND ${eq(foodProcedures.moderationStatus, 'published')}`,
    );
  return sql<InitiativeExtras>`json_build_object(
    'thematicName', ${theme(thematics.name)},
    'thematicColor', ${theme(thematics.color)},
    'thematicClass', ${theme(thematics.class)},
    'secondaryThematicName', ${lookup(thematics.name, eq(thematics.id, initiatives.secondaryThematicId))},
    'foodProcedureId', ${procedure(foodProcedures.id)},
    'foodProcedureTitle', ${procedure(foodProcedures.title)})`;
};

/** A procedure's thematics, in their order (the first one colours the marker). */
const procedureThematics = () =>
  jsonList<{ name: string; color: string; class: string }>(
    sql`json_build_object('name', th.name, 'color', th.color, 'class', th.class)`,
    sql`FROM ${foodProcedureThematics} pt JOIN ${thematics} th ON th.id = pt.thematic_id
      WHERE pt.food_procedure_id = ${foodProcedures.id}`,
    sql`pt.position, th.position, pt.thematic_id`,
  );

/** The names of the subthematics or beneficiaries of the item, in the lists' order. */
const namesOf = (
  join: OwnedJoin & { target: AnyPgColumn },
  target: typeof subthematics | typeof beneficiaries,
  itemId: AnyPgColumn,
) =>
  jsonList<{ name: string }>(
    sql`json_build_object('name', n.name)`,
    sql`FROM ${join.table} JOIN ${target} n ON n.id = ${join.target} WHERE ${join.owner} = ${itemId}`,
    sql`n.position, n.name, n.id`,
  );

const communesOf = (join: OwnedJoin & { target: AnyPgColumn }, itemId: AnyPgColumn) =>
  jsonList<{ nameFormatted: string }>(
    sql`json_build_object('nameFormatted', c.name_formatted)`,
    sql`FROM ${join.table} JOIN ${communes} c ON c.insee_code = ${join.target}
      WHERE ${join.owner} = ${itemId}`,
    sql`f_unaccent(lower(c.name)), c.insee_code`,
  );

const communitiesOf = (join: OwnedJoin & { target: AnyPgColumn }, itemId: AnyPgColumn) =>
  jsonList<{ name: string }>(
    sql`json_build_object('name', c.name)`,
    sql`FROM ${join.table} JOIN ${communitiesOfCommunes} c ON c.code = ${join.target}
      WHERE ${join.owner} = ${itemId}`,
    sql`f_unaccent(lower(c.name)), c.code`,
  );

interface AttachedFile {
  kind: string;
  displayedName: string | null;
  originalName: string;
  storageKey: string;
  size: number;
}

/** Logos and documents, each kind in its order. */
function filesOf(type: MapDetailType, itemId: AnyPgColumn) {
  const { files: attached, filesOwner } = TABLES[type];
  return jsonList<AttachedFile>(
    sql`json_build_object('kind', ${attached.kind}, 'displayedName', ${attached.displayedName},
      'originalName', f.original_name, 'storageKey', f.storage_key, 'size', f.size)`,
    sql`FROM ${attached} JOIN ${files} f ON f.id = ${attached.fileId} WHERE ${filesOwner} = ${itemId}`,
    sql`${attached.position}, ${attached.id}`,
  );
}

/**
 * Everything the detail shows, or null when the item is missing or not published: one query, the
 * related names and the lists in subqueries. On PGlite each query is a round trip to its thread
 * and is planned anew: the eleven queries of the detail took about 25 ms there, this one about 10
 * (steady state, 20,000 initiatives; decision 0002).
 */
export async function findPublishedItemDetail(db: AppDatabase, type: MapDetailType, id: number) {
  const t = sharedColumns(type);
  const tables = TABLES[type];
  const [row] = await db
    .select({
      id: t.id,
      title: t.title,
      summary: t.summary,
      latitude: t.latitude,
      longitude: t.longitude,
      city: t.city,
      departementCode: t.departementCode,
      departementName: lookup(departements.name, eq(departements.code, t.departementCode)),
      projectHolderName: lookup(
        projectHolderTypes.name,
        eq(projectHolderTypes.id, t.projectHolderTypeId),
      ),
      areaOfInfluenceName: lookup(
        areasOfInfluence.name,
        eq(areasOfInfluence.id, t.areaOfInfluenceId),
      ),
      territoryOfRealization: t.territoryOfRealization,
      technicalPartners: t.technicalPartners,
      financialPartners: t.financialPartners,
      nbTeamMembers: t.nbTeamMembers,
      projectCost: t.projectCost,
      releasedAt: t.releasedAt,
      endedAt: t.endedAt,
      statusLabel: lookup(progressStatuses.label, eq(progressStatuses.id, t.progressStatusId)),
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
      contactTypeName: lookup(contactTypes.name, eq(contactTypes.id, contacts.typeId)),
      contactAvatarStorageKey: lookup(files.storageKey, eq(files.id, contacts.imageFileId)),
      contactAddressLine1: contacts.addressLine1,
      contactAddressLine2: contacts.addressLine2,
      contactPostcode: contacts.postcode,
      contactCity: contacts.city,
      contactPhone: contacts.phone,
      contactWebsiteUrl: contacts.websiteUrl,
      // Only whether the contact can be reached: the address never leaves the server.
      contactHasSocietyEmail: sql<boolean>`coalesce(btrim(${contacts.societyEmail}), '') <> ''`,
      initiative:
        type === 'initiative' ? initiativeExtras() : sql<InitiativeExtras | null>`NULL::json`,
      procedureThemes:
        type === 'demarche'
          ? procedureThematics()
          : noList<{ name: string; color: string; class: string }>(),
      isPat: type === 'demarche' ? sql<boolean>`${foodProcedures.isPat}` : sql<boolean>`false`,
      subthematics: namesOf(tables.subthematics, subthematics, t.id),
      beneficiaries: namesOf(tables.beneficiaries, beneficiaries, t.id),
      communes: communesOf(tables.communes, t.id),
      communities: communitiesOf(tables.communities, t.id),
      files: filesOf(type, t.id),
      // The published contact's lists (empty without one).
      ...contactRelationLists(contacts.id),
    })
    .from(t)
    .leftJoin(
      contacts,
      and(eq(contacts.id, t.contactId), eq(contacts.moderationStatus, 'published')),
    )
    .where(and(eq(t.id, id), eq(t.moderationStatus, 'published')))
    .limit(1);
  if (!row) return null;
  const { relationThematics, relationInitiatives, relationFoodProcedures, ...detail } = row;
  const contactRelations = relationsByContact(
    detail.contactId === null
      ? []
      : [{ id: detail.contactId, relationThematics, relationInitiatives, relationFoodProcedures }],
  );
  return { ...detail, contactRelations };
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
