import type { Role, RouteName } from '@ad/contract';

export interface BackOfficeSection {
  label: string;
  route: RouteName;
  /** The roles that see the section (the API refuses the others). */
  roles: readonly Role[];
}

const TEAM: readonly Role[] = ['moderator', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

/** The back office's menu (issue 10), in its order. */
export const BACK_OFFICE_SECTIONS: readonly BackOfficeSection[] = [
  { label: 'Propositions à modérer', route: 'moderation', roles: TEAM },
  { label: 'Signalements', route: 'moderation.error-reports', roles: TEAM },
  { label: 'Suivi des contenus', route: 'moderation.upkeep', roles: TEAM },
  { label: 'Glossaire', route: 'moderation.glossary', roles: TEAM },
  { label: 'Foire aux questions', route: 'moderation.faq', roles: TEAM },
  { label: 'Équipe', route: 'moderation.team-members', roles: TEAM },
  { label: 'Thématiques de contact', route: 'moderation.contact-thematics', roles: ADMIN },
  { label: 'Listes de référence', route: 'moderation.settings', roles: ADMIN },
  { label: 'Utilisateurs', route: 'moderation.users', roles: ADMIN },
  { label: 'Historique', route: 'moderation.audit', roles: TEAM },
];
