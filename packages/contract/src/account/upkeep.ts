import type { Paginated } from '../pagination.ts';
import type { ModerationPerson, ModerationType } from './moderation.ts';

/**
 * Wire types of « Suivi des contenus » (issue 10): the yearly freshness check of initiatives and
 * the retention of submitted content (privacy policy). Zod-free: the web app imports them as
 * types.
 */

/** `GET /api/moderation/freshness?page=` and `GET /api/moderation/retention?page=`. */
export const UPKEEP_FRESHNESS_API_PATH = '/api/moderation/freshness';
export const UPKEEP_RETENTION_API_PATH = '/api/moderation/retention';

/**
 * The link of the freshness and retention e-mails: `?expires=<unix seconds>&signature=<HMAC>`
 * (route 'initiative-up-to-date'). No sign-in needed. GET is a page whose button POSTs to the
 * same URL, which confirms and lands on the home page's pop-up (hash below) or on a short error
 * page.
 */
export const INITIATIVE_UP_TO_DATE_PATH = '/initiative-a-jour/:id';
export const INITIATIVE_UP_TO_DATE_HASH = 'initiative-up-to-date';

/** The types the retention job removes (institutions stay with their member's account). */
export const RETENTION_TYPES = [
  'posts',
  'events',
  'resources',
  'initiatives',
  'food_procedures',
] as const satisfies readonly ModerationType[];
export type RetentionType = (typeof RETENTION_TYPES)[number];

export const FRESHNESS_FLAG_REASONS = ['no_answer', 'no_owner'] as const;

/**
 * Why an initiative is listed: 'no_answer': asked, reminded, and still unconfirmed after the
 * reminder period; 'no_owner': due for the question but nobody can be asked (no owner, or a
 * deactivated account).
 */
export type FreshnessFlagReason = (typeof FRESHNESS_FLAG_REASONS)[number];

export interface FreshnessFlag {
  id: number;
  title: string;
  owner: ModerationPerson | null;
  departement: string | null;
  reason: FreshnessFlagReason;
  /** ISO: the last publication (or its approved edit) or confirmation. */
  reference_at: string;
  requested_at: string | null;
  reminded_at: string | null;
}

export const FRESHNESS_FLAG_REASON_LABELS: Record<FreshnessFlagReason, string> = {
  no_answer: 'Sans réponse après le rappel',
  no_owner: 'Aucun référent joignable',
};

/** `GET /api/moderation/freshness?reason=&page=`. */
export type FreshnessFlags = Paginated<FreshnessFlag> & {
  /** Both kinds, whatever the `reason` filter. */
  counts: Record<FreshnessFlagReason, number>;
  /** The configured rules, for the screen's explanations. */
  interval_days: number;
  reminder_days: number;
};

export interface RetentionEntry {
  type: RetentionType;
  type_label: string;
  id: number;
  title: string;
  owner: ModerationPerson | null;
  /** ISO: the last publication (or its approved edit), or an initiative's last confirmation. */
  reference_at: string;
  /** ISO: when the owner was warned; null: the warning goes with the next run. */
  warned_at: string | null;
  /** ISO: the earliest the item is removed (the daily job removes it on that day or after). */
  removal_at: string;
}
export type RetentionSchedule = Paginated<RetentionEntry> & {
  /** Items whose removal falls within this many days are listed. */
  horizon_days: number;
  /** The configured rules, for the screen's explanations. */
  retention_years: number;
  warning_days: number;
};
