import type { ModerationStatus, ResourceTypeSlug } from '../constants.ts';
import type { Deletable, FileEntry, Option } from './member-content.ts';

/**
 * Wire types of the member's posts (actualités), events (évènements) and resources (ressources)
 * in the account area (spec account-area §3, §7): the forms' options, the previews and the saves.
 * Zod-free: the web app imports them as types.
 */

export const USER_POSTS_PATH = '/api/user/posts';
export const USER_EVENTS_PATH = '/api/user/events';
export const USER_RESOURCES_PATH = '/api/user/resources';

/** Thematics and resource types are chosen by slug (spec §3). */
export interface SlugOption {
  slug: string;
  name: string;
}

interface Moderated {
  id: number;
  moderation_status: ModerationStatus;
  moderation_status_label: string;
  /** What the preview's delete button needs (the same object as on the dashboard). */
  deletable: Deletable;
}

/** The status an edit form shows above it (« En cours de modération »…). */
export interface FormModerationStatus {
  moderation_status: ModerationStatus;
  moderation_status_label: string;
}

/** `resource` of `GET /api/user/posts/options/:id`: the values the edit form starts with. */
export interface PostFormValues extends FormModerationStatus {
  id: number;
  category_id: number | null;
  title: string;
  authors: string | null;
  description: string | null;
  external_url: string | null;
  featured_image: FileEntry | null;
}

export interface PostOptions {
  categories: Option[];
  resource?: PostFormValues;
}

export interface PostPreview extends Moderated {
  title: string;
  authors: string | null;
  description: string | null;
  external_url: string | null;
  featured_image: FileEntry | null;
  /** URL of the image's thumbnail (the image itself until the thumbnail is made). */
  thumb: string | null;
  category: { id: number; name: string } | null;
}

export interface EventFormValues extends FormModerationStatus {
  id: number;
  category_id: number | null;
  title: string;
  /** YYYY-MM-DD. */
  started_at: string;
  ended_at: string | null;
  place: string | null;
  planner: string | null;
  description: string | null;
  external_url: string | null;
  image: FileEntry | null;
}

export interface EventOptions {
  categories: Option[];
  resource?: EventFormValues;
}

export interface EventPreview extends Moderated {
  title: string;
  started_at: string;
  ended_at: string | null;
  place: string | null;
  planner: string | null;
  description: string | null;
  external_url: string | null;
  image: FileEntry | null;
  category: { id: number; name: string } | null;
}

export interface ResourceFormValues extends FormModerationStatus {
  id: number;
  category_id: number | null;
  /** Thematic slug. */
  thematic_id: string | null;
  type_id: ResourceTypeSlug | null;
  name: string;
  description: string | null;
  external_url: string | null;
  video_url: string | null;
  featured_image: FileEntry | null;
  /** The PDF of a 'file' resource. */
  document: FileEntry | null;
}

export interface ResourceOptions {
  categories: Option[];
  thematics: SlugOption[];
  types: SlugOption[];
  resource?: ResourceFormValues;
}

export interface ResourcePreview extends Moderated {
  name: string;
  description: string | null;
  category: { id: number; name: string } | null;
  thematic: SlugOption | null;
  type: SlugOption | null;
  external_url: string | null;
  video_url: string | null;
  featured_image: FileEntry | null;
  thumb: string | null;
  /** The PDF of a 'file' resource: its URL, original name and size in bytes. */
  resourceFile: { file: string; filename: string; size: number } | null;
}
