/** The six themes (spec public-site §1). `class` is the CSS class the map and cards use. */
export const THEMATIC_KEYS = [
  'economie',
  'culturel',
  'nutrition',
  'accessibilite',
  'environnement',
  'urbanisme',
] as const;

export type ThematicKey = (typeof THEMATIC_KEYS)[number];

export interface Thematic {
  key: ThematicKey;
  slug: string;
  name: string;
  color: string;
  class: string;
  description: string;
}

export const THEMATICS: readonly Thematic[] = [
  {
    key: 'economie',
    slug: 'economie-alimentaire',
    name: 'Économie alimentaire',
    color: '#E4794A',
    class: 'thematic-economie',
    description: 'Circuits courts et filières alimentaires locales.',
  },
  {
    key: 'culturel',
    slug: 'patrimoine-alimentaire',
    name: 'Patrimoine alimentaire et gastronomique',
    color: '#A558A0',
    class: 'thematic-culturel',
    description: 'Patrimoine gastronomique local, savoir-faire et produits du terroir.',
  },
  {
    key: 'nutrition',
    slug: 'nutrition-sante',
    name: 'Nutrition et santé',
    color: '#009081',
    class: 'thematic-nutrition',
    description: "Nutrition, santé et éducation à l'alimentation.",
  },
  {
    key: 'accessibilite',
    slug: 'accessibilite-sociale',
    name: 'Accessibilité sociale',
    color: '#CE614A',
    class: 'thematic-accessibilite',
    description:
      'Accès de tous à une alimentation de qualité, lutte contre la précarité alimentaire.',
  },
  {
    key: 'environnement',
    slug: 'alimentation-responsable',
    name: 'Alimentation responsable',
    color: '#68A532',
    class: 'thematic-environnement',
    description:
      "Agriculture durable, lutte contre le gaspillage, alimentation respectueuse de l'environnement.",
  },
  {
    key: 'urbanisme',
    slug: 'amenagement-du-territoire',
    name: 'Aménagement du territoire',
    color: '#417DC4',
    class: 'thematic-urbanisme',
    description: 'Foncier agricole, urbanisme et planification alimentaire des territoires.',
  },
];
