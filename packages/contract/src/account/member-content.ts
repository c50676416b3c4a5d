import type { ModerationStatus } from '../constants.ts';

/**
 * Wire types shared by the account area's API (`/api/user/*`) and its screens (spec
 * account-area §3, §7). Zod-free: the web app imports them as types.
 */

/**
 * A member's save refused (409) because the item changed between the moment the save read it and
 * its writing (the team decided, or another save of the member went first): the form keeps what
 * was typed, and a new save goes through.
 */
export const MODERATED_MEANWHILE_MESSAGE =
  "Cet élément a changé pendant votre saisie (une décision de l'équipe ou un autre enregistrement). Enregistrez à nouveau pour soumettre vos modifications.";

/** The delete modal's texts and target (spec §3 'Dashboard list item'). */
export interface Deletable {
  /** e.g. 'Actualité' (the modal's title is '{label} : suppression'). */
  label: string;
  /** e.g. "l'actualité" ('Vous êtes sur le point de supprimer {sentence} :'). */
  sentence: string;
  /** The item's title or name. */
  name: string;
  /** Message of the success modal, e.g. 'Votre actualité a bien été supprimée.'. */
  success: string;
  /** `DELETE` target, e.g. '/api/user/posts/12'. */
  url: string;
}

/**
 * An item of a dashboard card. `title` (posts, events, initiatives, procedures) or `name`
 * (resources); the values of `extra.attributes` keys are strings ready to show.
 */
export interface MemberListItem {
  id: number;
  title?: string;
  name?: string;
  /** 'pending' while an edit of a published item waits for the team. */
  moderation_status: ModerationStatus;
  /** Translated label, e.g. 'En cours de modération'. */
  moderation_status_label: string;
  deletable: Deletable;
  [attribute: string]: unknown;
}

/** `GET /api/user/{type}`. */
export interface MemberList {
  data: MemberListItem[];
  extra: { count: number; attributes: { label: string; key: string }[] };
}

/**
 * A saved file as the forms and previews get it (spec §3 'File entry': file, displayedName,
 * filename, url, size; images also id, name, type).
 */
export interface FileEntry {
  id: number;
  /** The file's address, as `url` (spec §3 names both). */
  file: string;
  url: string;
  /** WebP thumbnail of an image (the original until the thumbnail job ran). */
  thumb_url?: string | null;
  filename: string;
  size: number;
  displayedName?: string | null;
  /** Images: the original name and the MIME type. */
  name?: string;
  type?: string;
}

/** Option lists: id and name (thematics and resource types use their slug as id). */
export interface Option {
  id: number | string;
  name: string;
}

/** The answer of a save or a delete: the success modal's message. */
export interface SavedResponse {
  message: string;
  data?: { id: number };
}
