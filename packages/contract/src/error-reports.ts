import type { ModerationStatus } from './constants.ts';
import type { MapDetailType } from './maps.ts';
import type { Paginated } from './pagination.ts';

/**
 * « Signaler une erreur » (issue 10): a visitor reports a mistake on a published initiative or
 * food procedure; the team reads the open reports in the back office (« Signalements ») and next
 * to the item on its review page, then marks them dealt with. Zod-free, like the account area's
 * wire types: the public map page imports these constants without zod (the server builds its
 * schemas from them, modules/error-reports/error-reports.schemas.ts).
 */

/** Longest message accepted (characters). */
export const ERROR_REPORT_MESSAGE_MAX = 2000;
export const ERROR_REPORT_EMAIL_MAX = 255;

/** The visitor's form: `POST /api/initiatives/{id}/error-reports` (and food procedures'). */
export const ERROR_REPORT_PATHS: Record<MapDetailType, string> = {
  initiative: '/api/initiatives/:id/error-reports',
  demarche: '/api/food_procedures/:id/error-reports',
};

export const errorReportPath = (type: MapDetailType, id: number | string): string =>
  ERROR_REPORT_PATHS[type].replace(':id', encodeURIComponent(String(id)));

/** French messages of the form and of the team's API. */
export const ERROR_REPORT_MESSAGES = {
  sent: "Merci, votre signalement a bien été transmis à l'équipe de la plateforme.",
  messageRequired: 'Le champ message est obligatoire.',
  messageTooLong: `Le champ message ne doit pas dépasser ${ERROR_REPORT_MESSAGE_MAX} caractères.`,
  emailInvalid: 'Le champ adresse e-mail doit être une adresse e-mail valide.',
  emailTooLong: `L'adresse e-mail ne doit pas dépasser ${ERROR_REPORT_EMAIL_MAX} caractères.`,
  /** An unknown or unpublished item (404). */
  notFound: "Cette fiche n'existe pas ou n'est plus publiée.",
  resolved: 'Le signalement est marqué comme traité.',
  alreadyResolved: 'Ce signalement avait déjà été traité.',
} as const;

/** The team's API: `GET ?type=&id=&page=` (open reports, newest first) and `POST /{id}/resolve`. */
export const ERROR_REPORTS_API_PATH = '/api/moderation/error-reports';
export const ERROR_REPORTS_PER_PAGE = 20;

export const errorReportResolvePath = (id: number): string =>
  `${ERROR_REPORTS_API_PATH}/${id}/resolve`;

/** The reported types, named like the moderation API's types (`/moderation/{type}/{id}`). */
export const ERROR_REPORT_ITEM_TYPES = ['initiatives', 'food_procedures'] as const;
export type ErrorReportItemType = (typeof ERROR_REPORT_ITEM_TYPES)[number];

/** The reported item, as it is now. */
export interface ErrorReportItem {
  type: ErrorReportItemType;
  type_label: string;
  id: number;
  /** null: the item has been deleted since. */
  title: string | null;
  moderation_status: ModerationStatus | null;
  /** Its public page, while it is published. */
  public_path: string | null;
  /** Its back-office review page, while it exists. */
  review_path: string | null;
}

/** One open report of `GET /api/moderation/error-reports`. */
export interface TeamErrorReport {
  id: number;
  message: string;
  /** The visitor's address, when they gave one to be answered. */
  email: string | null;
  /** ISO date-time. */
  created_at: string;
  item: ErrorReportItem;
  /** Open reports of the same item (this one included). */
  item_open_reports: number;
}

export type TeamErrorReportList = Paginated<TeamErrorReport>;

/** `POST /api/moderation/error-reports/{id}/resolve`. */
export interface ErrorReportResolveResponse {
  message: string;
}
