import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ModerationPublicView, ModerationType } from '@ad/contract/account/moderation';
import type { DbOrTx } from '../../db/client.ts';
import {
  areasOfInfluence,
  beneficiaries,
  communes,
  communitiesOfCommunes,
  contacts,
  contactTypes,
  departements,
  eventCategories,
  events,
  files,
  foodProcedures,
  initiatives,
  postCategories,
  posts,
  progressStatuses,
  projectHolderTypes,
  resourceCategories,
  resources,
  resourceTypes,
  subthematics,
  thematics,
} from '../../db/schema/index.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { presentAgendaEvent } from '../events/events.presenter.ts';
import type { MapItemDetailRow } from '../maps/maps-detail.queries.ts';
import { presentMapItemDetail } from '../maps/maps.presenter.ts';
import { readContactRelations } from '../contacts/contacts-directory.service.ts';
import { presentPostDetail } from '../posts/posts.presenter.ts';
import { presentResource } from '../resources/resources.presenter.ts';
import type { PendingRevision } from '../member-content/submissions.ts';
import type { FoodProcedureState } from '../user-projects/food-procedures.ts';
import type { InitiativeState } from '../user-projects/initiatives.ts';

/**
 * The submission as the public site will show it once published (issue 10, « Relecture »): the
 * submitted values (an edit's revision over the live row) go through the public API's own
 * presenters, so the review page renders them with the public components. Only what the public
 * detail shows is read; relations the public reads only when published (a contact, a parent
 * procedure) are left out likewise.
 */

type Revision = PendingRevision<Record<string, unknown>> | null;

/** The live row with the revision's values over it, as publishing would write them. */
const submittedRow = <R extends object>(row: R, revision: Revision): R =>
  revision ? { ...row, ...(revision.payload.values as Partial<R>) } : row;

async function fileRow(db: DbOrTx, id: number | null) {
  if (id === null) return null;
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

async function nameOf(
  db: DbOrTx,
  table: typeof postCategories | typeof eventCategories | typeof resourceCategories,
  id: number | null,
): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id));
  return row?.name ?? null;
}

async function postView(db: DbOrTx, id: number, revision: Revision, now: Date) {
  const [live] = await db.select().from(posts).where(eq(posts.id, id));
  if (!live) return null;
  const row = submittedRow(live, revision);
  const [image, categoryName] = await Promise.all([
    fileRow(db, row.imageFileId),
    nameOf(db, postCategories, row.categoryId),
  ]);
  return presentPostDetail({
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    // Publishing an edit writes the row: the public date becomes the publication's.
    updatedAt: revision ? now : row.updatedAt,
    externalUrl: row.externalUrl,
    categoryId: row.categoryId,
    categoryName,
    eventStartedAt: row.eventStartedAt,
    eventEndedAt: row.eventEndedAt,
    eventPlace: row.eventPlace,
    eventHour: row.eventHour,
    imageStorageKey: image?.storageKey ?? null,
    imageOriginalName: image?.originalName ?? null,
    imageWidth: image?.width ?? null,
    imageHeight: image?.height ?? null,
  });
}

async function eventView(db: DbOrTx, id: number, revision: Revision) {
  const [live] = await db.select().from(events).where(eq(events.id, id));
  if (!live) return null;
  const row = submittedRow(live, revision);
  const [image, categoryName, post] = await Promise.all([
    fileRow(db, row.imageFileId),
    nameOf(db, eventCategories, row.categoryId),
    row.postId === null
      ? null
      : db
          .select({ slug: posts.slug })
          .from(posts)
          .where(and(eq(posts.id, row.postId), eq(posts.moderationStatus, 'published')))
          .then((rows) => rows[0] ?? null),
  ]);
  return presentAgendaEvent({
    id: row.id,
    title: row.title,
    description: row.description,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    place: row.place,
    planner: row.planner,
    externalUrl: row.externalUrl,
    moreInfosType: row.moreInfosType,
    imageStorageKey: image?.storageKey ?? null,
    categoryName,
    postSlug: post?.slug ?? null,
  });
}

async function resourceView(db: DbOrTx, id: number, revision: Revision, now: Date) {
  const [live] = await db.select().from(resources).where(eq(resources.id, id));
  if (!live) return null;
  const row = submittedRow(live, revision);
  const [image, document, type, category] = await Promise.all([
    fileRow(db, row.imageFileId),
    fileRow(db, row.documentFileId),
    row.typeId === null
      ? null
      : db
          .select()
          .from(resourceTypes)
          .where(eq(resourceTypes.id, row.typeId))
          .then((rows) => rows[0] ?? null),
    row.categoryId === null
      ? null
      : db
          .select()
          .from(resourceCategories)
          .where(eq(resourceCategories.id, row.categoryId))
          .then((rows) => rows[0] ?? null),
  ]);
  const featured = await fileRow(db, category?.featuredImageFileId ?? null);
  return presentResource({
    slug: row.slug,
    name: row.name,
    description: row.description,
    updatedAt: revision ? now : row.updatedAt,
    thumbStorageKey: image?.storageKey ?? null,
    typeSlug: type?.slug ?? null,
    typeName: type?.name ?? null,
    externalUrl: row.externalUrl,
    videoUrl: row.videoUrl,
    documentStorageKey: document?.storageKey ?? null,
    documentSize: document?.size ?? null,
    categoryName: category?.name ?? null,
    featuredStorageKey: featured?.storageKey ?? null,
    featuredName: category?.featuredImageName ?? null,
  });
}

type ProjectState = InitiativeState | FoodProcedureState;

async function namesIn(
  db: DbOrTx,
  table: typeof subthematics | typeof beneficiaries,
  ids: number[],
): Promise<{ name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ name: table.name })
    .from(table)
    .where(inArray(table.id, ids))
    .orderBy(asc(table.position), asc(table.name), asc(table.id));
}

const first = <T>(rows: T[]): T | null => rows[0] ?? null;

/** A map item detail of the submitted state of an initiative or a procedure. */
async function projectView(
  db: DbOrTx,
  type: 'initiatives' | 'food_procedures',
  id: number,
  state: ProjectState,
  now: Date,
  revision: Revision,
) {
  const table = type === 'initiatives' ? initiatives : foodProcedures;
  const [live] = await db
    .select({
      contactId: table.contactId,
      pqnaExternalUrl: table.pqnaExternalUrl,
      updatedAt: table.updatedAt,
    })
    .from(table)
    .where(eq(table.id, id));
  if (!live) return null;
  const v = state.values;
  const initiative = 'thematicId' in v ? v : null;
  const thematicIds = 'thematicIds' in state.relations ? state.relations.thematicIds : [];
  const subthematicIds = 'subthematicIds' in state.relations ? state.relations.subthematicIds : [];
  const beneficiaryIds = 'beneficiaryIds' in state.relations ? state.relations.beneficiaryIds : [];
  const attached = [
    ...state.files.logos.map((f) => ({ ...f, kind: 'logo' as const })),
    ...state.files.documents.map((f) => ({ ...f, kind: 'document' as const })),
  ];
  const themeIds = [
    ...thematicIds,
    ...(initiative ? [initiative.thematicId, initiative.secondaryThematicId] : []),
  ].filter((t): t is number => typeof t === 'number');

  const [
    departement,
    holder,
    area,
    status,
    contact,
    themeRows,
    procedure,
    subthematicNames,
    beneficiaryNames,
    communeRows,
    communityRows,
    fileRows,
    contactRelations,
  ] = await Promise.all([
    v.departementCode
      ? db.select().from(departements).where(eq(departements.code, v.departementCode)).then(first)
      : null,
    v.projectHolderTypeId
      ? db
          .select({ name: projectHolderTypes.name })
          .from(projectHolderTypes)
          .where(eq(projectHolderTypes.id, v.projectHolderTypeId))
          .then(first)
      : null,
    v.areaOfInfluenceId
      ? db
          .select({ name: areasOfInfluence.name })
          .from(areasOfInfluence)
          .where(eq(areasOfInfluence.id, v.areaOfInfluenceId))
          .then(first)
      : null,
    v.progressStatusId
      ? db
          .select({ label: progressStatuses.label })
          .from(progressStatuses)
          .where(eq(progressStatuses.id, v.progressStatusId))
          .then(first)
      : null,
    live.contactId === null
      ? null
      : db
          .select({
            id: contacts.id,
            societyName: contacts.societyName,
            typeName: contactTypes.name,
            avatarStorageKey: files.storageKey,
            addressLine1: contacts.addressLine1,
            addressLine2: contacts.addressLine2,
            postcode: contacts.postcode,
            city: contacts.city,
            phone: contacts.phone,
            websiteUrl: contacts.websiteUrl,
            hasSocietyEmail: sql<boolean>`coalesce(btrim(${contacts.societyEmail}), '') <> ''`,
          })
          .from(contacts)
          .leftJoin(contactTypes, eq(contactTypes.id, contacts.typeId))
          .leftJoin(files, eq(files.id, contacts.imageFileId))
          .where(and(eq(contacts.id, live.contactId), eq(contacts.moderationStatus, 'published')))
          .then(first),
    themeIds.length ? db.select().from(thematics).where(inArray(thematics.id, themeIds)) : [],
    initiative?.foodProcedureId
      ? db
          .select({ id: foodProcedures.id, title: foodProcedures.title })
          .from(foodProcedures)
          .where(
            and(
              eq(foodProcedures.id, initiative.foodProcedureId),
              eq(foodProcedures.moderationStatus, 'published'),
            ),
          )
          .then(first)
      : null,
    namesIn(db, subthematics, subthematicIds),
    namesIn(db, beneficiaries, beneficiaryIds),
    state.relations.communeCodes.length
      ? db
          .select({ nameFormatted: communes.nameFormatted })
          .from(communes)
          .where(inArray(communes.inseeCode, state.relations.communeCodes))
          .orderBy(asc(sql`f_unaccent(lower(${communes.name}))`), asc(communes.inseeCode))
      : [],
    state.relations.communityCodes.length
      ? db
          .select({ name: communitiesOfCommunes.name })
          .from(communitiesOfCommunes)
          .where(inArray(communitiesOfCommunes.code, state.relations.communityCodes))
          .orderBy(
            asc(sql`f_unaccent(lower(${communitiesOfCommunes.name}))`),
            asc(communitiesOfCommunes.code),
          )
      : [],
    attached.length
      ? db
          .select()
          .from(files)
          .where(
            inArray(
              files.id,
              attached.map((f) => f.fileId),
            ),
          )
      : [],
    // Shown only with a published contact (`contact` above).
    readContactRelations(db, live.contactId === null ? [] : [live.contactId]),
  ]);
  const theme = (themeId: number | null | undefined) =>
    themeRows.find((t) => t.id === themeId) ?? null;
  const primary = theme(initiative?.thematicId);
  const fileById = new Map(fileRows.map((f) => [f.id, f]));

  const row: MapItemDetailRow = {
    id,
    title: v.title,
    summary: v.summary,
    latitude: v.latitude,
    longitude: v.longitude,
    city: v.city,
    departementCode: departement?.code ?? null,
    departementName: departement?.name ?? null,
    projectHolderName: holder?.name ?? null,
    areaOfInfluenceName: area?.name ?? null,
    territoryOfRealization: v.territoryOfRealization,
    technicalPartners: v.technicalPartners,
    financialPartners: v.financialPartners,
    nbTeamMembers: v.nbTeamMembers,
    projectCost: v.projectCost,
    releasedAt: v.releasedAt,
    endedAt: v.endedAt,
    statusLabel: status?.label ?? null,
    pqnaExternalUrl: live.pqnaExternalUrl,
    context: v.context,
    objectives: v.objectives,
    implementationOfActions: v.implementationOfActions,
    keysToSuccess: v.keysToSuccess,
    potentialBrakes: v.potentialBrakes,
    prospectsForFuture: v.prospectsForFuture,
    originalityOfApproach: v.originalityOfApproach,
    websiteUrls: v.websiteUrls,
    displayDocuments: v.displayDocuments,
    updatedAt: revision ? now : live.updatedAt,
    contactId: contact?.id ?? null,
    contactSocietyName: contact?.societyName ?? null,
    contactTypeName: contact?.typeName ?? null,
    contactAvatarStorageKey: contact?.avatarStorageKey ?? null,
    contactAddressLine1: contact?.addressLine1 ?? null,
    contactAddressLine2: contact?.addressLine2 ?? null,
    contactPostcode: contact?.postcode ?? null,
    contactCity: contact?.city ?? null,
    contactPhone: contact?.phone ?? null,
    contactWebsiteUrl: contact?.websiteUrl ?? null,
    contactHasSocietyEmail: contact?.hasSocietyEmail ?? false,
    contactRelations,
    initiative: initiative
      ? {
          thematicName: primary?.name ?? null,
          thematicColor: primary?.color ?? null,
          thematicClass: primary?.class ?? null,
          secondaryThematicName: theme(initiative.secondaryThematicId)?.name ?? null,
          foodProcedureId: procedure?.id ?? null,
          foodProcedureTitle: procedure?.title ?? null,
        }
      : null,
    procedureThemes: thematicIds.flatMap((themeId) => {
      const t = theme(themeId);
      return t ? [{ name: t.name, color: t.color, class: t.class }] : [];
    }),
    isPat: 'isPat' in v ? v.isPat : false,
    subthematics: subthematicNames,
    beneficiaries: beneficiaryNames,
    communes: communeRows,
    communities: communityRows,
    files: attached.flatMap((f) => {
      const file = fileById.get(f.fileId);
      return file
        ? [
            {
              kind: f.kind,
              displayedName: f.displayedName,
              originalName: file.originalName,
              storageKey: file.storageKey,
              size: file.size,
            },
          ]
        : [];
    }),
  };
  const detail = presentMapItemDetail(type === 'initiatives' ? 'initiative' : 'demarche', row);
  // No PDF sheet exists before publication.
  return { ...detail, pdf_url: '' };
}

/** The public view of a submission; null for an institution (its directory card is not a page). */
export async function publicViewOf(
  db: AppDatabase,
  input: {
    type: ModerationType;
    id: number;
    revision: Revision;
    /** For initiatives and procedures: the submitted state (the revision's or the live one). */
    projectState: () => Promise<unknown>;
    now: Date;
  },
): Promise<ModerationPublicView | null> {
  const { type, id, revision, now } = input;
  const view = async (kind: ModerationPublicView['kind'], data: Promise<object | null>) => {
    const resolved = await data;
    return resolved ? { kind, data: resolved } : null;
  };
  switch (type) {
    case 'posts':
      return view('post', postView(db, id, revision, now));
    case 'events':
      return view('event', eventView(db, id, revision));
    case 'resources':
      return view('resource', resourceView(db, id, revision, now));
    case 'initiatives':
    case 'food_procedures':
      return view(
        type === 'initiatives' ? 'initiative' : 'demarche',
        projectView(db, type, id, (await input.projectState()) as ProjectState, now, revision),
      );
    case 'institutions':
      return null;
  }
}
