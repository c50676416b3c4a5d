import type { Paginated } from '../pagination.ts';
import { pathTo } from '../routes.ts';
import { SETTINGS_LIST_INFO, SETTINGS_LISTS } from './team-settings.ts';

/**
 * Wire types of the audit history (issue 10, « Historique »): who changed what, and when, as a
 * whole or for one item. Moderators and admins read it. Types only, plus the French labels.
 */

export const AUDIT_API_PATH = '/api/moderation/audit';

export const AUDIT_PER_PAGE = 30;

/** `actor` filter value of the events without a person (scheduled jobs). */
export const AUDIT_SYSTEM_ACTOR = 'system';

/** Who is shown for an event without actor. */
export const AUDIT_SYSTEM_LABEL = 'Système';

/**
 * French labels of the actions that are recorded (`audit_events.action`). An action missing here
 * is shown with `auditActionLabel`'s fallback, built from its verb.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'post.create': 'Actualité proposée',
  'post.update': 'Actualité modifiée par son auteur',
  'post.delete': 'Actualité supprimée par son auteur',
  'event.create': 'Évènement proposé',
  'event.update': 'Évènement modifié par son auteur',
  'event.delete': 'Évènement supprimé par son auteur',
  'resource.create': 'Ressource proposée',
  'resource.update': 'Ressource modifiée par son auteur',
  'resource.delete': 'Ressource supprimée par son auteur',
  'initiative.create': 'Initiative proposée',
  'initiative.update': 'Initiative modifiée par son auteur',
  'initiative.delete': 'Initiative supprimée par son auteur',
  'initiative.confirm': 'Initiative confirmée à jour par son auteur',
  'food_procedure.create': 'Démarche proposée',
  'food_procedure.update': 'Démarche modifiée par son auteur',
  'food_procedure.delete': 'Démarche supprimée par son auteur',
  'institution.create': 'Structure créée par son membre',
  'institution.update': 'Structure modifiée par son membre',
  'profile.update': 'Informations personnelles modifiées',
  'profile.password': 'Mot de passe modifié',
  'moderation.publish': 'Publication',
  'moderation.refuse': 'Refus',
  'moderation.request_changes': 'Demande de modifications',
  'moderation.unpublish': 'Dépublication',
  'moderation.correct': "Correction par l'équipe",
  'moderation.digest': 'Récapitulatif de modération envoyé',
  'team_settings.create': 'Entrée de liste ajoutée',
  'team_settings.update': 'Entrée de liste modifiée',
  'team_settings.delete': 'Entrée de liste supprimée',
  'team_settings.move': 'Entrée de liste déplacée',
  'retention.delete': 'Suppression automatique (durée de conservation dépassée)',
  'user.role': 'Rôle modifié',
  'user.deactivate': 'Compte désactivé',
  'user.reactivate': 'Compte réactivé',
  'newsletter.export': 'Export des abonnés à la newsletter',
  'error_report.create': 'Erreur signalée',
  'error_report.resolve': 'Signalement traité',
  'glossary.create': 'Terme ajouté au glossaire',
  'glossary.update': 'Terme du glossaire modifié',
  'glossary.delete': 'Terme du glossaire supprimé',
  'faq_category.create': 'Catégorie de la FAQ ajoutée',
  'faq_category.update': 'Catégorie de la FAQ modifiée',
  'faq_category.delete': 'Catégorie de la FAQ supprimée',
  'faq_category.move': 'Catégorie de la FAQ déplacée',
  'faq_item.create': 'Question de la FAQ ajoutée',
  'faq_item.update': 'Question de la FAQ modifiée',
  'faq_item.delete': 'Question de la FAQ supprimée',
  'faq_item.move': 'Question de la FAQ déplacée',
  'team_member.create': "Membre de l'équipe ajouté",
  'team_member.update': "Membre de l'équipe modifié",
  'team_member.delete': "Membre de l'équipe supprimé",
  'team_member.move': "Membre de l'équipe déplacé",
  'contact_thematic.create': 'Thématique de contact ajoutée',
  'contact_thematic.update': 'Thématique de contact modifiée',
  'contact_thematic.delete': 'Thématique de contact supprimée',
  'contact_thematic.move': 'Thématique de contact déplacée',
};

const VERB_LABELS: Record<string, string> = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  move: 'Déplacement',
  publish: 'Publication',
  export: 'Export',
};

/** The French label of an action; an unknown one by its verb, else as recorded. */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const verb = action.split('.').pop() ?? action;
  return VERB_LABELS[verb] ?? action;
}

/** The `action` filter: a group (a prefix such as `moderation.`) or one exact action. */
export interface AuditActionGroup {
  prefix: string;
  label: string;
}

export const AUDIT_ACTION_GROUPS: readonly AuditActionGroup[] = [
  { prefix: 'moderation.', label: 'Modération' },
  { prefix: 'user.', label: 'Comptes des utilisateurs' },
  { prefix: 'newsletter.', label: 'Newsletter' },
  { prefix: 'team_settings.', label: 'Listes de référence' },
  { prefix: 'post.', label: 'Actualités (membres)' },
  { prefix: 'event.', label: 'Évènements (membres)' },
  { prefix: 'resource.', label: 'Ressources (membres)' },
  { prefix: 'initiative.', label: 'Initiatives (membres)' },
  { prefix: 'food_procedure.', label: 'Démarches (membres)' },
  { prefix: 'institution.', label: 'Structures (membres)' },
  { prefix: 'profile.', label: 'Profils (membres)' },
  { prefix: 'retention.', label: 'Conservation des données' },
  { prefix: 'error_report.', label: 'Signalements' },
  { prefix: 'glossary.', label: 'Glossaire' },
  { prefix: 'faq_', label: 'FAQ' },
  { prefix: 'team_member.', label: "Membres de l'équipe" },
  { prefix: 'contact_thematic.', label: 'Thématiques de contact' },
];

/** What an event is about (`audit_events.subject_type`), in French. */
export const AUDIT_SUBJECT_TYPE_LABELS: Record<string, string> = {
  post: 'Actualité',
  event: 'Évènement',
  resource: 'Ressource',
  initiative: 'Initiative',
  food_procedure: 'Démarche',
  contact: 'Structure',
  user: 'Utilisateur',
  error_report: 'Signalement',
  glossary: 'Glossaire',
  faq_category: 'Catégorie de la FAQ',
  faq_item: 'Question de la FAQ',
  team_member: "Membre de l'équipe",
  contact_thematic: 'Thématique de contact',
  ...Object.fromEntries(SETTINGS_LISTS.map((list) => [list, SETTINGS_LIST_INFO[list].label])),
};

export const auditSubjectTypeLabel = (type: string): string =>
  AUDIT_SUBJECT_TYPE_LABELS[type] ?? type;

export interface AuditPerson {
  id: number;
  name: string;
  email: string;
}

export interface AuditSubject {
  type: string;
  type_label: string;
  id: string;
  /** The item's current title, or the one the event kept; null when unknown. */
  title: string | null;
  /** A back-office page of the item, when it still exists. */
  link: string | null;
}

/** One event of `GET /api/moderation/audit`, newest first. */
export interface AuditEntry {
  id: number;
  action: string;
  action_label: string;
  /** null: done by the platform itself (« Système »). */
  actor: AuditPerson | null;
  subject: AuditSubject | null;
  /** ISO date-time. */
  created_at: string;
  /** What the event's data says, in a French sentence (a comment, a role change…). */
  summary: string | null;
  data: Record<string, unknown>;
}

/**
 * `GET /api/moderation/audit?actor=&action=&subject_type=&subject_id=&from=&to=&page=`: `actor` a
 * user id or `system`, `action` an action or a prefix ending with `.`, `from` / `to` days
 * (`YYYY-MM-DD`, Paris time, both included). `context` names the filtered actor and subject.
 */
export interface AuditList extends Paginated<AuditEntry> {
  context: {
    actor: AuditPerson | null;
    subject: AuditSubject | null;
  };
}

/** `GET /api/moderation/audit/actors`: the team (moderators and admins), by name. */
export interface AuditActors {
  data: AuditPerson[];
}

/** The history of one item: the « Historique » page filtered on it. */
export function auditHistoryPath(subjectType: string, subjectId: string | number): string {
  const search = new URLSearchParams({ subject_type: subjectType, subject_id: String(subjectId) });
  return `${pathTo('moderation.audit')}?${search.toString()}`;
}
