import { z } from 'zod';
import { MAX_PROJECT_DOCUMENTS, MAX_PROJECT_LOGOS } from '@ad/contract/account/projects';
import type {
  FinancialPartner,
  TechnicalPartner,
  WebsiteUrl,
} from '../../db/schema/project-columns.ts';
import { ValidationError } from '../../platform/errors.ts';
import {
  formBoolean,
  formDate,
  formFile,
  formInt,
  formList,
  formText,
  formUrl,
  optionalFormDate,
  optionalFormInt,
  optionalFormNumber,
  optionalFormText,
  requiredMessage,
} from '../../platform/uploads/form-fields.ts';
import type { FormObject } from '../../platform/uploads/multipart-form.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';

/**
 * The fields initiatives and food procedures share (spec account-area §3, §5), their
 * cross-field rules and the column values they become.
 */

const LONG_TEXT = 10_000;

const richText = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (sanitizeRichText(v) ?? undefined) : undefined),
    z.string({ error: requiredMessage(label) }).max(50_000, {
      error: `Le champ ${label} est trop long.`,
    }),
  );

const keptFile = (label: string) =>
  z.object({ id: formInt(label, { min: 1 }), displayedName: optionalFormText('titre affiché') });
const newFile = (label: string) =>
  z.object({ file: formFile(label), displayedName: optionalFormText('titre affiché') });

const inseeCode = z.string().regex(/^[0-9][0-9AB][0-9]{3}$/, { error: 'Commune invalide.' });
const epciCode = z.string().regex(/^\d{9}$/, { error: 'Communauté de communes invalide.' });

/** Shared shape; each type adds its own fields. */
export const projectFieldsShape = {
  title: formText('titre'),
  summary: richText('résumé'),
  project_holder_id: optionalFormInt('porteur de projet', { min: 1 }),
  area_of_influence_id: formInt("zone d'influence", { min: 1 }),
  territory_of_realization: formText('territoire de réalisation', 1000),
  technical_partners: formList(z.object({ partner: formText('partenaire technique') }), {
    max: 30,
  }),
  financial_partners: formList(
    z.object({ partner: formText('partenaire financier'), device: optionalFormText('dispositif') }),
    { max: 30 },
  ),
  nb_team_members: optionalFormInt("nombre de membres de l'équipe", { max: 1_000_000 }),
  project_cost: optionalFormNumber('coût'),
  released_at: formDate('date de lancement'),
  ended_at: optionalFormDate('date de fin'),
  status: formInt("état d'avancement", { min: 1 }),
  context: formText('contexte', LONG_TEXT),
  objectives: formText('objectifs', LONG_TEXT),
  implementation_of_actions: formText('mise en œuvre des actions', LONG_TEXT),
  keys_to_success: formText('clés de réussite', LONG_TEXT),
  potential_brakes: optionalFormText('freins potentiels', LONG_TEXT),
  prospects_for_future: optionalFormText('perspectives', LONG_TEXT),
  originality_of_approach: optionalFormText('originalité', LONG_TEXT),
  website_urls: formList(z.object({ website_url: formUrl('lien') }), { max: 20 }),
  display_documents: formBoolean(),
  address_line_1: formText('adresse'),
  address_line_2: optionalFormText("complément d'adresse"),
  postcode: formText('code postal', 10),
  city: formText('ville'),
  latitude: optionalFormNumber('latitude', { min: -90, max: 90 }),
  longitude: optionalFormNumber('longitude', { min: -180, max: 180 }),
  communes: formList(inseeCode, { max: 500 }),
  communities_of_communes: formList(epciCode, { max: 200 }),
  logos: formList(keptFile('logo'), { max: 20 }),
  logo_files: formList(newFile('logo'), { max: 20 }),
  documents: formList(keptFile('document'), { max: 20 }),
  document_files: formList(newFile('document'), { max: 20 }),
};

type SharedShape = typeof projectFieldsShape;
export type ProjectFieldsForm = { [K in keyof SharedShape]: z.output<SharedShape[K]> };

export const PROJECT_MESSAGES = {
  addressNotChosen: "Veuillez choisir l'adresse dans la liste proposée.",
  communesRequired: 'Le champ communes ou communautés de communes est obligatoire.',
  endBeforeStart: 'La date de fin doit être postérieure ou égale à la date de lancement.',
  tooManyLogos: `Vous ne pouvez pas ajouter plus de ${MAX_PROJECT_LOGOS} logos.`,
  tooManyDocuments: `Vous ne pouvez pas ajouter plus de ${MAX_PROJECT_DOCUMENTS} documents.`,
  invalidChoice: (label: string) => `La valeur choisie pour le champ ${label} n'est pas valide.`,
  unknownFile: 'Ce fichier ne fait pas partie de votre contenu.',
};

const listLength = (value: unknown) =>
  Array.isArray(value) ? value.length : value === undefined || value === '' ? 0 : 1;

const rawText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Validates a form: the schema's field errors and the rules that read several fields, all
 * reported together (422 keyed by field path).
 */
export function parseProjectForm<T extends z.ZodType>(
  schema: T,
  form: FormObject,
  extraChecks: (form: FormObject) => Record<string, string>,
): z.output<T> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    (errors[key] ??= []).push(message);
  };
  const result = schema.safeParse(form);
  if (!result.success) {
    for (const issue of result.error.issues) {
      add(issue.path.map(String).join('.') || 'form', issue.message);
    }
  }
  if (rawText(form.address_line_1) && (!rawText(form.latitude) || !rawText(form.longitude))) {
    if (!errors.address_line_1) add('address_line_1', PROJECT_MESSAGES.addressNotChosen);
  }
  if (listLength(form.communes) + listLength(form.communities_of_communes) === 0) {
    add('communes', PROJECT_MESSAGES.communesRequired);
  }
  const released = rawText(form.released_at);
  const ended = rawText(form.ended_at);
  if (released && ended && !errors.released_at && !errors.ended_at && ended < released) {
    add('ended_at', PROJECT_MESSAGES.endBeforeStart);
  }
  if (listLength(form.logos) + listLength(form.logo_files) > MAX_PROJECT_LOGOS) {
    add('logo_files', PROJECT_MESSAGES.tooManyLogos);
  }
  if (listLength(form.documents) + listLength(form.document_files) > MAX_PROJECT_DOCUMENTS) {
    add('document_files', PROJECT_MESSAGES.tooManyDocuments);
  }
  for (const [key, message] of Object.entries(extraChecks(form))) add(key, message);
  if (Object.keys(errors).length > 0 || !result.success) {
    // Only the first message of each field is shown.
    throw new ValidationError(
      Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.slice(0, 1)])),
    );
  }
  return result.data;
}

export { rawText };

/** The shared columns of a saved form (drizzle property names: the revision payload's shape). */
export interface SharedValues {
  title: string;
  summary: string | null;
  projectHolderTypeId: number | null;
  areaOfInfluenceId: number | null;
  territoryOfRealization: string | null;
  technicalPartners: TechnicalPartner[];
  financialPartners: FinancialPartner[];
  nbTeamMembers: number | null;
  projectCost: number | null;
  releasedAt: string | null;
  endedAt: string | null;
  progressStatusId: number | null;
  context: string | null;
  objectives: string | null;
  implementationOfActions: string | null;
  keysToSuccess: string | null;
  potentialBrakes: string | null;
  prospectsForFuture: string | null;
  originalityOfApproach: string | null;
  websiteUrls: WebsiteUrl[];
  displayDocuments: boolean;
  addressLine1: string | null;
  addressLine2: string | null;
  postcode: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  departementCode: string | null;
}

export function sharedValuesOf(
  form: ProjectFieldsForm,
  departementCode: string | null,
): SharedValues {
  return {
    title: form.title,
    summary: form.summary,
    projectHolderTypeId: form.project_holder_id,
    areaOfInfluenceId: form.area_of_influence_id,
    territoryOfRealization: form.territory_of_realization,
    technicalPartners: form.technical_partners.map((p) => ({ partner: p.partner })),
    financialPartners: form.financial_partners.map((p) => ({
      partner: p.partner,
      device: p.device,
    })),
    nbTeamMembers: form.nb_team_members,
    projectCost: form.project_cost,
    releasedAt: form.released_at,
    endedAt: form.ended_at,
    progressStatusId: form.status,
    context: form.context,
    objectives: form.objectives,
    implementationOfActions: form.implementation_of_actions,
    keysToSuccess: form.keys_to_success,
    potentialBrakes: form.potential_brakes,
    prospectsForFuture: form.prospects_for_future,
    originalityOfApproach: form.originality_of_approach,
    websiteUrls: form.website_urls.map((w) => ({ website_url: w.website_url })),
    displayDocuments: form.display_documents,
    addressLine1: form.address_line_1,
    addressLine2: form.address_line_2,
    postcode: form.postcode,
    city: form.city,
    latitude: form.latitude,
    longitude: form.longitude,
    departementCode,
  };
}
