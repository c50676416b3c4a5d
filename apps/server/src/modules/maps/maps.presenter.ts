import { z } from 'zod';
import {
  MAP_DETAIL_TYPES,
  mapItemPdfPath,
  type MapDetailType,
  type MapFilters,
  type MapItemDetail,
  type MapListItem,
  type MapThematic,
} from '@ad/contract';
import { paginatedSchema } from '@ad/contract/schemas';
import { publicFileUrl } from '../../platform/file-urls.ts';
import type { MapItemDetailRow } from './maps-detail.queries.ts';
import type { MapListRow } from './maps.queries.ts';
import { richTextHtml } from '../../platform/rich-text.ts';

/** Wire schemas of the initiatives map (contract maps.ts, spec public-site §3, §7). */

const mapThematicSchema = z.object({ name: z.string(), color: z.string(), class: z.string() });
const named = z.object({ name: z.string() });
const titled = z.object({ id: z.number().int(), title: z.string() });
const idName = z.object({ id: z.number().int(), name: z.string() });

export const mapListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  city: z.string().nullable(),
  thematic: mapThematicSchema.nullable(),
  is_pat: z.union([z.literal(0), z.literal(1)]),
}) satisfies z.ZodType<MapListItem>;

export const mapListPageSchema = paginatedSchema(mapListItemSchema);

const mapContactSchema = z.object({
  id: z.number().int(),
  society_name: z.string(),
  type: named.nullable(),
  avatar_url: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  website_url: z.string().nullable(),
  society_email: z.boolean(),
  thematics: z.array(mapThematicSchema),
  initiatives: z.array(titled),
  food_procedures: z.array(titled),
});

export const mapItemDetailSchema = z.object({
  id: z.number().int(),
  resource_type: z.enum(MAP_DETAIL_TYPES),
  title: z.string(),
  summary: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  city: z.string().nullable(),
  department: z.object({ code: z.string(), name: z.string() }).nullable(),
  project_holder: named.nullable(),
  thematic: mapThematicSchema.nullable(),
  secondary_thematic: named.nullable(),
  thematics_detail: z.array(named),
  subthematics: z.array(named),
  food_procedure_id: z.number().int().nullable(),
  food_procedure: z.object({ title: z.string() }).nullable(),
  area_of_influence: named.nullable(),
  territory_of_realization: z.string().nullable(),
  communes: z.array(z.object({ name_formatted: z.string() })),
  communities_of_communes: z.array(named),
  beneficiaries: z.array(named),
  technical_partners: z.array(z.object({ partner: z.string() })),
  financial_partners: z.array(z.object({ partner: z.string(), device: z.string().nullable() })),
  nb_team_members: z.number().int().nullable(),
  project_cost: z.number().nullable(),
  released_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  status_for_humans: z.string().nullable(),
  pdf_url: z.string(),
  logos: z.array(z.object({ thumbs: z.string(), name: z.string() })),
  is_pat: z.union([z.literal(0), z.literal(1)]),
  contact: mapContactSchema.nullable(),
  documents: z.array(z.object({ name: z.string(), file: z.string(), size: z.number().int() })),
  pqna_external_url: z.string().nullable(),
  context: z.string().nullable(),
  objectives: z.string().nullable(),
  implementation_of_actions: z.string().nullable(),
  keys_to_success: z.string().nullable(),
  potential_brakes: z.string().nullable(),
  prospects_for_future: z.string().nullable(),
  originality_of_approach: z.string().nullable(),
  website_urls: z.array(z.object({ website_url: z.string() })),
}) satisfies z.ZodType<MapItemDetail>;

export const mapItemDetailResponseSchema = z.object({ data: mapItemDetailSchema });

const themeSchema = mapThematicSchema.extend({ id: z.number().int() });

export const mapFiltersSchema = z.object({
  locations: z.array(z.object({ code: z.string(), name: z.string() })),
  project_holder_types: z.array(idName),
  beneficiaries: z.array(idName),
  subthematics: z.array(z.object({ thematic: themeSchema, subthematics: z.array(idName) })),
  types: z.array(z.object({ value: z.string(), label: z.string() })),
  periods: z.array(z.object({ value: z.string(), label: z.string() })),
  themes: z.array(themeSchema),
}) satisfies z.ZodType<MapFilters>;

/** The thematics by id, as the map colours them. */
export type MapThemes = ReadonlyMap<number, MapThematic>;

export function presentMapListItem(row: MapListRow, themes: MapThemes): MapListItem {
  const [id, title, latitude, longitude, city, thematicId, isPat] = row;
  return {
    id,
    title,
    latitude,
    longitude,
    city,
    thematic: thematicId === null ? null : (themes.get(thematicId) ?? null),
    is_pat: isPat ? 1 : 0,
  };
}

/** A text field: trimmed, null when empty. */
const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export function presentMapItemDetail(type: MapDetailType, row: MapItemDetailRow): MapItemDetail {
  const initiative = row.initiative;
  const procedureThemes = row.procedureThemes;
  const thematic =
    type === 'initiative'
      ? initiative?.thematicName
        ? {
            name: initiative.thematicName,
            color: initiative.thematicColor ?? '',
            class: initiative.thematicClass ?? '',
          }
        : null
      : (procedureThemes[0] ?? null);
  const fileUrl = (storageKey: string) => publicFileUrl(storageKey) ?? '';
  const fileName = (file: MapItemDetailRow['files'][number]) =>
    text(file.displayedName) ?? file.originalName;
  return {
    id: row.id,
    resource_type: type,
    title: row.title,
    summary: richTextHtml(row.summary),
    latitude: row.latitude,
    longitude: row.longitude,
    city: text(row.city),
    department:
      row.departementCode && row.departementName
        ? { code: row.departementCode, name: row.departementName }
        : null,
    project_holder: row.projectHolderName ? { name: row.projectHolderName } : null,
    thematic,
    secondary_thematic: initiative?.secondaryThematicName
      ? { name: initiative.secondaryThematicName }
      : null,
    thematics_detail: procedureThemes.map((theme) => ({ name: theme.name })),
    subthematics: row.subthematics,
    food_procedure_id: initiative?.foodProcedureId ?? null,
    food_procedure: initiative?.foodProcedureTitle
      ? { title: initiative.foodProcedureTitle }
      : null,
    area_of_influence: row.areaOfInfluenceName ? { name: row.areaOfInfluenceName } : null,
    territory_of_realization: text(row.territoryOfRealization),
    communes: row.communes.map((c) => ({ name_formatted: c.nameFormatted })),
    communities_of_communes: row.communities,
    beneficiaries: row.beneficiaries,
    technical_partners: row.technicalPartners
      .filter((p) => text(p.partner))
      .map((p) => ({ partner: p.partner })),
    financial_partners: row.financialPartners
      .filter((p) => text(p.partner))
      .map((p) => ({ partner: p.partner, device: text(p.device) })),
    nb_team_members: row.nbTeamMembers,
    project_cost: row.projectCost,
    released_at: row.releasedAt,
    ended_at: row.endedAt,
    status_for_humans: row.statusLabel,
    pdf_url: mapItemPdfPath(type, row.id),
    logos: row.files
      .filter((file) => file.kind === 'logo')
      .map((file) => ({ thumbs: fileUrl(file.storageKey), name: fileName(file) })),
    is_pat: row.isPat ? 1 : 0,
    contact:
      row.contactId === null
        ? null
        : {
            id: row.contactId,
            society_name: row.contactSocietyName ?? '',
            type: row.contactTypeName ? { name: row.contactTypeName } : null,
            avatar_url: publicFileUrl(row.contactAvatarStorageKey),
            address_line_1: row.contactAddressLine1,
            address_line_2: row.contactAddressLine2,
            postcode: row.contactPostcode,
            city: row.contactCity,
            phone: row.contactPhone,
            website_url: row.contactWebsiteUrl,
            society_email: Boolean(row.contactHasSocietyEmail),
            thematics: row.contactRelations.thematics.get(row.contactId) ?? [],
            initiatives: row.contactRelations.initiatives.get(row.contactId) ?? [],
            food_procedures: row.contactRelations.foodProcedures.get(row.contactId) ?? [],
          },
    documents: row.displayDocuments
      ? row.files
          .filter((file) => file.kind === 'document')
          .map((file) => ({
            name: fileName(file),
            file: fileUrl(file.storageKey),
            size: file.size,
          }))
      : [],
    pqna_external_url: text(row.pqnaExternalUrl),
    context: text(row.context),
    objectives: text(row.objectives),
    implementation_of_actions: text(row.implementationOfActions),
    keys_to_success: text(row.keysToSuccess),
    potential_brakes: text(row.potentialBrakes),
    prospects_for_future: text(row.prospectsForFuture),
    originality_of_approach: text(row.originalityOfApproach),
    website_urls: row.websiteUrls
      .filter((w) => text(w.website_url))
      .map((w) => ({ website_url: w.website_url })),
  };
}
