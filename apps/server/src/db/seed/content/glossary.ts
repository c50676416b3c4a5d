import type { GlossarySeed } from './types.ts';

export const GLOSSARY: readonly GlossarySeed[] = [
  {
    title: 'Agroécologie',
    definition:
      'Ensemble de pratiques agricoles qui s’appuient sur les fonctionnalités des écosystèmes (biodiversité, sols vivants, rotations) pour réduire les intrants tout en restant productives.',
  },
  {
    title: 'AMAP',
    definition:
      'Association pour le maintien d’une agriculture paysanne : des consommateurs s’engagent à acheter à l’avance, sur une saison, la production d’une ferme livrée sous forme de paniers.',
  },
  {
    title: 'AOP',
    definition:
      'Appellation d’origine protégée : signe européen qui garantit qu’un produit est élaboré dans une zone géographique déterminée selon un savoir-faire reconnu, comme le piment d’Espelette ou le beurre Charentes-Poitou.',
  },
  {
    title: 'Biodéchets',
    definition:
      'Déchets alimentaires et de cuisine biodégradables. Leur tri à la source est obligatoire pour tous les producteurs depuis le 1er janvier 2024.',
  },
  {
    title: 'Circuit court',
    definition:
      'Mode de commercialisation des produits agricoles avec au plus un intermédiaire entre le producteur et le consommateur : vente à la ferme, marché, magasin de producteurs, AMAP.',
  },
  {
    title: 'Circuit de proximité',
    definition:
      'Circuit de distribution qui limite la distance géographique entre le lieu de production et le lieu de consommation, quel que soit le nombre d’intermédiaires.',
  },
  {
    title: 'Compostage',
    definition:
      'Transformation naturelle des matières organiques en un amendement riche, le compost, qui nourrit le sol des jardins et des champs.',
  },
  {
    title: 'Démarche alimentaire',
    definition:
      'Projet territorial pluriannuel doté d’une gouvernance (comité stratégique et comité technique) qui réunit plusieurs acteurs et plusieurs initiatives autour des enjeux de l’alimentation.',
  },
  {
    title: 'Dénutrition',
    definition:
      'Déséquilibre entre les apports et les besoins de l’organisme, fréquent chez les personnes âgées, qui entraîne une perte de poids et de masse musculaire.',
  },
  {
    title: 'Épicerie solidaire',
    definition:
      'Commerce de proximité qui propose des produits à prix réduits à des personnes en difficulté, souvent accompagné d’ateliers et d’un suivi social.',
  },
  {
    title: 'Espace-test agricole',
    definition:
      'Dispositif qui permet à un porteur de projet de tester une activité agricole en grandeur réelle, sur une durée limitée, avec des terres, du matériel et un accompagnement.',
  },
  {
    title: 'Gaspillage alimentaire',
    definition:
      'Toute nourriture destinée à la consommation humaine qui, à une étape de la chaîne alimentaire, est perdue, jetée ou dégradée.',
  },
  {
    title: 'Glanage',
    definition:
      'Ramassage, avec l’accord de l’agriculteur, des produits laissés dans les champs après la récolte, souvent au profit de l’aide alimentaire.',
  },
  {
    title: 'Gouvernance alimentaire',
    definition:
      'Organisation qui permet aux acteurs d’un territoire (élus, producteurs, habitants, associations) de décider ensemble des orientations de leur système alimentaire.',
  },
  {
    title: 'Label Rouge',
    definition:
      'Signe officiel français qui atteste qu’un produit possède un ensemble de caractéristiques lui conférant une qualité supérieure à celle des produits courants similaires.',
  },
  {
    title: 'Légumerie',
    definition:
      'Atelier qui lave, épluche, découpe et conditionne des légumes bruts pour les rendre directement utilisables par les cuisines, notamment en restauration collective.',
  },
  {
    title: 'Loi EGalim',
    definition:
      'Loi de 2018 pour l’équilibre des relations commerciales dans le secteur agricole et une alimentation saine et durable ; elle impose notamment 50 % de produits durables et de qualité, dont 20 % bio, en restauration collective.',
  },
  {
    title: 'Loi Climat et résilience',
    definition:
      'Loi de 2021 qui renforce les objectifs de la loi EGalim, étend le menu végétarien hebdomadaire et fixe un objectif de 60 % de viandes et poissons durables.',
  },
  {
    title: 'Menu végétarien',
    definition:
      'Menu sans viande ni poisson, qui peut comporter des œufs et des produits laitiers ; il doit être proposé au moins une fois par semaine dans la restauration scolaire.',
  },
  {
    title: 'PAT',
    definition:
      'Projet alimentaire territorial : démarche concertée, reconnue par le ministère de l’Agriculture, qui vise à relocaliser l’agriculture et l’alimentation dans un territoire.',
  },
  {
    title: 'PNA',
    definition:
      'Programme national pour l’alimentation : politique publique qui fixe les priorités de l’État en matière de justice sociale, d’éducation alimentaire et de lutte contre le gaspillage.',
  },
  {
    title: 'Précarité alimentaire',
    definition:
      'Situation d’une personne qui ne dispose pas d’un accès régulier à une alimentation sûre, diversifiée, de bonne qualité et en quantité suffisante.',
  },
  {
    title: 'Produit durable et de qualité',
    definition:
      'Au sens de la loi EGalim, produit bénéficiant d’un signe officiel (bio, Label Rouge, AOP, IGP…), d’une mention valorisante ou d’une certification environnementale.',
  },
  {
    title: 'Projet alimentaire territorial',
    definition:
      'Voir PAT : démarche élaborée de manière collective à l’initiative des acteurs d’un territoire pour donner un cadre stratégique et opérationnel à leurs actions alimentaires.',
  },
  {
    title: 'Restauration collective',
    definition:
      'Restauration hors domicile à caractère social : cantines scolaires, restaurants d’entreprise, hôpitaux, EHPAD, établissements pénitentiaires.',
  },
  {
    title: 'Résilience alimentaire',
    definition:
      'Capacité d’un territoire à assurer l’alimentation de sa population face à des perturbations (crise sanitaire, climatique ou économique).',
  },
  {
    title: 'SAFER',
    definition:
      'Société d’aménagement foncier et d’établissement rural : organisme qui intervient sur le marché des terres agricoles pour favoriser l’installation et préserver les espaces agricoles.',
  },
  {
    title: 'Sécurité sociale de l’alimentation',
    definition:
      'Proposition d’intégrer l’alimentation dans le régime général de la sécurité sociale, avec une allocation mensuelle à dépenser auprès de professionnels conventionnés démocratiquement.',
  },
  {
    title: 'Signe officiel de qualité',
    definition:
      'Label public (AB, Label Rouge, AOP, IGP, STG) qui garantit l’origine, la qualité supérieure ou le mode de production respectueux de l’environnement d’un produit.',
  },
  {
    title: 'Zone agricole protégée',
    definition:
      'Servitude d’utilité publique instituée par arrêté préfectoral pour soustraire durablement des terres agricoles à la pression urbaine.',
  },
];
