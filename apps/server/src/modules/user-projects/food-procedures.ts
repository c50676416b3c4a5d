import { asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type {
  FoodProcedureFormResource,
  FoodProcedureOptions,
  FoodProcedurePreview,
  ProjectFormResource,
  ProjectPreview,
} from '@ad/contract/account/projects';
import type { DbOrTx, Transaction } from '../../db/client.ts';
import {
  foodProcedureCommunes,
  foodProcedureCommunitiesOfCommunes,
  foodProcedureFiles,
  foodProcedureThematics,
  foodProcedures,
} from '../../db/schema/food-procedures.ts';
import { areasOfInfluence, projectHolderTypes } from '../../db/schema/taxonomy.ts';
import { ALLOWED_IMAGE_MIMES } from '../../platform/uploads/check-upload.ts';
import { formBoolean, formList } from '../../platform/uploads/form-fields.ts';
import type { FormObject } from '../../platform/uploads/multipart-form.ts';
import { parseProjectForm, projectFieldsShape, PROJECT_MESSAGES } from './project-fields.ts';
import type { ProjectFiles } from './project-files.ts';
import {
  existingIds,
  optionList,
  statusExists,
  statusList,
  thematicOptions,
  thematicRows,
} from './project-lookups.ts';
import { checkGeoCodes, replaceFiles } from './project-relations.ts';
import type { ApplyColumns, ProjectKind, ProjectState } from './project-service.ts';

/** The member's food procedures, « démarches » (spec account-area §2, §3 'Food procedure'). */

export const foodProcedureFormSchema = z.object({
  ...projectFieldsShape,
  is_pat: formBoolean(),
  thematics: formList(z.string().trim().min(1).max(100), { max: 20 }).refine(
    (list) => list.length > 0,
    { error: 'Le champ thématiques est obligatoire.' },
  ),
});

export type FoodProcedureForm = z.output<typeof foodProcedureFormSchema>;

export interface FoodProcedureValues {
  isPat: boolean;
}

export interface FoodProcedureRelations {
  thematicIds: number[];
}

export type FoodProcedureState = ProjectState<FoodProcedureValues, FoodProcedureRelations>;

async function loadState(db: DbOrTx, id: number): Promise<FoodProcedureState> {
  const [row] = await db.select().from(foodProcedures).where(eq(foodProcedures.id, id));
  if (!row) throw new Error(`food procedure ${id} not found`);
  const [themes, communeRows, communityRows, fileRows] = await Promise.all([
    db
      .select({ id: foodProcedureThematics.thematicId })
      .from(foodProcedureThematics)
      .where(eq(foodProcedureThematics.foodProcedureId, id))
      .orderBy(asc(foodProcedureThematics.position), asc(foodProcedureThematics.thematicId)),
    db
      .select({ code: foodProcedureCommunes.communeCode })
      .from(foodProcedureCommunes)
      .where(eq(foodProcedureCommunes.foodProcedureId, id)),
    db
      .select({ code: foodProcedureCommunitiesOfCommunes.communityCode })
      .from(foodProcedureCommunitiesOfCommunes)
      .where(eq(foodProcedureCommunitiesOfCommunes.foodProcedureId, id)),
    db
      .select()
      .from(foodProcedureFiles)
      .where(eq(foodProcedureFiles.foodProcedureId, id))
      .orderBy(asc(foodProcedureFiles.position), asc(foodProcedureFiles.id)),
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
      isPat: row.isPat,
    },
    relations: {
      communeCodes: communeRows.map((r) => r.code),
      communityCodes: communityRows.map((r) => r.code),
      thematicIds: themes.map((r) => r.id),
    },
    files: { logos: filesOf('logo'), documents: filesOf('document') },
  };
}

/**
 * Writes a procedure's submitted state to the live row and its relations (a direct edit, or the
 * team approving a pending revision: pass the revision's payload). Returns the ids of the files
 * the item no longer uses, for the caller to discard. Subthematics and beneficiaries are not in
 * the procedure form: they are left as they are.
 */
export async function applyFoodProcedureRevision(
  tx: Transaction,
  itemId: number,
  payload: FoodProcedureState,
  columns: ApplyColumns = {},
): Promise<number[]> {
  const { values, relations } = payload;
  await tx
    .update(foodProcedures)
    .set({ ...values, ...columns })
    .where(eq(foodProcedures.id, itemId));
  const owner = { foodProcedureId: itemId };
  await tx.delete(foodProcedureThematics).where(eq(foodProcedureThematics.foodProcedureId, itemId));
  if (relations.thematicIds.length)
    await tx
      .insert(foodProcedureThematics)
      .values(
        relations.thematicIds.map((thematicId, position) => ({ ...owner, thematicId, position })),
      );
  await tx.delete(foodProcedureCommunes).where(eq(foodProcedureCommunes.foodProcedureId, itemId));
  if (relations.communeCodes.length)
    await tx
      .insert(foodProcedureCommunes)
      .values(relations.communeCodes.map((communeCode) => ({ ...owner, communeCode })));
  await tx
    .delete(foodProcedureCommunitiesOfCommunes)
    .where(eq(foodProcedureCommunitiesOfCommunes.foodProcedureId, itemId));
  if (relations.communityCodes.length)
    await tx
      .insert(foodProcedureCommunitiesOfCommunes)
      .values(relations.communityCodes.map((communityCode) => ({ ...owner, communityCode })));
  return replaceFiles(tx, {
    table: foodProcedureFiles,
    ownerColumn: foodProcedureFiles.foodProcedureId,
    owner,
    itemId,
    files: payload.files,
  });
}

export const foodProcedureKind: ProjectKind<
  FoodProcedureForm,
  FoodProcedureValues,
  FoodProcedureRelations,
  Omit<FoodProcedurePreview, keyof ProjectPreview>,
  Omit<FoodProcedureFormResource, keyof ProjectFormResource>
> = {
  path: 'food_procedures',
  subjectType: 'food_procedure',
  texts: {
    label: 'Démarche',
    sentence: 'la démarche',
    deleted: 'Votre démarche a bien été supprimée.',
    added:
      'Votre démarche a bien été ajoutée, elle est maintenant en cours de modération par notre équipe.',
    modified:
      'Votre démarche a bien été modifiée, elle est maintenant en cours de modération par notre équipe.',
  },
  listAttributes: [
    { label: 'PAT', key: 'is_pat' },
    { label: 'Ville', key: 'city' },
  ],

  parse: (form: FormObject) => parseProjectForm(foodProcedureFormSchema, form, () => ({})),

  async validate(db, form) {
    const errors: Record<string, string> = {};
    const slugs = new Set((await thematicRows(db)).map((t) => t.slug));
    if (form.thematics.some((slug) => !slugs.has(slug)))
      errors.thematics = PROJECT_MESSAGES.invalidChoice('thématiques');
    if (
      form.project_holder_id !== null &&
      !(await existingIds(db, projectHolderTypes, [form.project_holder_id])).size
    )
      errors.project_holder_id = PROJECT_MESSAGES.invalidChoice('porteur de projet');
    if (!(await existingIds(db, areasOfInfluence, [form.area_of_influence_id])).size)
      errors.area_of_influence_id = PROJECT_MESSAGES.invalidChoice("zone d'influence");
    if (!(await statusExists(db, form.status)))
      errors.status = PROJECT_MESSAGES.invalidChoice("état d'avancement");
    Object.assign(errors, await checkGeoCodes(db, form.communes, form.communities_of_communes));
    return errors;
  },

  async stateOf(db, form, shared, files: ProjectFiles) {
    const ids = new Map((await thematicRows(db)).map((t) => [t.slug, t.id]));
    return {
      values: { ...shared, isPat: form.is_pat },
      relations: {
        communeCodes: [...new Set(form.communes)],
        communityCodes: [...new Set(form.communities_of_communes)],
        thematicIds: [...new Set(form.thematics.flatMap((slug) => ids.get(slug) ?? []))],
      },
      files,
    };
  },

  async findRow(db, id) {
    const [row] = await db
      .select({
        id: foodProcedures.id,
        userId: foodProcedures.userId,
        moderationStatus: foodProcedures.moderationStatus,
        slug: foodProcedures.slug,
      })
      .from(foodProcedures)
      .where(eq(foodProcedures.id, id));
    return row;
  },

  async listRows(db, userId) {
    const rows = await db
      .select({
        id: foodProcedures.id,
        moderationStatus: foodProcedures.moderationStatus,
        title: foodProcedures.title,
        city: foodProcedures.city,
        isPat: foodProcedures.isPat,
      })
      .from(foodProcedures)
      .where(eq(foodProcedures.userId, userId))
      .orderBy(desc(foodProcedures.updatedAt), desc(foodProcedures.id));
    return rows.map(({ id, moderationStatus, ...values }) => ({ id, moderationStatus, values }));
  },

  loadState,

  async insert(tx, row) {
    const [inserted] = await tx
      .insert(foodProcedures)
      .values(row)
      .returning({ id: foodProcedures.id });
    if (!inserted) throw new Error('food procedure not inserted');
    return inserted.id;
  },

  apply: applyFoodProcedureRevision,

  async remove(tx, id) {
    const rows = await tx
      .select({ fileId: foodProcedureFiles.fileId })
      .from(foodProcedureFiles)
      .where(eq(foodProcedureFiles.foodProcedureId, id));
    // Initiatives of this procedure keep existing: food_procedure_id is set null by the FK.
    await tx.delete(foodProcedures).where(eq(foodProcedures.id, id));
    return rows.map((r) => r.fileId);
  },

  async listValues(_db, values) {
    return values.map((v) => ({
      is_pat: v.isPat ? 'Oui' : 'Non',
      city: v.city ?? '',
    }));
  },

  async preview(db, state) {
    const themes = new Map((await thematicRows(db)).map((t) => [t.id, t]));
    return {
      is_pat: state.values.isPat,
      thematics_detail: state.relations.thematicIds.flatMap((id) => {
        const t = themes.get(id);
        return t ? [{ slug: t.slug, name: t.name }] : [];
      }),
    };
  },

  async resource(db, state) {
    const slugs = new Map((await thematicRows(db)).map((t) => [t.id, t.slug]));
    return {
      is_pat: state.values.isPat,
      thematics: state.relations.thematicIds.flatMap((id) => slugs.get(id) ?? []),
    };
  },
};

/** `GET /api/user/food_procedures/options` without `resource`. */
export async function foodProcedureOptions(
  db: DbOrTx,
): Promise<Omit<FoodProcedureOptions, 'resource'>> {
  return {
    projectHolders: await optionList(db, projectHolderTypes),
    thematics: thematicOptions(await thematicRows(db)),
    areaOfInfluences: await optionList(db, areasOfInfluence),
    statuses: await statusList(db),
    allowedImageMimes: [...ALLOWED_IMAGE_MIMES],
  };
}
