import { z } from 'zod';

/**
 * The team's reference lists (issue 10, « Listes de référence »): the themes' names and colours,
 * subthematics, categories of posts, events and resources, project-holder types, beneficiaries,
 * areas of influence, progress statuses, issue types and institution types. API under
 * `/api/moderation/settings/:list`; moderators read, admins change.
 */

export const TEAM_SETTINGS_API_PATH = '/api/moderation/settings';

export const SETTINGS_LISTS = [
  'thematics',
  'subthematics',
  'post_categories',
  'event_categories',
  'resource_categories',
  'project_holder_types',
  'beneficiaries',
  'areas_of_influence',
  'progress_statuses',
  'issue_types',
  'contact_types',
] as const;
export type SettingsList = (typeof SETTINGS_LISTS)[number];

export function isSettingsList(value: unknown): value is SettingsList {
  return typeof value === 'string' && (SETTINGS_LISTS as readonly string[]).includes(value);
}

export interface SettingsListInfo {
  /** The list's title: « Catégories des actualités ». */
  label: string;
  /** Where the public site and the member forms use it (shown above the table). */
  usedFor: string;
  /** The words of an entry in sentences: « une catégorie », « la catégorie », « cette catégorie ». */
  one: string;
  the: string;
  this: string;
  feminine: boolean;
  /** The themes: their colour is chosen here (map markers, legend, cards). */
  color: boolean;
  /** The subthematics: each belongs to a thematic, chosen when it is added. */
  parent: boolean;
  /**
   * The themes are fixed (the six keys of the contract, their CSS classes and the member forms'
   * slugs): they can be renamed, recoloured and reordered, never added or deleted.
   */
  fixed: boolean;
}

export const SETTINGS_LIST_INFO: Record<SettingsList, SettingsListInfo> = {
  thematics: {
    label: 'Thématiques',
    usedFor:
      'Les six thématiques de la carte (couleur des repères et légende), des filtres, des fiches et des formulaires. Leur nombre est fixe : vous pouvez modifier leur nom, leur couleur et leur ordre.',
    one: 'une thématique',
    the: 'la thématique',
    this: 'cette thématique',
    feminine: true,
    color: true,
    parent: false,
    fixed: true,
  },
  subthematics: {
    label: 'Sous-thématiques',
    usedFor:
      "Filtres de la carte, de l'export et des ressources (par thématique), fiches et formulaire des initiatives.",
    one: 'une sous-thématique',
    the: 'la sous-thématique',
    this: 'cette sous-thématique',
    feminine: true,
    color: false,
    parent: true,
    fixed: false,
  },
  post_categories: {
    label: 'Catégories des actualités',
    usedFor: 'Filtre « Catégories » et cartes des actualités, formulaire des actualités.',
    one: 'une catégorie',
    the: 'la catégorie',
    this: 'cette catégorie',
    feminine: true,
    color: false,
    parent: false,
    fixed: false,
  },
  event_categories: {
    label: 'Catégories des évènements',
    usedFor: "Filtre « Catégories » de l'agenda, formulaire des évènements.",
    one: 'une catégorie',
    the: 'la catégorie',
    this: 'cette catégorie',
    feminine: true,
    color: false,
    parent: false,
    fixed: false,
  },
  resource_categories: {
    label: 'Catégories des ressources',
    usedFor: 'Filtre « Catégories » et cartes des ressources, formulaire des ressources.',
    one: 'une catégorie',
    the: 'la catégorie',
    this: 'cette catégorie',
    feminine: true,
    color: false,
    parent: false,
    fixed: false,
  },
  project_holder_types: {
    label: 'Types de porteurs de projet',
    usedFor:
      "Filtre « Porteurs de projet » de la carte et de l'export, fiches et formulaires des initiatives et des démarches.",
    one: 'un type de porteur',
    the: 'le type de porteur',
    this: 'ce type de porteur',
    feminine: false,
    color: false,
    parent: false,
    fixed: false,
  },
  beneficiaries: {
    label: 'Bénéficiaires',
    usedFor:
      "Filtre « Bénéficiaires » de la carte et de l'export, fiches et formulaire des initiatives.",
    one: 'un bénéficiaire',
    the: 'le bénéficiaire',
    this: 'ce bénéficiaire',
    feminine: false,
    color: false,
    parent: false,
    fixed: false,
  },
  areas_of_influence: {
    label: "Aires d'influence",
    usedFor: 'Fiches et formulaires des initiatives et des démarches.',
    one: "une aire d'influence",
    the: "l'aire d'influence",
    this: "cette aire d'influence",
    feminine: true,
    color: false,
    parent: false,
    fixed: false,
  },
  progress_statuses: {
    label: "États d'avancement",
    usedFor: 'Fiches et formulaires des initiatives et des démarches.',
    one: "un état d'avancement",
    the: "l'état d'avancement",
    this: "cet état d'avancement",
    feminine: false,
    color: false,
    parent: false,
    fixed: false,
  },
  issue_types: {
    label: 'Enjeux',
    usedFor: "Enjeux d'une initiative : fiches et formulaire des initiatives.",
    one: 'un enjeu',
    the: "l'enjeu",
    this: 'cet enjeu',
    feminine: false,
    color: false,
    parent: false,
    fixed: false,
  },
  contact_types: {
    label: 'Types de structure',
    usedFor: "Filtre « Types de contact » de l'annuaire, formulaire « Ma structure ».",
    one: 'un type de structure',
    the: 'le type de structure',
    this: 'ce type de structure',
    feminine: false,
    color: false,
    parent: false,
    fixed: false,
  },
};

/** One entry of a list, as the back office shows it. */
export interface SettingsEntry {
  id: number;
  name: string;
  /** Stable identifier (kept on rename); generated from the name when the entry is added. */
  slug: string | null;
  position: number;
  /** The theme's colour (#RRGGBB), null for the other lists. */
  color: string | null;
  /** The subthematic's thematic, null for the other lists. */
  thematic: { id: number; name: string } | null;
  /** How many items use it: member content of any status and pending edits. */
  usage: number;
  /** What uses it, in words: « 3 initiatives, 1 démarche » ('' when unused). */
  usage_details: string;
}

/** `GET /api/moderation/settings/:list`: the entries in their public order. */
export interface SettingsListResponse {
  list: SettingsList;
  /** Whether the signed-in user may change the list (admins). */
  can_edit: boolean;
  data: SettingsEntry[];
  /** The thematics a new subthematic may belong to ([] for the other lists). */
  thematics: { id: number; name: string }[];
}

/** Answer of a create, an update or a move. */
export interface SettingsWriteResponse {
  message: string;
  data: SettingsEntry;
}

export interface SettingsDeleteResponse {
  message: string;
}

export const SETTINGS_NAME_MAX = 100;

/**
 * Non-text contrast floor of a theme colour against white: the map's markers carry a white mark
 * on the colour and sit on light tiles, the legend and the badges on a white page. 2:1 keeps the
 * DSFR illustrative palette (orange terre battue 2.9:1, tournesol 2.3:1) and refuses the pale
 * colours (café crème 1.9:1, yellow, white) on which the white mark disappears.
 */
export const MIN_COLOR_CONTRAST = 2;

export const TEAM_SETTINGS_MESSAGES = {
  nameRequired: 'Le nom est obligatoire.',
  nameTooLong: `Le nom ne doit pas dépasser ${SETTINGS_NAME_MAX} caractères.`,
  nameTaken: 'Ce nom est déjà utilisé dans cette liste.',
  nameTakenInThematic: 'Ce nom est déjà utilisé par une autre sous-thématique de cette thématique.',
  colorRequired: 'La couleur est obligatoire.',
  colorInvalid:
    'La couleur doit être un code hexadécimal à six chiffres précédé de #, par exemple #417DC4.',
  colorTooLight:
    'Cette couleur est trop claire : la marque blanche des repères de la carte ne se verrait plus. Choisissez une couleur plus foncée.',
  thematicRequired: 'La thématique est obligatoire.',
  thematicInvalid: "La thématique choisie n'existe pas.",
  directionInvalid: 'Le sens du déplacement est invalide.',
  fixed:
    'Les thématiques sont fixes : vous pouvez modifier leur nom, leur couleur et leur ordre, mais pas en ajouter ni en supprimer.',
  moved: "L'ordre de la liste a bien été modifié.",
  cannotMove: 'Cette entrée est déjà à cette extrémité de la liste.',
} as const;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** « La catégorie « Atelier » a bien été ajoutée. » */
export function settingsDoneMessage(
  info: SettingsListInfo,
  name: string,
  verb: 'ajouté' | 'modifié' | 'supprimé',
): string {
  return `${capitalise(info.the)} « ${name} » a bien été ${verb}${info.feminine ? 'e' : ''}.`;
}

/** 422 of a delete refused because the entry is in use. */
export function settingsInUseMessage(
  info: SettingsListInfo,
  name: string,
  usage: number,
  details: string,
): string {
  const pronoun = info.feminine ? 'elle' : 'il';
  const object = info.feminine ? 'la' : 'le';
  const used = info.feminine ? 'utilisée' : 'utilisé';
  const items = usage > 1 ? `${usage} éléments` : '1 élément';
  return `Impossible de supprimer ${info.the} « ${name} » : ${pronoun} est ${used} par ${items} (${details}). Retirez-${object} de ces éléments avant de ${object} supprimer.`;
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Relative luminance (WCAG 2) of a #RRGGBB colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of a #RRGGBB colour with white (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

const nameSchema = z
  .string({ error: TEAM_SETTINGS_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: TEAM_SETTINGS_MESSAGES.nameRequired })
  .max(SETTINGS_NAME_MAX, { error: TEAM_SETTINGS_MESSAGES.nameTooLong });

/** A theme colour: #RRGGBB (stored in upper case), dark enough for the map's white marks. */
export const settingsColorSchema = z
  .string({ error: TEAM_SETTINGS_MESSAGES.colorRequired })
  .trim()
  .min(1, { error: TEAM_SETTINGS_MESSAGES.colorRequired })
  .regex(HEX_COLOR, { error: TEAM_SETTINGS_MESSAGES.colorInvalid })
  .transform((value) => value.toUpperCase())
  .refine((value) => contrastWithWhite(value) >= MIN_COLOR_CONTRAST, {
    error: TEAM_SETTINGS_MESSAGES.colorTooLight,
  });

/** `POST /api/moderation/settings/:list`. `color` for the themes, `thematic_id` for subthematics. */
export const settingsCreateSchema = z.object({
  name: nameSchema,
  color: settingsColorSchema.optional(),
  thematic_id: z
    .number({ error: TEAM_SETTINGS_MESSAGES.thematicInvalid })
    .int({ error: TEAM_SETTINGS_MESSAGES.thematicInvalid })
    .positive({ error: TEAM_SETTINGS_MESSAGES.thematicInvalid })
    .max(2_147_483_647, { error: TEAM_SETTINGS_MESSAGES.thematicInvalid })
    .nullish(),
});
export type SettingsCreateInput = z.output<typeof settingsCreateSchema>;

/** `PUT /api/moderation/settings/:list/:id`: rename, and recolour a theme. */
export const settingsUpdateSchema = z.object({
  name: nameSchema,
  color: settingsColorSchema.optional(),
});
export type SettingsUpdateInput = z.output<typeof settingsUpdateSchema>;

/** `POST /api/moderation/settings/:list/:id/move`: one place up or down the public order. */
export const settingsMoveSchema = z.object({
  direction: z.enum(['up', 'down'], { error: TEAM_SETTINGS_MESSAGES.directionInvalid }),
});
export type SettingsMoveInput = z.output<typeof settingsMoveSchema>;
