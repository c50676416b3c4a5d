import type { FormModerationStatus } from './publications.ts';
import type { Deletable, FileEntry, Option } from './member-content.ts';
import type { ModerationStatus } from '../constants.ts';

/**
 * Wire types of the member's initiatives and food procedures ("démarches"): options, form values,
 * previews (spec account-area §2 'Initiative preview', §3, §7). Zod-free.
 */

/** At most 4 logos and 4 documents, kept and new files together (spec §5). */
export const MAX_PROJECT_LOGOS = 4;
export const MAX_PROJECT_DOCUMENTS = 4;

export const PROJECT_NEEDS_INSTITUTION = {
  initiatives: "Merci de d'abord renseigner votre structure pour pouvoir proposer une initiative.",
  food_procedures:
    "Merci de d'abord renseigner votre structure pour pouvoir proposer une démarche.",
} as const;

/** Thematics (and their use as ids) go by slug. */
export interface SlugOption {
  slug: string;
  name: string;
}

export interface CommuneOption {
  /** INSEE code. */
  id: string;
  name_formatted: string;
}

export interface CommunityOption {
  /** EPCI (SIREN) code. */
  id: string;
  name: string;
}

export interface TechnicalPartnerValue {
  partner: string;
}

export interface FinancialPartnerValue {
  partner: string;
  device: string | null;
}

export interface WebsiteUrlValue {
  website_url: string;
}

/** The form's values of an item, as `options/:id` gives them (`resource`). */
export interface ProjectFormResource extends FormModerationStatus {
  id: number;
  title: string;
  summary: string | null;
  project_holder_id: number | null;
  area_of_influence_id: number | null;
  territory_of_realization: string | null;
  technical_partners: TechnicalPartnerValue[];
  financial_partners: FinancialPartnerValue[];
  nb_team_members: number | null;
  project_cost: number | null;
  released_at: string | null;
  ended_at: string | null;
  /** Progress status id. */
  status: number | null;
  context: string | null;
  objectives: string | null;
  implementation_of_actions: string | null;
  keys_to_success: string | null;
  potential_brakes: string | null;
  prospects_for_future: string | null;
  originality_of_approach: string | null;
  website_urls: WebsiteUrlValue[];
  display_documents: boolean;
  address_line_1: string | null;
  address_line_2: string | null;
  postcode: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  communes: CommuneOption[];
  communities_of_communes: CommunityOption[];
  logos: FileEntry[];
  documents: FileEntry[];
}

export interface InitiativeFormResource extends ProjectFormResource {
  /** Thematic slugs. */
  thematic_id: string | null;
  secondary_thematic_id: string | null;
  food_procedure_id: number | null;
  subthematics: number[];
  beneficiaries: number[];
  issues: { types: number[]; description: string | null };
}

export interface FoodProcedureFormResource extends ProjectFormResource {
  is_pat: boolean;
  /** Thematic slugs, in order. */
  thematics: string[];
}

interface ProjectOptionsBase {
  projectHolders: Option[];
  thematics: SlugOption[];
  areaOfInfluences: Option[];
  /** Progress statuses (« État d'avancement »). */
  statuses: Option[];
  allowedImageMimes: string[];
}

/** `GET /api/user/initiatives/options[/:id]`. */
export interface InitiativeOptions extends ProjectOptionsBase {
  /** Grouped by thematic slug. */
  subthematics: Record<string, Option[]>;
  beneficiaries: Option[];
  foodProcedures: { id: number; title: string }[];
  /** Issue types (« Enjeux »). */
  types: Option[];
  resource?: InitiativeFormResource;
}

/** `GET /api/user/food_procedures/options[/:id]`. */
export interface FoodProcedureOptions extends ProjectOptionsBase {
  resource?: FoodProcedureFormResource;
}

/** The preview (`GET /api/user/initiatives/:id`, `/food_procedures/:id`) of what the member submitted. */
export interface ProjectPreview {
  id: number;
  title: string;
  summary: string | null;
  project_holder: Option | null;
  address_line_1: string | null;
  address_line_2: string | null;
  postcode: string | null;
  city: string | null;
  area_of_influence: Option | null;
  territory_of_realization: string | null;
  communes: CommuneOption[];
  communities_of_communes: CommunityOption[];
  technical_partners: TechnicalPartnerValue[];
  financial_partners: FinancialPartnerValue[];
  nb_team_members: number | null;
  project_cost: number | null;
  released_at: string | null;
  ended_at: string | null;
  status_for_humans: string | null;
  context: string | null;
  objectives: string | null;
  implementation_of_actions: string | null;
  keys_to_success: string | null;
  prospects_for_future: string | null;
  potential_brakes: string | null;
  originality_of_approach: string | null;
  website_urls: WebsiteUrlValue[];
  display_documents: boolean;
  logos: FileEntry[];
  documents: FileEntry[];
  moderation_status: ModerationStatus;
  moderation_status_label: string;
  deletable: Deletable;
}

export interface InitiativePreview extends ProjectPreview {
  thematic: SlugOption | null;
  secondary_thematic: SlugOption | null;
  subthematics: Option[];
  beneficiaries: Option[];
  /**
   * `url`: the member's own procedure's preview, another's public page, or null (another's
   * that is not published).
   */
  food_procedure: { id: number; title: string; url: string | null } | null;
  issues: { types: Option[]; description: string | null };
}

export interface FoodProcedurePreview extends ProjectPreview {
  is_pat: boolean;
  thematics_detail: SlugOption[];
}
