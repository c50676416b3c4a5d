import { pathTo, type RouteName } from '@ad/contract';

export interface NavEntry {
  label: string;
  to: string;
}

const entry = (label: string, name: RouteName): NavEntry => ({ label, to: pathTo(name) });

/** Main links of the header (spec §2, shared frame). */
export const MAIN_LINKS: NavEntry[] = [
  entry('À propos', 'about'),
  entry('Initiatives', 'initiatives'),
  entry('Ressources', 'resources'),
  entry('Actualités', 'posts'),
  entry('Agenda', 'events'),
];

/** Links the mobile menu adds after the main links. */
export const MOBILE_EXTRA_LINKS: NavEntry[] = [
  entry('Nous contacter', 'contact-us'),
  entry('Glossaire', 'glossary'),
  entry('Annuaire', 'contacts'),
  entry('FAQ', 'faq'),
];

export const FOOTER_LINKS: NavEntry[] = [
  entry('À propos', 'about'),
  entry('Actualités', 'posts'),
  entry('Glossaire', 'glossary'),
  entry('Initiatives', 'initiatives'),
  entry('Agenda', 'events'),
  entry('Annuaire', 'contacts'),
  entry('Ressources', 'resources'),
  entry('Nous contacter', 'contact-us'),
  entry('FAQ', 'faq'),
];

export const ANONYMOUS_ACCOUNT_LINKS: NavEntry[] = [
  entry('Connexion', 'login'),
  entry("S'inscrire", 'register'),
];

/** Signed-in account links; 'Déconnexion' follows them (a POST, see logout()). */
export const ACCOUNT_LINKS: NavEntry[] = [
  entry('Tableau de bord', 'myaccount.dashboard'),
  entry('Informations personnelles', 'myaccount.profile'),
  entry('Ma structure', 'myaccount.institution'),
];

/** The back office, in the account menu of moderators and admins only. */
export const MODERATION_LINK: NavEntry = entry('Modération', 'moderation');

export const LOGOUT_LABEL = 'Déconnexion';
export const LOGOUT_PATH = '/deconnexion';
export const SEARCH_PATH = pathTo('search');
