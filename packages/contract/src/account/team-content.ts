import { z } from 'zod';
import {
  CONTACT_THEMATIC_HELP,
  CONTACT_THEMATIC_IDEAS,
  CONTACT_THEMATIC_OTHER,
} from '../constants.ts';
import { stripTags } from '../routes.ts';

/**
 * The team's content and settings (issue 10): what the public site shows but members do not
 * submit — the glossary (/glossaire), the FAQ's categories and questions (/foire-aux-questions),
 * the team of « Vos contacts » (/a-propos) and the thematics of « Nous contacter » with the
 * address each routes to. API under `/api/moderation/content/:kind`; the same schemas check the
 * back office's forms in the browser and the requests on the server.
 *
 * Who: moderators and admins edit the glossary, the FAQ and the team (editorial content, like the
 * publications they moderate); the contact thematics are admins' alone (they decide which mailbox
 * receives the visitors' messages and personal data).
 */

export const TEAM_CONTENT_API_PATH = '/api/moderation/content';

export const TEAM_CONTENT_KINDS = [
  'glossary',
  'faq-categories',
  'faq-items',
  'team-members',
  'contact-thematics',
] as const;
export type TeamContentKind = (typeof TEAM_CONTENT_KINDS)[number];
// All but the glossary (alphabetical) have an order the team sets: `POST …/:kind/:id/move`.

/** The thematics the site links to by id (ideas box, help, « Autre »): renamed, never deleted. */
export const PROTECTED_CONTACT_THEMATICS: readonly number[] = [
  CONTACT_THEMATIC_IDEAS,
  CONTACT_THEMATIC_HELP,
  CONTACT_THEMATIC_OTHER,
];

export const TEAM_CONTENT_LIMITS = {
  title: 150,
  definition: 2000,
  question: 255,
  answer: 20000,
  description: 500,
  text: 150,
  email: 255,
  phone: 30,
  postcode: 10,
} as const;

// ——— wire types (responses) ———

export interface GlossaryEntryRow {
  id: number;
  title: string;
  definition: string;
}

export interface FaqCategoryRow {
  id: number;
  name: string;
  slug: string;
  position: number;
  items_count: number;
}

export interface FaqItemRow {
  id: number;
  category_id: number;
  category_name: string;
  question: string;
  /** Sanitised HTML. */
  answer: string;
  slug: string;
  position: number;
  /** The question's public page. */
  url: string;
}

export interface TeamMemberPhoto {
  id: number;
  url: string;
  thumb_url: string;
  filename: string;
  size: number;
}

export interface TeamMemberRow {
  id: number;
  name: string;
  department: string | null;
  description: string | null;
  photo: TeamMemberPhoto | null;
  position: number;
}

/** The postal address block shown next to the form when the thematic is chosen. */
export interface ContactThematicAddress {
  address_name: string;
  address_line_1: string | null;
  address_line_2: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  phone: string | null;
}

export interface ContactThematicRow {
  id: number;
  name: string;
  /** Where messages on this thematic go; null: the platform's contact address. */
  recipient_email: string | null;
  position: number;
  /** The site links to it by id: it can be renamed, not deleted. */
  protected: boolean;
  address: ContactThematicAddress | null;
}

/** `GET /api/moderation/content/:kind`, in the public order. */
export interface TeamContentList<T> {
  data: T[];
}

/** `GET …/faq-items`: the categories a question may belong to. */
export interface FaqItemsList extends TeamContentList<FaqItemRow> {
  categories: { id: number; name: string }[];
}

/** `GET …/team-members`: the image formats the server accepts for the photo. */
export interface TeamMembersList extends TeamContentList<TeamMemberRow> {
  allowed_image_mimes: string[];
}

/** `GET …/contact-thematics`: the address used when a thematic has none of its own. */
export interface ContactThematicsList extends TeamContentList<ContactThematicRow> {
  default_recipient: string;
}

/** Answer of a create, an update or a move. */
export interface TeamContentWriteResponse<T> {
  message: string;
  data: T;
}

export interface TeamContentDeleteResponse {
  message: string;
}

// ——— messages ———

/** How each kind is named in sentences. */
export interface TeamContentNoun {
  /** The delete modal's title: « Terme du glossaire : suppression ». */
  label: string;
  /** « Vous êtes sur le point de supprimer {sentence} : ». */
  sentence: string;
  /** « Le terme », « La question ». */
  the: string;
  feminine: boolean;
}

export const TEAM_CONTENT_NOUNS: Record<TeamContentKind, TeamContentNoun> = {
  glossary: {
    label: 'Terme du glossaire',
    sentence: 'ce terme du glossaire',
    the: 'Le terme',
    feminine: false,
  },
  'faq-categories': {
    label: 'Catégorie de la FAQ',
    sentence: 'cette catégorie de la FAQ',
    the: 'La catégorie',
    feminine: true,
  },
  'faq-items': {
    label: 'Question de la FAQ',
    sentence: 'cette question de la FAQ',
    the: 'La question',
    feminine: true,
  },
  'team-members': {
    label: "Membre de l'équipe",
    sentence: "cette fiche de l'équipe",
    the: 'La fiche de',
    feminine: true,
  },
  'contact-thematics': {
    label: 'Thématique de contact',
    sentence: 'cette thématique de contact',
    the: 'La thématique',
    feminine: true,
  },
};

/** « La question « … » a bien été ajoutée. » */
export function teamContentDoneMessage(
  kind: TeamContentKind,
  name: string,
  verb: 'ajouté' | 'modifié' | 'supprimé',
): string {
  const noun = TEAM_CONTENT_NOUNS[kind];
  const who = kind === 'team-members' ? `${noun.the} ${name}` : `${noun.the} « ${name} »`;
  return `${who} a bien été ${verb}${noun.feminine ? 'e' : ''}.`;
}

export const TEAM_CONTENT_MESSAGES = {
  moved: "L'ordre a bien été modifié.",
  cannotMove: 'Cet élément est déjà à cette extrémité de la liste.',
  directionInvalid: 'Le sens du déplacement est invalide.',
  glossaryTitleTaken: 'Ce terme figure déjà dans le glossaire.',
  faqCategoryNameTaken: 'Une catégorie de la FAQ porte déjà ce nom.',
  faqCategoryRequired: 'Le champ catégorie est obligatoire.',
  faqCategoryInvalid: "La catégorie choisie n'existe pas.",
  contactThematicNameTaken: 'Une thématique porte déjà ce nom.',
  addressNameRequired: 'Le champ nom du lieu est obligatoire quand une adresse est indiquée.',
} as const;

/** 422 of a FAQ category that still holds questions: they are not deleted with it. */
export function faqCategoryInUseMessage(name: string, count: number): string {
  const questions = count > 1 ? `${count} questions` : '1 question';
  return `Impossible de supprimer la catégorie « ${name} » : elle contient ${questions}. Déplacez ces questions dans une autre catégorie ou supprimez-les, puis supprimez la catégorie.`;
}

/** 422 of a thematic the site links to by id. */
export function protectedThematicMessage(name: string): string {
  return `La thématique « ${name} » ne peut pas être supprimée : le site y renvoie directement (boîte à idées, aide ou « Autre »). Vous pouvez la renommer ou changer son adresse.`;
}

// ——— input schemas (browser form values and server requests) ———

const required = (label: string) => `Le champ ${label} est obligatoire.`;
const tooLong = (label: string, max: number) =>
  `Le champ ${label} ne doit pas dépasser ${max} caractères.`;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const requiredText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: required(label) })
      .trim()
      .max(max, { error: tooLong(label, max) }),
  );

/** A blank value is null. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `Le champ ${label} doit être un texte.` })
      .trim()
      .max(max, { error: tooLong(label, max) })
      .optional()
      .transform((value) => value ?? null),
  );

/** Rich text (HTML of the editor): required means some visible text (`<p></p>` is empty). */
const requiredRichText = (label: string, max: number) =>
  requiredText(label, max).refine((html) => stripTags(html).trim() !== '', {
    error: required(label),
  });

/** A checkbox: multipart sends '1' / '0', JSON a boolean. */
const checkbox = z.preprocess(
  (value) => value === true || value === '1' || value === 'true' || value === 'on',
  z.boolean(),
);

/** `POST|PUT …/glossary`: the definition is plain text (the page shows it as such). */
export const glossaryEntryInputSchema = z.object({
  title: requiredText('terme', TEAM_CONTENT_LIMITS.title),
  definition: requiredText('définition', TEAM_CONTENT_LIMITS.definition),
});
export type GlossaryEntryInput = z.output<typeof glossaryEntryInputSchema>;

export const faqCategoryInputSchema = z.object({
  name: requiredText('nom', TEAM_CONTENT_LIMITS.text),
});
export type FaqCategoryInput = z.output<typeof faqCategoryInputSchema>;

/** `POST|PUT …/faq-items`: the answer is rich text, sanitised by the server. */
export const faqItemInputSchema = z.object({
  category_id: z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      return typeof blank === 'string' && /^\d+$/.test(blank) ? Number(blank) : blank;
    },
    z
      .number({ error: TEAM_CONTENT_MESSAGES.faqCategoryRequired })
      .int({ error: TEAM_CONTENT_MESSAGES.faqCategoryInvalid })
      .positive({ error: TEAM_CONTENT_MESSAGES.faqCategoryInvalid })
      .max(2_147_483_647, { error: TEAM_CONTENT_MESSAGES.faqCategoryInvalid }),
  ),
  question: requiredText('question', TEAM_CONTENT_LIMITS.question),
  answer: requiredRichText('réponse', TEAM_CONTENT_LIMITS.answer),
});
export type FaqItemInput = z.output<typeof faqItemInputSchema>;

/**
 * `POST …/team-members` and `POST …/team-members/:id` (`_method=put`), multipart: the text fields
 * here, the photo (`photo`, an image checked by its content) beside them; `delete_photo` removes
 * the saved photo when no new one is sent.
 */
export const teamMemberInputSchema = z.object({
  name: requiredText('nom', TEAM_CONTENT_LIMITS.text),
  department: optionalText('service ou structure', TEAM_CONTENT_LIMITS.text),
  description: optionalText('rôle', TEAM_CONTENT_LIMITS.description),
  delete_photo: checkbox,
});
export type TeamMemberInput = z.output<typeof teamMemberInputSchema>;

const ADDRESS_FIELDS = [
  'address_line_1',
  'address_line_2',
  'postcode',
  'city',
  'country',
  'phone',
] as const;

/**
 * `POST|PUT …/contact-thematics`: the name, the mailbox messages go to (blank: the platform's
 * contact address) and the postal address shown for it (all blank: none).
 */
export const contactThematicInputSchema = z
  .object({
    name: requiredText('nom', TEAM_CONTENT_LIMITS.text),
    recipient_email: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(TEAM_CONTENT_LIMITS.email, {
          error: tooLong('adresse e-mail de destination', TEAM_CONTENT_LIMITS.email),
        })
        .pipe(
          z.email({
            error: 'Le champ adresse e-mail de destination doit être une adresse e-mail valide.',
          }),
        )
        .optional()
        .transform((value) => value ?? null),
    ),
    address_name: optionalText('nom du lieu', TEAM_CONTENT_LIMITS.text),
    address_line_1: optionalText('adresse', TEAM_CONTENT_LIMITS.text),
    address_line_2: optionalText("complément d'adresse", TEAM_CONTENT_LIMITS.text),
    postcode: optionalText('code postal', TEAM_CONTENT_LIMITS.postcode),
    city: optionalText('ville', TEAM_CONTENT_LIMITS.text),
    country: optionalText('pays', TEAM_CONTENT_LIMITS.text),
    phone: optionalText('téléphone', TEAM_CONTENT_LIMITS.phone),
  })
  .superRefine((value, context) => {
    if (value.address_name === null && ADDRESS_FIELDS.some((field) => value[field] !== null)) {
      context.addIssue({
        code: 'custom',
        path: ['address_name'],
        message: TEAM_CONTENT_MESSAGES.addressNameRequired,
      });
    }
  });
export type ContactThematicInput = z.output<typeof contactThematicInputSchema>;

/** `POST …/:kind/:id/move`: one place up or down the public order. */
export const teamContentMoveSchema = z.object({
  direction: z.enum(['up', 'down'], { error: TEAM_CONTENT_MESSAGES.directionInvalid }),
});
export type TeamContentMoveInput = z.output<typeof teamContentMoveSchema>;
