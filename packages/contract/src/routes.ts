/**
 * The route table of the public site and the account area (spec: public-site §2, account-area §2).
 * Shared by the server (HTML shell: titles, descriptions, 404) and the web app (router, breadcrumbs).
 * A label or title starting with ':' is filled from the field of the loaded item.
 */
export interface BreadcrumbEntry {
  label: string;
  /** Route name the entry links to; the last entry is never a link. */
  to?: string;
}

export interface RouteDefinition {
  name: string;
  path: string;
  title: string;
  description: string;
  breadcrumb: BreadcrumbEntry[];
  /** Account routes need a signed-in user. */
  auth?: boolean;
  /** Kept out of search engines: the search results, the team's pages, personal links. */
  noindex?: boolean;
  /** A personal link (a token in its address): never offered for sharing. */
  personal?: boolean;
}

const DASHBOARD = 'myaccount.dashboard';

function accountCrud(
  type: 'posts' | 'events' | 'initiatives' | 'foodProcedures' | 'resources',
  label: string,
  paths: { create: string; update: string; show: string },
  noun: string,
  previewSentence: string,
): RouteDefinition[] {
  const crumbs = (title: string): BreadcrumbEntry[] => [
    { label: 'Mon tableau de bord', to: DASHBOARD },
    { label: title },
  ];
  return [
    {
      name: `myaccount.${type}.create`,
      path: paths.create,
      title: `${label} : ajouter`,
      description: `Proposez ${noun} à l'équipe de la plateforme.`,
      breadcrumb: crumbs(`${label} : ajouter`),
      auth: true,
    },
    {
      name: `myaccount.${type}.update`,
      path: paths.update,
      title: `${label} : modifier`,
      description: `Modifiez ${noun} ; vos modifications seront relues par l'équipe.`,
      breadcrumb: crumbs(`${label} : modifier`),
      auth: true,
    },
    {
      name: `myaccount.${type}.show`,
      path: paths.show,
      title: `${label} : aperçu`,
      description: previewSentence,
      breadcrumb: crumbs(`${label} : aperçu`),
      auth: true,
    },
  ];
}

export const routes = [
  {
    name: 'homepage',
    path: '/',
    title: 'Accueil',
    description:
      'La plateforme régionale des initiatives pour une alimentation saine et durable en Nouvelle-Aquitaine : carte des initiatives, actualités, agenda, annuaire et ressources.',
    breadcrumb: [],
  },
  {
    name: 'about',
    path: '/a-propos',
    title: 'À propos',
    description:
      "Qui porte la plateforme, les partenaires publics fondateurs, les réseaux contributeurs et l'équipe à votre écoute.",
    breadcrumb: [{ label: 'À propos' }],
  },
  {
    name: 'initiatives',
    path: '/initiatives',
    title: 'Initiatives',
    description:
      'Carte des initiatives et des démarches alimentaires territoriales de Nouvelle-Aquitaine : filtrez par thématique, territoire, porteur de projet ou bénéficiaires.',
    breadcrumb: [{ label: 'Initiatives' }],
  },
  {
    name: 'initiative-item',
    path: '/initiatives/:selectedResourceType/:selectedResource',
    title: ':title',
    description: ':summary',
    breadcrumb: [{ label: 'Initiatives', to: 'initiatives' }, { label: ':title' }],
  },
  {
    name: 'resources',
    path: '/ressources',
    title: 'Ressources',
    description:
      "Guides, vidéos et liens utiles pour agir en faveur d'une alimentation saine et durable : la bibliothèque de ressources de la plateforme.",
    breadcrumb: [{ label: 'Ressources' }],
  },
  {
    name: 'resource',
    path: '/ressources/:slug',
    title: ':name',
    description: ':description',
    breadcrumb: [{ label: 'Ressources', to: 'resources' }, { label: ':name' }],
  },
  {
    name: 'posts',
    path: '/actualites',
    title: 'Actualités',
    description:
      "Les actualités des acteurs de l'alimentation saine et durable en Nouvelle-Aquitaine.",
    breadcrumb: [{ label: 'Actualités' }],
  },
  {
    name: 'post',
    path: '/actualites/:slug',
    title: ':title',
    description: ':description',
    breadcrumb: [{ label: 'Actualités', to: 'posts' }, { label: ':title' }],
  },
  {
    name: 'events',
    path: '/agenda',
    title: 'Agenda',
    description:
      "L'agenda des évènements autour de l'alimentation saine et durable en Nouvelle-Aquitaine : rencontres, marchés, ateliers et colloques.",
    breadcrumb: [{ label: 'Agenda' }],
  },
  {
    name: 'contacts',
    path: '/annuaire',
    title: 'Annuaire',
    description:
      "L'annuaire des structures engagées pour une alimentation saine et durable en Nouvelle-Aquitaine, par type et par localisation.",
    breadcrumb: [{ label: 'Annuaire' }],
  },
  {
    name: 'glossary',
    path: '/glossaire',
    title: 'Glossaire',
    description:
      "Les mots de l'alimentation durable expliqués simplement : circuits courts, projet alimentaire territorial, restauration collective et bien d'autres.",
    breadcrumb: [{ label: 'Glossaire' }],
  },
  {
    name: 'faq',
    path: '/foire-aux-questions',
    title: 'FAQ',
    description:
      'Les réponses aux questions fréquentes sur la plateforme, les initiatives, les démarches et votre espace personnel.',
    breadcrumb: [{ label: 'FAQ' }],
  },
  {
    name: 'faq-item',
    path: '/foire-aux-questions/:slug',
    title: ':question',
    description: ':answer',
    breadcrumb: [{ label: 'FAQ', to: 'faq' }, { label: ':question' }],
  },
  {
    name: 'contact-us',
    path: '/nous-contacter',
    title: 'Nous contacter',
    description:
      "Écrivez à l'équipe de la plateforme : une question, une idée, un besoin d'aide pour publier votre initiative.",
    breadcrumb: [{ label: 'Nous contacter' }],
  },
  {
    name: 'search',
    path: '/recherche',
    title: 'Recherche',
    description:
      'Rechercher dans les initiatives, démarches, actualités, évènements, ressources et questions de la plateforme.',
    breadcrumb: [{ label: 'Recherche' }],
    /** Result pages of the site search: not indexed (they only repeat the site's pages). */
    noindex: true,
  },
  {
    name: 'legal-notice',
    path: '/mentions-legales',
    title: 'Mentions légales',
    description: "Éditeur, hébergeur et conditions d'utilisation de la plateforme.",
    breadcrumb: [{ label: 'Mentions légales' }],
  },
  {
    name: 'confidentiality',
    path: '/politique-de-confidentialite',
    title: 'Politique de confidentialité',
    description:
      'Comment la plateforme traite vos données personnelles, combien de temps elle les conserve et comment exercer vos droits.',
    breadcrumb: [{ label: 'Politique de confidentialité' }],
  },
  {
    name: 'login',
    path: '/connexion',
    title: 'Connexion',
    description: 'Connectez-vous à votre espace pour proposer et gérer vos contenus.',
    breadcrumb: [{ label: 'Connexion' }],
  },
  {
    name: 'register',
    path: '/inscription',
    title: 'Inscription',
    description:
      'Créez votre compte pour proposer vos initiatives, démarches, actualités, évènements et ressources.',
    breadcrumb: [{ label: 'Inscription' }],
  },
  {
    /** The link of the sign-up e-mail (VERIFY_PATH): its button activates the account. */
    name: 'register-verify',
    path: '/inscription/verification',
    title: 'Activer mon compte',
    description: 'Confirmez votre adresse e-mail pour activer votre compte.',
    breadcrumb: [{ label: 'Inscription', to: 'register' }, { label: 'Activer mon compte' }],
    noindex: true,
    personal: true,
  },
  {
    name: 'forgot-password',
    path: '/mot-de-passe-oublie',
    title: 'Mot de passe oublié',
    description: 'Recevez par e-mail un lien pour choisir un nouveau mot de passe.',
    breadcrumb: [{ label: 'Connexion', to: 'login' }, { label: 'Mot de passe oublié' }],
  },
  {
    name: 'reset-password',
    path: '/mot-de-passe-oublie/nouveau',
    title: 'Nouveau mot de passe',
    description: 'Choisissez un nouveau mot de passe pour votre compte.',
    breadcrumb: [{ label: 'Connexion', to: 'login' }, { label: 'Nouveau mot de passe' }],
    noindex: true,
    personal: true,
  },
  {
    name: 'newsletter-confirm',
    path: '/newsletter/confirmation',
    title: 'Confirmer mon inscription à la newsletter',
    description: 'Confirmez votre inscription à la newsletter de la plateforme.',
    breadcrumb: [{ label: 'Confirmer mon inscription à la newsletter' }],
    noindex: true,
    personal: true,
  },
  {
    name: 'newsletter-unsubscribe',
    path: '/newsletter/desinscription',
    title: 'Se désinscrire de la newsletter',
    description: 'Ne plus recevoir la newsletter de la plateforme.',
    breadcrumb: [{ label: 'Se désinscrire de la newsletter' }],
    noindex: true,
    personal: true,
  },
  {
    /** The signed link of the freshness and retention e-mails (INITIATIVE_UP_TO_DATE_PATH). */
    name: 'initiative-up-to-date',
    path: '/initiative-a-jour/:id',
    title: 'Confirmer que mon initiative est à jour',
    description: 'Confirmez que les informations de votre initiative sont toujours exactes.',
    breadcrumb: [{ label: 'Confirmer que mon initiative est à jour' }],
    noindex: true,
    personal: true,
  },
  {
    /**
     * The link sent to a new address of « Informations personnelles ». Not in the account area
     * (no sign-in): it may be opened on another device.
     */
    name: 'email-change-confirm',
    path: '/adresse-electronique/confirmation',
    title: 'Confirmer ma nouvelle adresse e-mail',
    description: 'Confirmez la nouvelle adresse e-mail de votre compte.',
    breadcrumb: [{ label: 'Confirmer ma nouvelle adresse e-mail' }],
    noindex: true,
    personal: true,
  },
  {
    name: '404',
    path: '/404',
    title: 'Erreur 404',
    description: "La page que vous cherchez n'existe pas.",
    breadcrumb: [{ label: 'Erreur 404' }],
  },
  {
    name: DASHBOARD,
    path: '/mon-compte/tableau-de-bord',
    title: 'Mon tableau de bord',
    description: 'Vos initiatives, démarches, évènements, ressources et actualités.',
    breadcrumb: [{ label: 'Mon tableau de bord' }],
    auth: true,
  },
  {
    name: 'moderation',
    path: '/moderation',
    title: 'Modération',
    description: 'Les propositions des membres en attente de modération.',
    breadcrumb: [{ label: 'Modération' }],
    auth: true,
    noindex: true,
  },
  {
    name: 'moderation.item',
    path: '/moderation/:type/:id',
    title: 'Relecture',
    description: "Relecture d'une proposition.",
    breadcrumb: [{ label: 'Modération', to: 'moderation' }, { label: 'Relecture' }],
    auth: true,
    noindex: true,
  },
  {
    name: 'moderation.upkeep',
    path: '/moderation/suivi',
    title: 'Suivi des contenus',
    description: 'Les initiatives non confirmées et les prochaines suppressions de contenus.',
    breadcrumb: [{ label: 'Modération', to: 'moderation' }, { label: 'Suivi des contenus' }],
    auth: true,
    noindex: true,
  },
  {
    name: 'moderation.settings',
    path: '/moderation/parametres',
    title: 'Listes de référence',
    description: 'Les thématiques, catégories et autres listes de la plateforme.',
    breadcrumb: [{ label: 'Modération', to: 'moderation' }, { label: 'Listes de référence' }],
    auth: true,
    noindex: true,
  },
  {
    name: 'moderation.users',
    path: '/moderation/utilisateurs',
    title: 'Utilisateurs',
    description: 'Les comptes de la plateforme : rôles, désactivation et export des abonnés.',
    breadcrumb: [{ label: 'Modération', to: 'moderation' }, { label: 'Utilisateurs' }],
    auth: true,
    noindex: true,
  },
  {
    name: 'moderation.audit',
    path: '/moderation/historique',
    title: 'Historique',
    description: 'Qui a modifié quoi, et quand, sur la plateforme.',
    breadcrumb: [{ label: 'Modération', to: 'moderation' }, { label: 'Historique' }],
    auth: true,
    noindex: true,
  },
  {
    name: 'moderation.error-reports',
    path: '/moderation/signalements',
    title: 'Signalements',
    description:
      "Les erreurs signalées par les visiteurs sur les fiches d'initiatives et de démarches.",
    breadcrumb: [{ label: 'Modération', to: 'moderation' }, { label: 'Signalements' }],
    auth: true,
    noindex: true,
  },
  {
    name: 'moderation.glossary',
    path: '/moderation/contenus/glossaire',
    title: 'Glossaire',
    description: 'Les termes et les définitions du glossaire du site public.',
    breadcrumb: [{ label: 'Modération', to: 'moderation' }, { label: 'Glossaire' }],
    auth: true,
    noindex: true,
  },
  {
    name: 'moderation.faq',
    path: '/moderation/contenus/foire-aux-questions',
    title: 'Foire aux questions',
    description: 'Les catégories et les questions de la foire aux questions.',
    breadcrumb: [{ label: 'Modération', to: 'moderation' }, { label: 'Foire aux questions' }],
    auth: true,
    noindex: true,
  },
  {
    name: 'moderation.team-members',
    path: '/moderation/contenus/equipe',
    title: 'Équipe',
    description: "Les membres de l'équipe présentés dans « Vos contacts » de la page À propos.",
    breadcrumb: [{ label: 'Modération', to: 'moderation' }, { label: 'Équipe' }],
    auth: true,
    noindex: true,
  },
  {
    name: 'moderation.contact-thematics',
    path: '/moderation/contenus/nous-contacter',
    title: 'Thématiques de contact',
    description: 'Les thématiques du formulaire « Nous contacter » et leurs adresses.',
    breadcrumb: [{ label: 'Modération', to: 'moderation' }, { label: 'Thématiques de contact' }],
    auth: true,
    noindex: true,
  },
  {
    name: 'myaccount.institution',
    path: '/mon-compte/structure',
    title: 'Ma structure',
    description: 'Les informations de votre structure.',
    breadcrumb: [{ label: 'Mon tableau de bord', to: DASHBOARD }, { label: 'Ma structure' }],
    auth: true,
  },
  {
    name: 'myaccount.profile',
    path: '/mon-compte/informations-personnelles',
    title: 'Informations personnelles',
    description: 'Vos informations personnelles et votre mot de passe.',
    breadcrumb: [
      { label: 'Mon tableau de bord', to: DASHBOARD },
      { label: 'Informations personnelles' },
    ],
    auth: true,
  },
  ...accountCrud(
    'posts',
    'Actualité',
    {
      create: '/mon-compte/actualites/creation',
      update: '/mon-compte/actualites/:id/edition',
      show: '/mon-compte/actualites/:id',
    },
    'votre actualité',
    "Aperçu de votre actualité telle qu'elle a été proposée.",
  ),
  ...accountCrud(
    'events',
    'Évènement',
    {
      create: '/mon-compte/evenements/creation',
      update: '/mon-compte/evenements/:id/edition',
      show: '/mon-compte/evenements/:id',
    },
    'votre évènement',
    "Aperçu de votre évènement tel qu'il a été proposé.",
  ),
  ...accountCrud(
    'initiatives',
    'Initiative',
    {
      create: '/mon-compte/initiatives/creation',
      update: '/mon-compte/initiatives/:id/edition',
      show: '/mon-compte/initiatives/:id',
    },
    'votre initiative',
    "Aperçu de votre initiative telle qu'elle a été proposée.",
  ),
  ...accountCrud(
    'foodProcedures',
    'Démarche',
    {
      create: '/mon-compte/demarches/creation',
      update: '/mon-compte/demarche/:id/edition',
      show: '/mon-compte/demarches/:id',
    },
    'votre démarche',
    "Aperçu de votre démarche telle qu'elle a été proposée.",
  ),
  ...accountCrud(
    'resources',
    'Ressource',
    {
      create: '/mon-compte/ressources/creation',
      update: '/mon-compte/ressources/:id/edition',
      show: '/mon-compte/ressources/:id',
    },
    'votre ressource',
    "Aperçu de votre ressource telle qu'elle a été proposée.",
  ),
] as const satisfies readonly RouteDefinition[];

export type RouteName = (typeof routes)[number]['name'];

const byName = new Map<string, RouteDefinition>(routes.map((r) => [r.name, r]));

export function routeByName(name: RouteName): RouteDefinition {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** Builds a path from a route name and its parameters. */
export function pathTo(name: RouteName, params: Record<string, string | number> = {}): string {
  return routeByName(name).path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing parameter ${key} for route ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Paths that redirect permanently elsewhere (spec: terms-and-conditions → confidentiality). */
export const redirects: Record<string, string> = {
  '/conditions-generales-d-utilisation': '/politique-de-confidentialite',
};

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

const compiled = routes.map((route) => {
  const keys: string[] = [];
  const source = route.path.replace(/:(\w+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { route: route as RouteDefinition, keys, regexp: new RegExp(`^${source}/?$`) };
});

/** Finds the route of a path (without query string). Static paths win over parameterised ones. */
export function matchRoute(pathname: string): RouteMatch | null {
  let best: RouteMatch | null = null;
  for (const { route, keys, regexp } of compiled) {
    const found = regexp.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    keys.forEach((key, i) => {
      params[key] = decodeURIComponent(found[i + 1] ?? '');
    });
    if (keys.length === 0) return { route, params };
    best ??= { route, params };
  }
  return best;
}

/** Replaces ':field' placeholders with the values of the loaded item, markup stripped. */
export function fillPlaceholders(
  text: string,
  item: Record<string, unknown> | null | undefined,
): string {
  if (!text.startsWith(':')) return text;
  const value = item?.[text.slice(1)];
  return typeof value === 'string' ? stripTags(value) : '';
}

/** The text of an HTML fragment (or of plain text): tags removed, entities decoded, spaces joined. */
export function stripTags(html: string): string {
  return (
    html
      // Tags and comments only: a '<' that opens no tag ('prix <5 €') is text.
      .replace(/<\/?[a-zA-Z][^>]*>|<!--[\s\S]*?-->/g, ' ')
      // Each entity once, so that '&amp;lt;' gives '&lt;' and not '<'.
      .replace(/&(?:#(\d{1,7})|#x([\da-fA-F]{1,6})|([a-z]+));/g, decodeEntity)
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decodeEntity(entity: string, decimal?: string, hex?: string, name?: string): string {
  const code = decimal ? Number(decimal) : hex ? parseInt(hex, 16) : null;
  if (code !== null) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  return NAMED_ENTITIES[name!] ?? entity;
}

export const META_DESCRIPTION_LENGTH = 160;

/**
 * Meta description: plain text (a route's own, or an item's already stripped of its tags by
 * fillPlaceholders: taken as text, not stripped twice) cut to 160 characters (spec §2).
 */
export function metaDescription(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= META_DESCRIPTION_LENGTH) return plain;
  return plain.slice(0, META_DESCRIPTION_LENGTH - 1).trimEnd() + '…';
}

/** The page title is the app name plus the route title (spec §2). */
export function pageTitle(appName: string, routeTitle: string): string {
  return routeTitle ? `${appName} - ${routeTitle}` : appName;
}
