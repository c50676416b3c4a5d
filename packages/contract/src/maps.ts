/**
 * The initiatives map's wire format (spec public-site §2 'Initiatives page', §3, §7): the lists of
 * GET /api/initiatives and GET /api/food_procedures, the details of GET /api/initiatives/{id} and
 * GET /api/food_procedures/{id}, and GET /api/maps/filters. Field names are the spec's.
 */

export const INITIATIVES_API_PATH = '/api/initiatives';
export const FOOD_PROCEDURES_API_PATH = '/api/food_procedures';
export const MAP_FILTERS_API_PATH = '/api/maps/filters';
/** The report by e-mail of the map's criteria ('Demander un rapport'). */
export const EXPORT_REPORT_PATH = '/api/export-report';

/** `resourceType` of the page's query: which lists the page shows and fetches. */
export const MAP_RESOURCE_TYPES = ['all', 'foodProcedures', 'initiatives'] as const;
export type MapResourceType = (typeof MAP_RESOURCE_TYPES)[number];

/** The detail route's `selectedResourceType`: /initiatives/{initiative|demarche}/{id}. */
export const MAP_DETAIL_TYPES = ['initiative', 'demarche'] as const;
export type MapDetailType = (typeof MAP_DETAIL_TYPES)[number];

/**
 * Items of the first page of each map list: what the side list shows before the browser has
 * measured it (24 rows and 6 more, virtual-list.tsx), and what the server renders in the page.
 * The first page is the list's most read answer (every visit, every change of filters, any other
 * client of the API): small, it arrives first and costs little to serve (decision 0011).
 */
export const MAP_FIRST_PAGE_SIZE = 30;

/**
 * Items of every further page of the two map lists. Large on purpose: the page fetches every page
 * of the current bounds and filters (the whole region by default) to draw all the markers, so few
 * requests matter; 1,000 keeps a page under 30 ms of server time on the large data set
 * (2,000 took 25–30 ms on PGlite at best) and about 30 KB compressed.
 */
export const MAP_PAGE_SIZE = 1_000;

/** A thematic as the map colours it (the marker colour and its CSS class). */
export interface MapThematic {
  name: string;
  color: string;
  class: string;
}

/**
 * An item of the map lists: what a marker, its popup and the side list show. Compact (the full
 * region is tens of thousands of items); the detail has everything else.
 */
export interface MapListItem {
  id: number;
  title: string;
  latitude: number;
  longitude: number;
  city: string | null;
  /** Initiatives: the main thematic; food procedures: the first of their thematics. */
  thematic: MapThematic | null;
  /** Food procedures: 1 for a PAT (projet alimentaire territorial), else 0. Initiatives: 0. */
  is_pat: 0 | 1;
}

export interface MapListPage {
  data: MapListItem[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    last_page: number;
    per_page: number;
    total: number;
    from: number | null;
    to: number | null;
  };
  pages: (number | '...')[];
}

/** A file of an item: `file` is its public URL, `size` in bytes. */
export interface MapDocument {
  name: string;
  file: string;
  size: number;
}

export interface MapLogo {
  /** Public URL of the image. */
  thumbs: string;
  name: string;
}

/** The contact (institution) of an item; `society_email` only says whether it can be reached. */
export interface MapContact {
  id: number;
  society_name: string;
  type: { name: string } | null;
  avatar_url: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  postcode: string | null;
  city: string | null;
  phone: string | null;
  website_url: string | null;
  society_email: boolean;
  thematics: MapThematic[];
  /** Its published initiatives and food procedures (the map's `contactId` filter shows them). */
  initiatives: { id: number; title: string }[];
  food_procedures: { id: number; title: string }[];
}

/** GET /api/initiatives/{id} and GET /api/food_procedures/{id}: `data` (spec §3). */
export interface MapItemDetail {
  id: number;
  /** 'initiative' or 'demarche': which detail route shows it. */
  resource_type: MapDetailType;
  title: string;
  /** Sanitised HTML (rendered from markdown when the item was written in markdown). */
  summary: string | null;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  department: { code: string; name: string } | null;
  project_holder: { name: string } | null;
  thematic: MapThematic | null;
  secondary_thematic: { name: string } | null;
  /** Food procedures: their thematics, in order. Initiatives: []. */
  thematics_detail: { name: string }[];
  subthematics: { name: string }[];
  /** Initiatives: the procedure they belong to, when it is published. */
  food_procedure_id: number | null;
  food_procedure: { title: string } | null;
  area_of_influence: { name: string } | null;
  territory_of_realization: string | null;
  communes: { name_formatted: string }[];
  communities_of_communes: { name: string }[];
  beneficiaries: { name: string }[];
  technical_partners: { partner: string }[];
  financial_partners: { partner: string; device: string | null }[];
  nb_team_members: number | null;
  project_cost: number | null;
  /** YYYY-MM-DD (shown as day month year). */
  released_at: string | null;
  ended_at: string | null;
  /** Labelled 'État d'avancement'. */
  status_for_humans: string | null;
  /** The item's PDF sheet. */
  pdf_url: string;
  logos: MapLogo[];
  is_pat: 0 | 1;
  contact: MapContact | null;
  /** Empty unless the author chose to show the documents. */
  documents: MapDocument[];
  pqna_external_url: string | null;
  context: string | null;
  objectives: string | null;
  implementation_of_actions: string | null;
  keys_to_success: string | null;
  potential_brakes: string | null;
  prospects_for_future: string | null;
  originality_of_approach: string | null;
  website_urls: { website_url: string }[];
}

/** GET /api/maps/filters (spec §3 'Map filter options'). */
export interface MapFilters {
  locations: { code: string; name: string }[];
  project_holder_types: { id: number; name: string }[];
  beneficiaries: { id: number; name: string }[];
  subthematics: {
    thematic: MapThematic & { id: number };
    subthematics: { id: number; name: string }[];
  }[];
  types: { value: string; label: string }[];
  periods: { value: string; label: string }[];
  /** Every theme, with its name, colour and class (the legend and the markers). */
  themes: (MapThematic & { id: number })[];
}

/** The PDF sheet of an item (`pdf_url`): generated by a job, kept until the item changes. */
export function mapItemPdfPath(type: MapDetailType, id: number): string {
  return `${type === 'initiative' ? INITIATIVES_API_PATH : FOOD_PROCEDURES_API_PATH}/${id}/pdf`;
}
