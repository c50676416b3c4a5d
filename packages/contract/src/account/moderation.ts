import type { ModerationStatus } from '../constants.ts';
import type { Paginated } from '../pagination.ts';

/**
 * Wire types of the team's moderation back office (`/api/moderation`, issue 10). Zod-free: the
 * web app imports them as types.
 */

export const MODERATION_API_PATH = '/api/moderation';

/** The submitted types, named like their account-area API paths. */
export const MODERATION_TYPES = [
  'posts',
  'events',
  'resources',
  'initiatives',
  'food_procedures',
  'institutions',
] as const;
export type ModerationType = (typeof MODERATION_TYPES)[number];

export const MODERATION_TYPE_LABELS: Record<ModerationType, string> = {
  posts: 'Actualité',
  events: 'Évènement',
  resources: 'Ressource',
  initiatives: 'Initiative',
  food_procedures: 'Démarche',
  institutions: 'Structure',
};

/** 'new': an unpublished item waits; 'edit': a pending revision of a published item waits. */
export type ModerationKind = 'new' | 'edit';

export interface ModerationPerson {
  id: number;
  name: string;
  email: string;
}

export interface ModerationDepartement {
  code: string;
  name: string;
}

/** `GET /api/moderation/queue?type=&departement=&page=`: oldest first. */
export interface ModerationQueueItem {
  type: ModerationType;
  type_label: string;
  id: number;
  kind: ModerationKind;
  title: string;
  author: ModerationPerson | null;
  institution: string | null;
  /** ISO date-time the item (or its edit) entered the queue. */
  submitted_at: string;
  age_days: number;
  departement: ModerationDepartement | null;
}
export type ModerationQueue = Paginated<ModerationQueueItem>;

/** One field of a submission, ready to show (ids resolved to names, rich text as plain text). */
export interface ModerationField {
  field: string;
  label: string;
  value: string | null;
}

/** A field an edit changes, compared with the published version. */
export interface ModerationChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

export interface ModerationHistoryEntry {
  id: number;
  /** e.g. 'post.create', 'moderation.publish'. */
  action: string;
  label: string;
  actor: { id: number; name: string } | null;
  comment: string | null;
  created_at: string;
}

export interface ModerationDuplicate {
  type: ModerationType;
  id: number;
  title: string;
  /** 'title': a similar title; 'place_thematic': same commune and thematic. */
  reason: 'title' | 'place_thematic';
}

/** `GET /api/moderation/items/:type/:id`. */
export interface ModerationReview {
  type: ModerationType;
  type_label: string;
  id: number;
  /** null: nothing of this item waits (e.g. a published item, which can be unpublished). */
  kind: ModerationKind | null;
  moderation_status: ModerationStatus;
  moderation_status_label: string;
  moderation_comment: string | null;
  title: string;
  author: ModerationPerson | null;
  institution: string | null;
  submitted_at: string | null;
  /**
   * The submission as the member's preview shows it (for an edit: the revision's values); the
   * shape of the account area's preview of that type.
   */
  preview: object | null;
  /**
   * The submission as the public site will show it once published (for an edit: with the
   * revision's values), in the shape of the public API of its type; null for an institution.
   */
  public_view: ModerationPublicView | null;
  /** Whether the team can correct the submission before deciding (something waits). */
  can_correct: boolean;
  /** The submission field by field (for an edit: the revision's values). */
  fields: ModerationField[];
  /** Only for an edit: what differs from the published version. */
  changes: ModerationChange[];
  /** Newest first. */
  history: ModerationHistoryEntry[];
  duplicates: ModerationDuplicate[];
  /**
   * What this review shows (the item's state and its waiting edit), as an opaque token: a
   * decision names it, and is refused when the member saved or another moderator decided since.
   */
  version: string;
}

/**
 * A submission in the shape of its public API: `post` a post's detail (`GET /api/posts/{slug}`
 * `data`), `event` an agenda event, `resource` a resource, `initiative` / `demarche` a map item
 * detail (`MapItemDetail`).
 */
export interface ModerationPublicView {
  kind: 'post' | 'event' | 'resource' | 'initiative' | 'demarche';
  data: object;
}

/** The types the team can correct before publishing (`POST /api/moderation/items/:type/:id`). */
export const CORRECTABLE_TYPES = [
  'posts',
  'events',
  'resources',
  'initiatives',
  'food_procedures',
] as const satisfies readonly ModerationType[];

export const MODERATION_DECISIONS = ['publish', 'refuse', 'request_changes'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

/** `POST /api/moderation/items/:type/:id/decision` (JSON). */
export interface ModerationDecisionBody {
  decision: ModerationDecision;
  /** Required to refuse or to ask for changes; sent to the author. */
  comment?: string;
  /** The review's `version`: 409 (`changedMeanwhile`) when the item changed since. */
  version: string;
}

/** `POST /api/moderation/items/:type/:id/unpublish` (JSON). */
export interface ModerationUnpublishBody {
  comment: string;
  /** The review's `version`, as for a decision. */
  version: string;
}

export interface ModerationDecisionResponse {
  message: string;
  data: { moderation_status: ModerationStatus };
}

export const MODERATION_MESSAGES = {
  commentRequired: 'Le champ commentaire est obligatoire.',
  nothingWaiting: "Cet élément n'attend aucune décision de modération.",
  changedMeanwhile:
    'Cet élément a changé depuis son ouverture (une modification de son auteur ou une autre décision) : sa dernière version est affichée, relisez-la avant de décider.',
  notPublished: "Cet élément n'est pas publié.",
  published: 'La contribution a bien été publiée.',
  refused: 'La contribution a bien été refusée.',
  changesRequested: "Les modifications ont bien été demandées à l'auteur.",
  unpublished: 'La contribution a bien été dépubliée.',
  corrected: 'La contribution a bien été corrigée.',
} as const;
