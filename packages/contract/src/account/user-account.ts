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
}

/** Success texts of spec §8. */
export const USER_ACCOUNT_MESSAGES = {
  institutionSaved: 'Votre structure a bien été modifiée.',
  profileSaved: 'Vos informations personnelles ont bien été modifiées.',
  passwordSaved: 'Votre mot de passe a bien été modifié.',
  emailTaken: 'Cette adresse e-mail est déjà utilisée.',
} as const;

/** The institution's image: a file entry with its original name and MIME type (spec §3). */
export type ImageEntry = FileEntry & { name: string; type: string };
