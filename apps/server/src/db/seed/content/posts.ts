import type { PostSeed } from './types.ts';

export const POSTS: readonly PostSeed[] = [
  {
    key: 'appel-projets-pna',
    title: 'Appel à projets régional du Programme national pour l’alimentation',
    category: 'appel-a-projets',
    authors: 'Équipe Alimentation durable',
    description:
      '<p>L’appel à projets régional est ouvert. Il soutient les initiatives qui rapprochent production locale et consommateurs, luttent contre la précarité alimentaire ou réduisent le gaspillage.</p><p>Les dossiers sont attendus <strong>avant la fin du trimestre</strong> ; un webinaire de présentation est organisé pour répondre à vos questions.</p>',
    externalUrl: 'https://draaf-na.exemple.fr/appel-a-projets-pna',
    image: 'posts/appel-a-projets.jpg',
    publishedDaysAgo: 3,
    event: { start: { days: 12 }, hour: '10h00', place: 'En ligne' },
  },
  {
    key: 'bilan-egalim-cantines',
    title: 'Loi EGalim : où en sont les cantines de Nouvelle-Aquitaine ?',
    category: 'reglementation',
    authors: 'Observatoire régional de la restauration collective',
    description:
      '<p>Les déclarations des restaurants collectifs montrent une progression nette des produits durables et de qualité. La part du bio reste toutefois en dessous de l’objectif de 20 %.</p><ul><li>Produits durables : en hausse de 9 points</li><li>Repas végétarien hebdomadaire : généralisé dans les écoles</li></ul>',
    image: 'posts/egalim.jpg',
    publishedDaysAgo: 8,
  },
  {
    key: 'temoignage-maraichere-aunis',
    title: '« L’espace-test m’a permis de me lancer sans m’endetter »',
    category: 'temoignage',
    authors: 'Claire Fontanel',
    description:
      '<p>Ancienne comptable, Mathilde a testé pendant deux ans son activité de maraîchage sur l’espace-test de l’Aunis. Elle vient de s’installer sur trois hectares à quelques kilomètres.</p><p>Elle raconte son parcours, ses doutes et ce que le tutorat lui a apporté.</p>',
    image: 'posts/temoignage-maraichere.jpg',
    publishedDaysAgo: 15,
  },
  {
    key: 'rencontres-regionales-pat',
    title: 'Les rencontres régionales des projets alimentaires territoriaux',
    category: 'evenement',
    authors: 'Équipe Alimentation durable',
    description:
      '<p>Élus, chargés de mission et partenaires des PAT de la région se retrouvent pour une journée d’échanges : ateliers sur la gouvernance, l’évaluation et le financement des actions.</p><p>Inscription gratuite mais obligatoire.</p>',
    externalUrl: 'https://rencontres-pat-na.exemple.fr',
    image: 'posts/rencontres-pat.jpg',
    publishedDaysAgo: 5,
    event: {
      start: { days: 20 },
      end: { days: 21 },
      hour: '9h30',
      place: 'Poitiers — Espace Mendès-France',
    },
  },
  {
    key: 'guide-legumeries',
    title: 'Parution du guide « Créer une légumerie de territoire »',
    category: 'publication',
    authors: 'Réseau régional des légumeries',
    description:
      '<p>Ce guide de 40 pages rassemble les retours d’expérience de huit légumeries de la région : dimensionnement, modèle économique, statut juridique et relations avec les producteurs.</p>',
    image: 'posts/guide-legumeries.jpg',
    publishedDaysAgo: 22,
  },
  {
    key: 'nouveaux-pat-reconnus',
    title: 'Trois nouveaux PAT reconnus en Nouvelle-Aquitaine',
    category: 'vie-du-reseau',
    authors: 'Équipe Alimentation durable',
    description:
      '<p>Trois territoires viennent d’obtenir la reconnaissance « Projet alimentaire territorial » par le ministère de l’Agriculture. La région compte désormais plus de cinquante PAT.</p>',
    image: 'posts/nouveaux-pat.jpg',
    publishedDaysAgo: 30,
  },
  {
    key: 'semaine-anti-gaspi',
    title: 'Semaine de lutte contre le gaspillage alimentaire : participez !',
    category: 'evenement',
    authors: 'Collectif anti-gaspi Nouvelle-Aquitaine',
    description:
      '<p>Pendant une semaine, cantines, commerces et associations organisent pesées, disco-soupes et ateliers cuisine des restes. Inscrivez votre action pour qu’elle figure sur la carte régionale.</p>',
    image: 'posts/anti-gaspi.jpg',
    publishedDaysAgo: 2,
    event: {
      start: { days: 6 },
      end: { days: 12 },
      hour: 'Toute la journée',
      place: 'Partout en Nouvelle-Aquitaine',
    },
  },
  {
    key: 'foire-bio-limousin',
    title: 'La foire bio du Limousin fête ses 30 ans',
    category: 'evenement',
    authors: 'Comité d’organisation de la foire',
    description:
      '<p>Plus de 150 exposants, des conférences sur l’agroécologie et un espace enfants : la foire bio revient pour une édition anniversaire.</p>',
    image: 'posts/foire-bio.jpg',
    publishedDaysAgo: 40,
    event: {
      start: { days: -25 },
      end: { days: -24 },
      hour: '9h00',
      place: 'Saint-Léonard-de-Noblat',
    },
  },
  {
    key: 'temoignage-cuisiniere-landes',
    title: 'Dans la cuisine du collège de Saint-Sever',
    category: 'temoignage',
    authors: 'Julien Castagnet',
    description:
      '<p>Nathalie, chef de cuisine, sert 450 repas par jour avec 55 % de produits landais. Elle explique comment la plateforme départementale a changé son quotidien.</p>',
    image: 'posts/cuisine-college.jpg',
    publishedDaysAgo: 48,
  },
  {
    key: 'etude-precarite-alimentaire',
    title: 'Précarité alimentaire : une étude régionale inédite',
    category: 'publication',
    authors: 'Laboratoire Territoires et alimentation',
    description:
      '<p>Une enquête auprès de 2 000 ménages éclaire les difficultés d’accès à une alimentation de qualité en zone rurale comme en ville. Principal enseignement : la mobilité pèse autant que le revenu.</p>',
    externalUrl: 'https://univ.exemple.fr/etude-precarite-alimentaire',
    image: 'posts/etude-precarite.jpg',
    publishedDaysAgo: 60,
  },
  {
    key: 'reglementation-biodechets',
    title: 'Biodéchets : ce qui change pour la restauration',
    category: 'reglementation',
    authors: 'Équipe Alimentation durable',
    description:
      '<p>Depuis le 1<sup>er</sup> janvier 2024, tous les producteurs de biodéchets doivent les trier à la source. Le point sur les solutions adaptées aux petites cuisines.</p>',
    image: 'posts/biodechets.jpg',
    publishedDaysAgo: 75,
  },
  {
    key: 'journee-installation',
    title: 'Journée de l’installation agricole en Charente',
    category: 'evenement',
    authors: "Chambre d'agriculture de la Charente",
    description:
      '<p>Porteurs de projet, cédants et structures d’accompagnement se rencontrent pour une journée de forums et de témoignages.</p>',
    image: 'posts/installation.jpg',
    publishedDaysAgo: 10,
    event: { start: { months: 1, day: 14 }, hour: '9h00', place: 'Angoulême — Espace Carat' },
  },
  {
    key: 'appel-projets-fondation',
    title: 'Appel à projets « Alimentation et lien social »',
    category: 'appel-a-projets',
    authors: 'Fondation partenaire',
    description:
      '<p>Cet appel à projets finance jusqu’à 15 000 € les actions associatives qui font de l’alimentation un levier de lien social : jardins partagés, cuisines collectives, repas solidaires.</p>',
    externalUrl: 'https://fondation.exemple.fr/alimentation-lien-social',
    image: 'posts/lien-social.jpg',
    publishedDaysAgo: 18,
  },
  {
    key: 'carte-initiatives-1000',
    title: 'La carte des initiatives s’enrichit',
    category: 'vie-du-reseau',
    authors: 'Équipe Alimentation durable',
    description:
      '<p>De nouvelles initiatives ont rejoint la plateforme ce trimestre, notamment en Creuse et dans les Deux-Sèvres. Merci à tous les contributeurs !</p>',
    image: 'posts/carte.jpg',
    publishedDaysAgo: 1,
  },
  {
    key: 'webinaire-marches-publics',
    title: 'Webinaire : acheter local dans les marchés publics',
    category: 'evenement',
    authors: 'Équipe Alimentation durable',
    description:
      '<p>Allotissement, critères environnementaux, sourcing : une juriste et deux acheteurs publics partagent leurs pratiques pour favoriser les produits locaux dans le respect du code de la commande publique.</p>',
    image: 'posts/webinaire.jpg',
    publishedDaysAgo: 4,
    event: { start: { months: 0, day: 27 }, hour: '14h00', place: 'En ligne' },
  },
  {
    key: 'temoignage-epicerie-itinerante',
    title: 'Sur la route avec l’épicerie itinérante creusoise',
    category: 'temoignage',
    authors: 'Hélène Dumontet',
    description:
      '<p>Un mardi de tournée dans le sud de la Creuse, de village en village, avec Pascal au volant et des habitants qui attendent le camion autant pour les produits que pour la conversation.</p>',
    image: 'posts/epicerie-itinerante.jpg',
    publishedDaysAgo: 90,
  },
  {
    key: 'chiffres-circuits-courts',
    title: 'Circuits courts : les chiffres clés de la région',
    category: 'publication',
    authors: 'Observatoire régional de l’agriculture',
    description:
      '<p>Une exploitation sur quatre vend au moins une partie de sa production en circuit court en Nouvelle-Aquitaine. Le point par département et par type de produit.</p>',
    image: 'posts/chiffres.jpg',
    publishedDaysAgo: 120,
  },
  {
    key: 'jardins-garonne-recolte',
    title: 'Première récolte de courges au jardin solidaire de Tonneins',
    category: 'vie-du-reseau',
    authors: 'Association Les Jardins de Garonne',
    description:
      '<p>Les familles du jardin ont récolté plus de 300 kg de courges cet automne. Une partie a été transformée en soupes lors de l’atelier cuisine du mercredi.</p>',
    image: 'posts/courges.jpg',
    publishedDaysAgo: 12,
    owner: 'member-institution',
  },
  {
    key: 'jardins-garonne-portes-ouvertes',
    title: 'Portes ouvertes aux Jardins de Garonne',
    category: 'evenement',
    authors: 'Association Les Jardins de Garonne',
    description:
      '<p>Venez découvrir le jardin solidaire, rencontrer les jardiniers et goûter les recettes de nos ateliers cuisine. Visite guidée à 14 h.</p>',
    image: 'posts/portes-ouvertes.jpg',
    publishedDaysAgo: 0,
    event: { start: { days: 16 }, hour: '14h00', place: 'Tonneins — chemin de halage' },
    owner: 'member-institution',
    moderationStatus: 'pending',
  },
  {
    key: 'ressources-pedagogiques-ecoles',
    title: 'Des outils pédagogiques pour parler alimentation en classe',
    category: 'publication',
    authors: 'Équipe Alimentation durable',
    description:
      '<p>Mallettes du goût, jeux de cartes sur les saisons, fiches d’activités : retrouvez dans la rubrique Ressources une sélection d’outils testés par des enseignants de la région.</p>',
    image: 'posts/outils-pedagogiques.jpg',
    publishedDaysAgo: 35,
  },
];
