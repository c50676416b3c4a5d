import type { Role } from '../constants.ts';
import type { Paginated } from '../pagination.ts';

/**
 * Wire types of the team's user management (issue 10, « Utilisateurs »): the accounts, their
 * roles, their deactivation, and the export of the newsletter's confirmed subscribers. Admins
 * only (moderators get 403). Zod-free: the web app imports them as types.
 */

export const TEAM_USERS_API_PATH = '/api/moderation/users';

/** The confirmed newsletter subscribers as CSV (UTF-8 with a BOM, `;`-separated). */
export const NEWSLETTER_SUBSCRIBERS_CSV_PATH = '/api/moderation/newsletter-subscribers.csv';

export const TEAM_USERS_PER_PAGE = 20;

export const ROLE_LABELS: Record<Role, string> = {
  member: 'Membre',
  moderator: 'Modérateur',
  admin: 'Administrateur',
};

/** `status` filter of the list. */
export const USER_STATUSES = ['active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Actifs',
  deactivated: 'Désactivés',
};

/** `sort` of the list; `newest` when absent. */
export const USER_SORTS = ['newest', 'oldest', 'name', 'last_login'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const USER_SORT_LABELS: Record<UserSort, string> = {
  newest: 'Inscription la plus récente',
  oldest: 'Inscription la plus ancienne',
  name: 'Nom (A → Z)',
  last_login: 'Dernière connexion',
};

/**
 * `GET /api/moderation/users?q=&role=&status=&sort=&page=`: `q` searches the name, the e-mail and
 * the institution, accents and case ignored, every word of it.
 */
export interface TeamUser {
  id: number;
  firstname: string;
  lastname: string;
  name: string;
  email: string;
  role: Role;
  role_label: string;
  /** The member's institution (« Ma structure »). */
  institution: { id: number; name: string } | null;
  email_verified: boolean;
  /** ISO date-times. */
  email_verified_at: string | null;
  last_login_at: string | null;
  created_at: string;
  /** Set: the account cannot sign in. */
  deactivated_at: string | null;
  /** The signed-in admin's own account: its role and activation cannot be changed here. */
  is_self: boolean;
}
export type TeamUserList = Paginated<TeamUser>;

/** `PATCH /api/moderation/users/:id` (JSON). */
export interface TeamUserRoleBody {
  role: Role;
}

/**
 * Answer of `PATCH /api/moderation/users/:id`, `POST …/:id/deactivate` and `POST …/:id/reactivate`
 * (JSON, no body needed for the last two).
 */
export interface TeamUserResponse {
  message: string;
  data: TeamUser;
}

export const TEAM_USER_MESSAGES = {
  roleChanged: (name: string, role: Role) =>
    `Le rôle de ${name} est maintenant : ${ROLE_LABELS[role]}.`,
  roleUnchanged: (name: string, role: Role) => `${name} a déjà le rôle : ${ROLE_LABELS[role]}.`,
  deactivated: (name: string) =>
    `Le compte de ${name} est désactivé : ses sessions sont fermées et il ne peut plus se connecter.`,
  alreadyDeactivated: (name: string) => `Le compte de ${name} est déjà désactivé.`,
  reactivated: (name: string) => `Le compte de ${name} est réactivé.`,
  alreadyActive: (name: string) => `Le compte de ${name} est déjà actif.`,
  ownRole: 'Vous ne pouvez pas modifier votre propre rôle.',
  ownAccount: 'Vous ne pouvez pas désactiver votre propre compte.',
  lastAdmin:
    "Ce compte est le dernier administrateur actif : nommez d'abord un autre administrateur.",
  roleInvalid: 'Le rôle est invalide.',
} as const;

/** The answer of the sign-in form for a deactivated account (told only after a right password). */
export const ACCOUNT_DEACTIVATED_MESSAGE =
  "Ce compte a été désactivé. Pour en savoir plus, contactez l'équipe de la plateforme.";
