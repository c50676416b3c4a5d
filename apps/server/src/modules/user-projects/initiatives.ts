import { and, asc, desc, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import { pathTo } from '@ad/contract';
import type {
  InitiativeFormResource,
  InitiativeOptions,
  InitiativePreview,
  ProjectFormResource,
  ProjectPreview,
} from '@ad/contract/account/projects';
import type { DbOrTx, Transaction } from '../../db/client.ts';
import { foodProcedures } from '../../db/schema/food-procedures.ts';
import {
  initiativeBeneficiaries,
  initiativeCommunes,
  initiativeCommunitiesOfCommunes,
  initiativeFiles,
  initiativeIssueTypes,
  initiativeSubthematics,
  initiatives,
} from '../../db/schema/initiatives.ts';
import {
  areasOfInfluence,
  beneficiaries,
  issueTypes,
  projectHolderTypes,
} from '../../db/schema/taxonomy.ts';
import { ALLOWED_IMAGE_MIMES } from '../../platform/uploads/check-upload.ts';
import {
  formInt,
  formList,
  optionalFormText,
  requiredMessage,
} from '../../platform/uploads/form-fields.ts';
import type { FormObject } from '../../platform/uploads/multipart-form.ts';
import {
  parseProjectForm,
  projectFieldsShape,
  PROJECT_MESSAGES,
  rawText,
} from './project-fields.ts';
import type { ProjectFiles } from './project-files.ts';
import {
  existingIds,
  namedOptions,
  optionList,
  statusExists,
  statusList,
  subthematicRows,
  thematicOptions,
  thematicRows,
} from './project-lookups.ts';
import { checkGeoCodes, replaceFiles } from './project-relations.ts';
import type { ApplyColumns, ProjectKind, ProjectState } from './project-service.ts';

/** The member's initiatives (spec account-area §2, §3 'Initiative'). */

const thematicSlug = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: requiredMessage(label) })
      .trim()
      .max(100),
  );

export const initiativeFormSchema = z.object({
  ...projectFieldsShape,
  thematic_id: thematicSlug('thématique'),
  secondary_thematic_id: optionalFormText('thématique secondaire', 100),
  food_procedure_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    formInt('démarche', { min: 1 })
      .nullish()
      .transform((v) => v ?? null),
  ),
  subthematics: formList(formInt('sous-thématiques', { min: 1 }), { max: 100 }),
  beneficiaries: formList(formInt('bénéficiaires', { min: 1 }), { max: 100 }),
  issues: z.preprocess(
    (v) => (v === undefined || v === '' ? {} : v),
    z.object({
      types: formList(formInt('enjeux', { min: 1 }), { max: 20 }),
      description: optionalFormText('description des enjeux', 10_000),
    }),
  ),
});

export type InitiativeForm = z.output<typeof initiativeFormSchema>;

export interface InitiativeValues {
  thematicId: number | null;
  secondaryThematicId: number | null;
  foodProcedureId: number | null;
  issuesDescription: string | null;
}

export interface InitiativeRelations {
  subthematicIds: number[];
  beneficiaryIds: number[];
  issueTypeIds: number[];
}

export type InitiativeState = ProjectState<InitiativeValues, InitiativeRelations>;

/** Published procedures and the member's own (the form's « Démarche » list). */
function procedureChoices(db: DbOrTx, userId: number, only?: number) {
  return db
    .select({ id: foodProcedures.id, title: foodProcedures.title })
    .from(foodProcedures)
    .where(
      and(
        or(eq(foodProcedures.moderationStatus, 'published'), eq(foodProcedures.userId, userId)),
        only === undefined ? undefined : eq(foodProcedures.id, only),
      ),
    )
    .orderBy(asc(foodProcedures.title), asc(foodProcedures.id));
}

async function loadState(db: DbOrTx, id: number): Promise<InitiativeState> {
  const [row] = await db.select().from(initiatives).where(eq(initiatives.id, id));
  if (!row) throw new Error(`initiative ${id} not found`);
  const [subs, bens, issues, communeRows, communityRows, fileRows] = await Promise.all([
    db
      .select({ id: initiativeSubthematics.subthematicId })
      .from(initiativeSubthematics)
      .where(eq(initiativeSubthematics.initiativeId, id)),
    db
      .select({ id: initiativeBeneficiaries.beneficiaryId })
      .from(initiativeBeneficiaries)
      .where(eq(initiativeBeneficiaries.initiativeId, id)),
    db
      .select({ id: initiativeIssueTypes.issueTypeId })
      .from(initiativeIssueTypes)
      .where(eq(initiativeIssueTypes.initiativeId, id)),
    db
      .select({ code: initiativeCommunes.communeCode })
      .from(initiativeCommunes)
      .where(eq(initiativeCommunes.initiativeId, id)),
    db
      .select({ code: initiativeCommunitiesOfCommunes.communityCode })
      .from(initiativeCommunitiesOfCommunes)
      .where(eq(initiativeCommunitiesOfCommunes.initiativeId, id)),
    db
      .select()
      .from(initiativeFiles)
      .where(eq(initiativeFiles.initiativeId, id))
      .orderBy(asc(initiativeFiles.position), asc(initiativeFiles.id)),
  ]);
  const filesOf = (kind: 'logo' | 'document') =>
    fileRows
      .filter((f) => f.kind === kind)
      .map((f) => ({ fileId: f.fileId, displayedName: f.displayedName }));
  return {
    values: {
      title: row.title,
      summary: row.summary,
      projectHolderTypeId: row.projectHolderTypeId,
      areaOfInfluenceId: row.areaOfInfluenceId,
      territoryOfRealization: row.territoryOfRealization,
      technicalPartners: row.technicalPartners,
      financialPartners: row.financialPartners,
      nbTeamMembers: row.nbTeamMembers,
      projectCost: row.projectCost,
      releasedAt: row.releasedAt,
      endedAt: row.endedAt,
      progressStatusId: row.progressStatusId,
      context: row.context,
      objectives: row.objectives,
      implementationOfActions: row.implementationOfActions,
      keysToSuccess: row.keysToSuccess,
      potentialBrakes: row.potentialBrakes,
      prospectsForFuture: row.prospectsForFuture,
      originalityOfApproach: row.originalityOfApproach,
      websiteUrls: row.websiteUrls,
      displayDocuments: row.displayDocuments,
      addressLine1: row.addressLine1,
      addressLine2: row.addressLine2,
      postcode: row.postcode,
      city: row.city,
      latitude: row.latitude,
      longitude: row.longitude,
      departementCode: row.departementCode,
      thematicId: row.thematicId,
      secondaryThematicId: row.secondaryThematicId,
      foodProcedureId: row.foodProcedureId,
      issuesDescription: row.issuesDescription,
    },
    relations: {
      communeCodes: communeRows.map((r) => r.code),
      communityCodes: communityRows.map((r) => r.code),
      subthematicIds: subs.map((r) => r.id),
      beneficiaryIds: bens.map((r) => r.id),
      issueTypeIds: issues.map((r) => r.id),
    },
    files: { logos: filesOf('logo'), documents: filesOf('document') },
  };
}

/**
 * Writes an initiative's submitted state to the live row and its relations (a direct edit, or
 * the team approving a pending revision: pass the revision's payload). Returns the ids of the
 * files the item no longer uses, for the caller to discard (`FileTransaction.discard`).
 */
export async function applyInitiativeRevision(
  tx: Transaction,
  itemId: number,
  payload: InitiativeState,
  columns: ApplyColumns = {},
): Promise<number[]> {
  const { values, relations } = payload;
  // A revision waits for the team: the procedure it names may have been deleted meanwhile.
  const foodProcedureId =
    values.foodProcedureId !== null &&
    (
      await tx
        .select({ id: foodProcedures.id })
        .from(foodProcedures)
        .where(eq(foodProcedures.id, values.foodProcedureId))
    ).length
      ? values.foodProcedureId
      : null;
  await tx
    .update(initiatives)
    .set({ ...values, foodProcedureId, ...columns })
    .where(eq(initiatives.id, itemId));
  const owner = { initiativeId: itemId };
  await tx.delete(initiativeSubthematics).where(eq(initiativeSubthematics.initiativeId, itemId));
  if (relations.subthematicIds.length)
    await tx
      .insert(initiativeSubthematics)
      .values(relations.subthematicIds.map((subthematicId) => ({ ...owner, subthematicId })));
  await tx.delete(initiativeBeneficiaries).where(eq(initiativeBeneficiaries.initiativeId, itemId));
  if (relations.beneficiaryIds.length)
    await tx
      .insert(initiativeBeneficiaries)
      .values(relations.beneficiaryIds.map((beneficiaryId) => ({ ...owner, beneficiaryId })));
  await tx.delete(initiativeIssueTypes).where(eq(initiativeIssueTypes.initiativeId, itemId));
  if (relations.issueTypeIds.length)
    await tx
      .insert(initiativeIssueTypes)
      .values(relations.issueTypeIds.map((issueTypeId) => ({ ...owner, issueTypeId })));
  await tx.delete(initiativeCommunes).where(eq(initiativeCommunes.initiativeId, itemId));
  if (relations.communeCodes.length)
    await tx
      .insert(initiativeCommunes)
      .values(relations.communeCodes.map((communeCode) => ({ ...owner, communeCode })));
  await tx
    .delete(initiativeCommunitiesOfCommunes)
    .where(eq(initiativeCommunitiesOfCommunes.initiativeId, itemId));
  if (relations.communityCodes.length)
    await tx
      .insert(initiativeCommunitiesOfCommunes)
      .values(relations.communityCodes.map((communityCode) => ({ ...owner, communityCode })));
  return replaceFiles(tx, {
    table: initiativeFiles,
    ownerColumn: initiativeFiles.initiativeId,
    owner,
    itemId,
    files: payload.files,
  });
}

const thematicBySlug = async (db: DbOrTx) =>
  new Map((await thematicRows(db)).map((t) => [t.slug, t]));

export const initiativeKind: ProjectKind<
  InitiativeForm,
  InitiativeValues,
  InitiativeRelations,
  Omit<InitiativePreview, keyof ProjectPreview>,
  Omit<InitiativeFormResource, keyof ProjectFormResource>
> = {
  path: 'initiatives',
  subjectType: 'initiative',
  texts: {
    label: 'Initiative',
    sentence: "l'initiative",
    deleted: 'Votre initiative a bien été supprimée.',
    added:
      'Votre initiative a bien été ajoutée, elle est maintenant en cours de modération par notre équipe.',
    modified:
      'Votre initiative a bien été modifiée, elle est maintenant en cours de modération par notre équipe.',
  },
  listAttributes: [
    { label: 'Thématique', key: 'thematic' },
    { label: 'Ville', key: 'city' },
  ],

  parse: (form: FormObject) =>
    parseProjectForm(initiativeFormSchema, form, (raw): Record<string, string> => {
      const primary = rawText(raw.thematic_id);
      const secondary = rawText(raw.secondary_thematic_id);
      return primary && secondary && primary === secondary
        ? {
            secondary_thematic_id:
              'La thématique secondaire doit être différente de la thématique principale.',
          }
        : {};
    }),

  async validate(db, form, userId) {
    const errors: Record<string, string> = {};
    const themes = await thematicBySlug(db);
    const primary = themes.get(form.thematic_id);
    if (!primary) errors.thematic_id = PROJECT_MESSAGES.invalidChoice('thématique');
    const secondary = form.secondary_thematic_id ? themes.get(form.secondary_thematic_id) : null;
    if (secondary === undefined)
      errors.secondary_thematic_id = PROJECT_MESSAGES.invalidChoice('thématique secondaire');
    const allowed = new Set<number | undefined>([primary?.id, secondary?.id ?? undefined]);
    allowed.delete(undefined);
    const subRows = await subthematicRows(db);
    const subs = new Map(subRows.map((s) => [s.id, s]));
    if (form.subthematics.some((id) => !allowed.has(subs.get(id)?.thematicId))) {
      errors.subthematics = 'Les sous-thématiques doivent appartenir aux thématiques choisies.';
    }
    if (
      form.project_holder_id !== null &&
      !(await existingIds(db, projectHolderTypes, [form.project_holder_id])).size
    )
      errors.project_holder_id = PROJECT_MESSAGES.invalidChoice('porteur de projet');
    if (!(await existingIds(db, areasOfInfluence, [form.area_of_influence_id])).size)
      errors.area_of_influence_id = PROJECT_MESSAGES.invalidChoice("zone d'influence");
    if (!(await statusExists(db, form.status)))
      errors.status = PROJECT_MESSAGES.invalidChoice("état d'avancement");
    if (
      (await existingIds(db, beneficiaries, form.beneficiaries)).size !==
      new Set(form.beneficiaries).size
    )
      errors.beneficiaries = PROJECT_MESSAGES.invalidChoice('bénéficiaires');
    if (
      (await existingIds(db, issueTypes, form.issues.types)).size !==
      new Set(form.issues.types).size
    )
      errors['issues.types'] = PROJECT_MESSAGES.invalidChoice('enjeux');
    if (form.food_procedure_id !== null) {
      const choices = await procedureChoices(db, userId, form.food_procedure_id);
      if (choices.length === 0)
        errors.food_procedure_id = PROJECT_MESSAGES.invalidChoice('démarche');
    }
    Object.assign(errors, await checkGeoCodes(db, form.communes, form.communities_of_communes));
    return errors;
  },

  async stateOf(db, form, shared, files: ProjectFiles) {
    const themes = await thematicBySlug(db);
    return {
      values: {
        ...shared,
        thematicId: themes.get(form.thematic_id)?.id ?? null,
        secondaryThematicId: form.secondary_thematic_id
          ? (themes.get(form.secondary_thematic_id)?.id ?? null)
          : null,
        foodProcedureId: form.food_procedure_id,
        issuesDescription: form.issues.description,
      },
      relations: {
        communeCodes: [...new Set(form.communes)],
        communityCodes: [...new Set(form.communities_of_communes)],
        subthematicIds: [...new Set(form.subthematics)],
        beneficiaryIds: [...new Set(form.beneficiaries)],
        issueTypeIds: [...new Set(form.issues.types)],
      },
      files,
    };
  },

  async findRow(db, id) {
    const [row] = await db
      .select({
        id: initiatives.id,
        userId: initiatives.userId,
        moderationStatus: initiatives.moderationStatus,
        slug: initiatives.slug,
      })
      .from(initiatives)
      .where(eq(initiatives.id, id));
    return row;
  },

  async listRows(db, userId) {
    const rows = await db
      .select({
        id: initiatives.id,
        moderationStatus: initiatives.moderationStatus,
        title: initiatives.title,
        city: initiatives.city,
        thematicId: initiatives.thematicId,
      })
      .from(initiatives)
      .where(eq(initiatives.userId, userId))
      .orderBy(desc(initiatives.updatedAt), desc(initiatives.id));
    return rows.map(({ id, moderationStatus, ...values }) => ({ id, moderationStatus, values }));
  },

  loadState,

  async insert(tx, row) {
    const [inserted] = await tx.insert(initiatives).values(row).returning({ id: initiatives.id });
    if (!inserted) throw new Error('initiative not inserted');
    return inserted.id;
  },

  apply: applyInitiativeRevision,

  async remove(tx, id) {
    const rows = await tx
      .select({ fileId: initiativeFiles.fileId })
      .from(initiativeFiles)
      .where(eq(initiativeFiles.initiativeId, id));
    await tx.delete(initiatives).where(eq(initiatives.id, id));
    return rows.map((r) => r.fileId);
  },

  async listValues(db, values) {
    const themes = new Map((await thematicRows(db)).map((t) => [t.id, t.name]));
    return values.map((v) => ({
      thematic: (v.thematicId && themes.get(v.thematicId)) || '',
      city: v.city ?? '',
    }));
  },

  async preview(db, state, userId) {
    const v = state.values;
    const themes = new Map((await thematicRows(db)).map((t) => [t.id, t]));
    const theme = (id: number | null) => {
      const t = id ? themes.get(id) : undefined;
      return t ? { slug: t.slug, name: t.name } : null;
    };
    const subRows = await subthematicRows(db);
    const wanted = new Set(state.relations.subthematicIds);
    const [procedure] = v.foodProcedureId
      ? await db
          .select({
            id: foodProcedures.id,
            title: foodProcedures.title,
            userId: foodProcedures.userId,
            moderationStatus: foodProcedures.moderationStatus,
          })
          .from(foodProcedures)
          .where(eq(foodProcedures.id, v.foodProcedureId))
      : [];
    return {
      thematic: theme(v.thematicId),
      secondary_thematic: theme(v.secondaryThematicId),
      subthematics: subRows
        .filter((s) => wanted.has(s.id))
        .map((s) => ({ id: s.id, name: s.name })),
      beneficiaries: await namedOptions(db, beneficiaries, state.relations.beneficiaryIds),
      food_procedure: procedure ? associatedProcedure(procedure, userId) : null,
      issues: {
        types: await namedOptions(db, issueTypes, state.relations.issueTypeIds),
        description: v.issuesDescription,
      },
    };
  },

  async resource(db, state, ownerId) {
    const themes = new Map((await thematicRows(db)).map((t) => [t.id, t.slug]));
    const v = state.values;
    return {
      thematic_id: (v.thematicId && themes.get(v.thematicId)) || null,
      secondary_thematic_id: (v.secondaryThematicId && themes.get(v.secondaryThematicId)) || null,
      // A procedure deleted or unpublished since is no longer a choice: the form starts without
      // it rather than with a choice it cannot show and the server would refuse.
      food_procedure_id:
        v.foodProcedureId !== null &&
        (await procedureChoices(db, ownerId ?? 0, v.foodProcedureId)).length
          ? v.foodProcedureId
          : null,
      subthematics: state.relations.subthematicIds,
      beneficiaries: state.relations.beneficiaryIds,
      issues: { types: state.relations.issueTypeIds, description: v.issuesDescription },
    };
  },
};

/** `GET /api/user/initiatives/options` without `resource`. */
export async function initiativeOptions(
  db: DbOrTx,
  userId: number,
): Promise<Omit<InitiativeOptions, 'resource'>> {
  const [themes, subs] = await Promise.all([thematicRows(db), subthematicRows(db)]);
  const slugById = new Map(themes.map((t) => [t.id, t.slug]));
  const grouped: InitiativeOptions['subthematics'] = Object.fromEntries(
    themes.map((t) => [t.slug, []]),
  );
  for (const s of subs) {
    const slug = slugById.get(s.thematicId);
    if (slug) grouped[slug]?.push({ id: s.id, name: s.name });
  }
  return {
    projectHolders: await optionList(db, projectHolderTypes),
    thematics: thematicOptions(themes),
    subthematics: grouped,
    beneficiaries: await optionList(db, beneficiaries),
    areaOfInfluences: await optionList(db, areasOfInfluence),
    foodProcedures: await procedureChoices(db, userId),
    statuses: await statusList(db),
    types: await optionList(db, issueTypes),
    allowedImageMimes: [...ALLOWED_IMAGE_MIMES],
  };
}

/**
 * The preview's associated food procedure (spec account-area §2: a link to its preview). The
 * choice list holds every published procedure, not only the member's: the link leads to the
 * account preview of the member's own, to the public page of another's, and nowhere for
 * another's that is no longer published.
 */
function associatedProcedure(
  procedure: { id: number; title: string; userId: number | null; moderationStatus: string },
  userId: number,
): { id: number; title: string; url: string | null } {
  const { id, title } = procedure;
  if (procedure.userId === userId) {
    return { id, title, url: pathTo('myaccount.foodProcedures.show', { id }) };
  }
  if (procedure.moderationStatus === 'published') {
    return {
      id,
      title,
      url: pathTo('initiative-item', { selectedResourceType: 'demarche', selectedResource: id }),
    };
  }
  return { id, title, url: null };
}
