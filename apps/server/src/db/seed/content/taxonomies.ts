import type { ResourceCategoryItem, SubthematicItem, TaxonomyItem } from './types.ts';

export const DEPARTEMENTS: readonly { code: string; name: string }[] = [
  { code: '16', name: 'Charente' },
  { code: '17', name: 'Charente-Maritime' },
  { code: '19', name: 'Corrèze' },
  { code: '23', name: 'Creuse' },
  { code: '24', name: 'Dordogne' },
  { code: '33', name: 'Gironde' },
  { code: '40', name: 'Landes' },
  { code: '47', name: 'Lot-et-Garonne' },
  { code: '64', name: 'Pyrénées-Atlantiques' },
  { code: '79', name: 'Deux-Sèvres' },
  { code: '86', name: 'Vienne' },
  { code: '87', name: 'Haute-Vienne' },
];

export const SUBTHEMATICS: readonly SubthematicItem[] = [
  // economie
  { key: 'circuits-courts', thematic: 'economie', name: 'Circuits courts et vente directe' },
  { key: 'filieres-locales', thematic: 'economie', name: 'Structuration de filières locales' },
  { key: 'transformation', thematic: 'economie', name: 'Outils collectifs de transformation' },
  { key: 'logistique', thematic: 'economie', name: 'Logistique alimentaire de proximité' },
  { key: 'installation', thematic: 'economie', name: 'Installation et transmission agricole' },
  // culturel
  {
    key: 'produits-terroir',
    thematic: 'culturel',
    name: 'Produits du terroir et signes de qualité',
  },
  { key: 'savoir-faire', thematic: 'culturel', name: 'Savoir-faire et métiers de bouche' },
  { key: 'tourisme-culinaire', thematic: 'culturel', name: 'Gastronomie et tourisme culinaire' },
  { key: 'fetes-gourmandes', thematic: 'culturel', name: 'Fêtes et évènements gourmands' },
  { key: 'races-varietes', thematic: 'culturel', name: 'Races animales et variétés locales' },
  // nutrition
  { key: 'education-alimentaire', thematic: 'nutrition', name: 'Éducation alimentaire' },
  { key: 'prevention-sante', thematic: 'nutrition', name: 'Prévention santé et nutrition' },
  {
    key: 'qualite-repas',
    thematic: 'nutrition',
    name: 'Qualité des repas en restauration collective',
  },
  { key: 'ateliers-cuisine', thematic: 'nutrition', name: 'Ateliers cuisine' },
  // accessibilite
  { key: 'aide-alimentaire', thematic: 'accessibilite', name: 'Aide alimentaire' },
  {
    key: 'epiceries-solidaires',
    thematic: 'accessibilite',
    name: 'Épiceries et restaurants solidaires',
  },
  { key: 'jardins-partages', thematic: 'accessibilite', name: 'Jardins partagés et solidaires' },
  {
    key: 'acces-precarite',
    thematic: 'accessibilite',
    name: 'Accès des publics fragiles aux produits frais',
  },
  // environnement
  {
    key: 'anti-gaspillage',
    thematic: 'environnement',
    name: 'Lutte contre le gaspillage alimentaire',
  },
  {
    key: 'agroecologie',
    thematic: 'environnement',
    name: 'Agriculture biologique et agroécologie',
  },
  { key: 'biodechets', thematic: 'environnement', name: 'Compostage et biodéchets' },
  { key: 'eau-biodiversite', thematic: 'environnement', name: 'Eau et biodiversité' },
  { key: 'emballages', thematic: 'environnement', name: 'Réduction des emballages' },
  // urbanisme
  { key: 'foncier', thematic: 'urbanisme', name: 'Préservation du foncier agricole' },
  { key: 'agriculture-urbaine', thematic: 'urbanisme', name: 'Agriculture urbaine' },
  { key: 'planification', thematic: 'urbanisme', name: 'Planification alimentaire territoriale' },
  { key: 'espaces-test', thematic: 'urbanisme', name: 'Espaces-test et couveuses agricoles' },
];

export const PROJECT_HOLDER_TYPES: readonly TaxonomyItem[] = [
  { key: 'collectivite', name: 'Collectivité' },
  { key: 'association', name: 'Association' },
  { key: 'exploitation', name: 'Exploitation agricole' },
  { key: 'entreprise', name: 'Entreprise' },
  { key: 'enseignement', name: "Établissement d'enseignement" },
  { key: 'restauration-collective', name: 'Restauration collective' },
  { key: 'chambre-consulaire', name: 'Chambre consulaire' },
  { key: 'etat', name: "Service de l'État ou établissement public" },
];

export const BENEFICIARIES: readonly TaxonomyItem[] = [
  { key: 'grand-public', name: 'Grand public' },
  { key: 'scolaires', name: 'Scolaires' },
  { key: 'precarite', name: 'Personnes en situation de précarité' },
  { key: 'producteurs', name: 'Producteurs' },
  { key: 'restauration-collective', name: 'Restauration collective' },
  { key: 'seniors', name: 'Personnes âgées' },
  { key: 'etudiants', name: 'Étudiants' },
  { key: 'elus-agents', name: 'Élus et agents des collectivités' },
];

export const AREAS_OF_INFLUENCE: readonly TaxonomyItem[] = [
  { key: 'communale', name: 'Communale' },
  { key: 'intercommunale', name: 'Intercommunale' },
  { key: 'departementale', name: 'Départementale' },
  { key: 'regionale', name: 'Régionale' },
];

export const PROGRESS_STATUSES: readonly TaxonomyItem[] = [
  { key: 'en-projet', name: 'En projet' },
  { key: 'en-cours', name: 'En cours' },
  { key: 'termine', name: 'Terminé' },
];

/** The four stakes an initiative must meet two of (spec §1). */
export const ISSUE_TYPES: readonly TaxonomyItem[] = [
  { key: 'economique', name: 'Économique' },
  { key: 'environnemental', name: 'Environnemental' },
  { key: 'sante', name: 'Santé et solidarité' },
  { key: 'cohesion', name: 'Cohésion territoriale' },
];

export const CONTACT_TYPES: readonly TaxonomyItem[] = [
  { key: 'collectivite', name: 'Collectivité territoriale' },
  { key: 'association', name: 'Association' },
  { key: 'chambre-agriculture', name: "Chambre d'agriculture" },
  { key: 'enseignement', name: "Établissement d'enseignement" },
  { key: 'etat', name: "Service de l'État" },
  { key: 'reseau', name: 'Réseau et tête de réseau' },
  { key: 'entreprise', name: 'Entreprise et coopérative' },
  { key: 'sante', name: 'Acteur de santé' },
];

export const POST_CATEGORIES: readonly TaxonomyItem[] = [
  { key: 'vie-du-reseau', name: 'Vie du réseau' },
  { key: 'appel-a-projets', name: 'Appel à projets' },
  { key: 'temoignage', name: 'Témoignage' },
  { key: 'reglementation', name: 'Réglementation' },
  { key: 'evenement', name: 'Évènement' },
  { key: 'publication', name: 'Publication' },
];

export const EVENT_CATEGORIES: readonly TaxonomyItem[] = [
  { key: 'conference', name: 'Conférence' },
  { key: 'atelier', name: 'Atelier' },
  { key: 'marche-salon', name: 'Marché et salon' },
  { key: 'formation', name: 'Formation' },
  { key: 'webinaire', name: 'Webinaire' },
  { key: 'visite', name: 'Visite de terrain' },
  { key: 'rencontre', name: 'Rencontre du réseau' },
];

export const RESOURCE_CATEGORIES: readonly ResourceCategoryItem[] = [
  {
    key: 'guides',
    name: 'Guides pratiques',
    featuredImage: { image: 'resource-categories/guides-pratiques.jpg', name: 'Guides pratiques' },
  },
  {
    key: 'etudes',
    name: 'Études et diagnostics',
    featuredImage: { image: 'resource-categories/etudes-diagnostics.jpg', name: 'Études' },
  },
  {
    key: 'pedagogie',
    name: 'Outils pédagogiques',
    featuredImage: { image: 'resource-categories/outils-pedagogiques.jpg', name: 'Pédagogie' },
  },
  {
    key: 'retours-experience',
    name: "Retours d'expérience",
    featuredImage: {
      image: 'resource-categories/retours-experience.jpg',
      name: "Retours d'expérience",
    },
  },
  {
    key: 'reglementation',
    name: 'Réglementation',
    featuredImage: { image: 'resource-categories/reglementation.jpg', name: 'Réglementation' },
  },
];

export const RESOURCE_TYPES: readonly { slug: 'file' | 'video' | 'external_url'; name: string }[] =
  [
    { slug: 'file', name: 'Document' },
    { slug: 'video', name: 'Vidéo' },
    { slug: 'external_url', name: 'Lien externe' },
  ];
