/** Business constants (spec public-site §9 and account-area §9). */
export const DEFAULT_APP_NAME = 'Alimentation durable Nouvelle-Aquitaine';
export const DEFAULT_LOCALE = 'fr';
export const EXCERPT_LENGTH = 150;
export const SEARCH_EXCERPT_WORDS = 30;
/** The characters of a site search that count (the rest of a longer query is left out). */
export const MAX_SEARCH_QUERY_LENGTH = 200;
export const HOME_FIRST_POSTS = 2;
export const HOME_LAST_POSTS = 3;
export const MIN_DELAY_HOME_MS = 100;
export const MIN_DELAY_DETAIL_MS = 250;
/** GET /api/posts/{slug}: its own timing (spec §7). */
export const MIN_DELAY_POST_MS = 500;
export const FIT_TO_MARKERS_DELAY_MS = 250;
export const SEARCH_DEBOUNCE_MS = 500;
/** The highest `page` a public list accepts (a higher one is refused with a 422). */
export const MAX_LIST_PAGE = 1_000_000;
export const DEFAULT_MAP_BOUNDS = {
  south: 42.196,
  north: 47.769,
  west: -3.543,
  east: 7.224,
} as const;
export const MAP_INITIAL_ZOOM = 8;
export const MAP_MAX_ZOOM = 18;
export const MARKER_ICON_SIZE = [30, 45] as const;
export const EXPORT_DEFAULT_TYPE = 'all';
export const EXPORT_DEFAULT_PERIOD = 'current-year';
export const CONTACT_THEMATIC_IDEAS = 4;
export const CONTACT_THEMATIC_HELP = 6;
export const CONTACT_THEMATIC_OTHER = 999;
export const BREAKPOINT_MOBILE = 768;
export const BREAKPOINT_TABLET = 1024;
export const LOGO_SHRINK_SCROLL_PX = 50;
export const LOGO_TRANSITION_MS = 300;
export const BACK_TO_TOP_SCROLL_PX = 300;
export const LOADER_MIN_HEIGHT_PX = 300;
export const COPYRIGHT_YEAR = 2019;
export const RETENTION_SUBMITTED_DATA_YEARS = 3;
export const RETENTION_AUDIENCE_MONTHS = 14;
export const MAX_LOGOS = 4;
export const MAX_DOCUMENTS = 4;
export const FILE_NAME_MAX = 40;
export const FILE_NAME_KEEP = 35;
export const COMMUNE_OPTIONS_MAX = 50;
export const SHARE_SENTENCE = 'Je partage cette page depuis';

export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const MODERATION_STATUSES = ['draft', 'pending', 'published', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const MODERATION_STATUS_LABELS: Record<ModerationStatus, string> = {
  draft: 'Brouillon',
  pending: 'En cours de modération',
  published: 'Publié',
  rejected: 'Refusé',
};

export const CIVILITIES = ['mrs', 'mr'] as const;
export type Civility = (typeof CIVILITIES)[number];

export const RESOURCE_TYPES = ['file', 'video', 'external_url'] as const;
export type ResourceTypeSlug = (typeof RESOURCE_TYPES)[number];

/**
 * What the site stores in the browser (privacy text and consent banner, spec §9: a CSRF cookie, a
 * session cookie, the cookie-consent status and three analytics cookies). The consent status is
 * kept by the DSFR consent manager in the browser's local storage, not in a cookie; the analytics
 * cookies are only set when an audience-measurement tool is configured and accepted. The captcha
 * proof (CAPTCHA_PROOF_COOKIE, strictly necessary like the CSRF cookie) is only set after a form
 * was sent back with errors (decision record 0007).
 */
export const COOKIES = [
  {
    name: 'XSRF-TOKEN',
    storage: 'cookie',
    purpose: 'Protection des formulaires contre la falsification de requêtes (CSRF).',
    duration: 'Session du navigateur',
  },
  {
    name: 'ad_session',
    storage: 'cookie',
    purpose: 'Maintien de votre connexion à votre espace.',
    duration: '2 heures sans activité',
  },
  {
    name: 'ad_captcha',
    storage: 'cookie',
    purpose:
      "Mémorisation de la vérification anti-robot déjà réussie lorsqu'un formulaire est renvoyé après une erreur de saisie.",
    duration: '30 minutes',
  },
  {
    name: '@codegouvfr/react-dsfr finalityConsent',
    storage: 'stockage local',
    purpose: 'Mémorisation de vos choix en matière de cookies (statut du consentement).',
    duration: "Jusqu'à ce que vous modifiiez vos choix ou vidiez les données du navigateur",
  },
  {
    name: '_pk_id',
    storage: 'cookie',
    purpose:
      "Mesure d'audience : identifiant anonyme du visiteur (uniquement si la mesure d'audience est activée et acceptée).",
    duration: '13 mois',
  },
  {
    name: '_pk_ses',
    storage: 'cookie',
    purpose:
      "Mesure d'audience : identifiant de la visite en cours (uniquement si la mesure d'audience est activée et acceptée).",
    duration: '30 minutes',
  },
  {
    name: '_pk_ref',
    storage: 'cookie',
    purpose:
      "Mesure d'audience : site d'où provient la visite (uniquement si la mesure d'audience est activée et acceptée).",
    duration: '6 mois',
  },
] as const;
