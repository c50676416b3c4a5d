import type { RouteName } from '@ad/contract';

/** A card of the dashboard: one type of the member's content (spec account-area §2 Dashboard). */
export interface DashboardCardDefinition {
  /** The API segment: `GET /api/user/<type>`. */
  type: 'initiatives' | 'food_procedures' | 'events' | 'resources' | 'posts';
  title: string;
  /** Routes of the type: `<routes>.show`, `.update` (param id) and `.create`. */
  routes:
    | 'myaccount.initiatives'
    | 'myaccount.foodProcedures'
    | 'myaccount.events'
    | 'myaccount.resources'
    | 'myaccount.posts';
  propose: string;
  empty: string;
  /** Initiatives and démarches are proposed on behalf of the member's institution. */
  needsInstitution: boolean;
}

export const DASHBOARD_CARDS: readonly DashboardCardDefinition[] = [
  {
    type: 'initiatives',
    title: 'Mes initiatives',
    routes: 'myaccount.initiatives',
    propose: 'Proposer une initiative',
    empty: "Vous n'avez encore proposé aucune initiative.",
    needsInstitution: true,
  },
  {
    type: 'food_procedures',
    title: 'Mes démarches',
    routes: 'myaccount.foodProcedures',
    propose: 'Proposer une démarche',
    empty: "Vous n'avez encore proposé aucune démarche.",
    needsInstitution: true,
  },
  {
    type: 'events',
    title: 'Mes évènements',
    routes: 'myaccount.events',
    propose: 'Proposer un évènement',
    empty: "Vous n'avez encore proposé aucun évènement.",
    needsInstitution: false,
  },
  {
    type: 'resources',
    title: 'Mes ressources',
    routes: 'myaccount.resources',
    propose: 'Proposer une ressource',
    empty: "Vous n'avez encore proposé aucune ressource.",
    needsInstitution: false,
  },
  {
    type: 'posts',
    title: 'Mes actualités',
    routes: 'myaccount.posts',
    propose: 'Proposer une actualité',
    empty: "Vous n'avez encore proposé aucune actualité.",
    needsInstitution: false,
  },
];

export const routeOf = (
  card: DashboardCardDefinition,
  action: 'show' | 'update' | 'create',
): RouteName => `${card.routes}.${action}` as RouteName;

/** Spec §2: the same sentence on both cards that need an institution. */
export const INSTITUTION_NEEDED =
  "Merci de d'abord renseigner votre structure pour pouvoir proposer une initiative.";
