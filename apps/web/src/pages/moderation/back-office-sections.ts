import type { Role, RouteName } from '@ad/contract';

export interface BackOfficeSection {
  label: string;
  route: RouteName;
  /** The roles that see the section (the API refuses the others). */
  roles: readonly Role[];
}

const TEAM: readonly Role[] = ['moderator', 'admin'];

/** The back office's menu (issue 10), in its order. */
export const BACK_OFFICE_SECTIONS: readonly BackOfficeSection[] = [
  { label: 'Propositions à modérer', route: 'moderation', roles: TEAM },
];
