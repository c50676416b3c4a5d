import type { Civility, ModerationStatus } from '../constants.ts';
import type { FileEntry, Option } from './member-content.ts';

/**
 * Wire types of the member's own account (`/api/user/institution*`, `/api/user/profile*`,
 * spec account-area §3, §7). Zod-free: the web app imports them as types.
 */

/** The institution's saved values, as the « Ma structure » form starts from. */
export interface InstitutionValues {
  type_id: number | null;
  society_name: string;
  society_email: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  postcode: string | null;
  city: string | null;
  phone: string | null;
  website_url: string | null;
  display_in_directory: boolean;
  send_also_to_personal_email: boolean;
  /** 'pending' while an edit of the published institution waits for the team. */
  moderation_status: ModerationStatus;
  moderation_status_label: string;
}

/**
 * `GET /api/user/institution/options`. Spec §7 lists `types` and `image`; `institution` (the
 * current values, null before the first save) and `allowedImageMimes` are added so that the form
 * can be filled and its file field filtered like the other forms'.
 */
export interface InstitutionOptions {
  types: Option[];
  image: ImageEntry | null;
  institution: InstitutionValues | null;
  /** The image formats the server accepts (its `allowedImageMimes`). */
  allowedImageMimes: string[];
}

/** `GET /api/user/profile`: what the profile form starts from. */
export interface ProfileValues {
  civility: Civility | null;
  lastname: string;
  firstname: string;
  email: string;
  job: string | null;
  /** A new address waiting for the member to open the link sent to it, else null. */
  pending_email: string | null;
}

/**
 * The link of a new address lands on « Informations personnelles » with `?adresse=` saying how
 * it went (the server's EMAIL_CHANGE_PATH).
 */
export const EMAIL_CHANGE_PARAM = 'adresse';
export const EMAIL_CHANGE_RESULTS = {
  confirmed: 'confirmee',
  taken: 'prise',
  invalid: 'invalide',
} as const;

/** Success texts of spec §8 (and, added, the address change's). */
export const USER_ACCOUNT_MESSAGES = {
  institutionSaved: 'Votre structure a bien été modifiée.',
  profileSaved: 'Vos informations personnelles ont bien été modifiées.',
  passwordSaved: 'Votre mot de passe a bien été modifié.',
  emailTaken: 'Cette adresse e-mail est déjà utilisée.',
  /** After profileSaved, when the address changed: it is used once confirmed. */
  emailChangePending: (email: string) =>
    `Un lien de confirmation a été envoyé à ${email} : cette adresse remplacera l'actuelle quand vous l'aurez ouvert.`,
  emailChangeConfirmed: 'Votre nouvelle adresse e-mail est confirmée.',
  currentPasswordRequired: "Saisissez votre mot de passe actuel pour changer d'adresse e-mail.",
  /** The password form's (added: decision 0008). */
  currentPasswordMissing: 'Saisissez votre mot de passe actuel.',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect.',
  emailChangeInvalid:
    "Ce lien de confirmation n'est plus valide. Saisissez de nouveau l'adresse dans vos informations personnelles pour en recevoir un autre.",
} as const;

/** The institution's image: a file entry with its original name and MIME type (spec §3). */
export type ImageEntry = FileEntry & { name: string; type: string };
