import { z } from 'zod';
import { CONTACT_THEMATIC_OTHER } from '../constants.ts';
import { CONTACT_MESSAGE_MAX } from '../contact.ts';
import { emailField } from './account.ts';
import { captchaFields } from './captcha.ts';

const required = (label: string) => `Le champ ${label} est obligatoire.`;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, { error: required(label) })
    .max(max, { error: `Le champ ${label} ne doit pas dépasser ${max} caractères.` });

/** Single-line text (names, subject): line breaks are folded, so they never reach a header. */
const singleLine = (label: string, max: number) =>
  requiredText(label, max).transform((value) => value.replace(/\s+/g, ' '));

export const THEMATIC_REQUIRED_MESSAGE = 'Veuillez sélectionner une thématique.';
export const THEMATIC_INVALID_MESSAGE = "La thématique sélectionnée n'existe pas.";
export const SUBJECT_REQUIRED_MESSAGE = required('objet');

/** The select sends its value as a string ('' before a choice); JSON clients send a number. */
const thematicIdField = z.preprocess(
  (value) =>
    typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value,
  z
    .number({ error: THEMATIC_REQUIRED_MESSAGE })
    .int({ error: THEMATIC_INVALID_MESSAGE })
    .positive({ error: THEMATIC_INVALID_MESSAGE })
    .max(2_147_483_647, { error: THEMATIC_INVALID_MESSAGE }),
);

const contactUsFields = z.object({
  lastname: singleLine('nom', 100),
  firstname: singleLine('prénom', 100),
  email: emailField,
  thematic_id: thematicIdField,
  /** Only read (and required) for the thematic 'Autre' (999). */
  subject: z
    .string()
    .trim()
    .max(255, { error: 'Le champ objet ne doit pas dépasser 255 caractères.' })
    .transform((value) => value.replace(/\s+/g, ' '))
    .nullish(),
  message: requiredText('message', CONTACT_MESSAGE_MAX),
  ...captchaFields,
});

/**
 * POST /api/contact-us (spec §3 site contact form). 'Objet*' (subject) is required only when the
 * thematic is 999; the check also runs when another field is wrong, so that every error shows.
 */
export const contactUsBodySchema = contactUsFields.refine(
  (body) => body.thematic_id !== CONTACT_THEMATIC_OTHER || !!body.subject,
  {
    path: ['subject'],
    error: SUBJECT_REQUIRED_MESSAGE,
    when: (payload) =>
      contactUsFields.pick({ thematic_id: true, subject: true }).safeParse(payload.value).success,
  },
);
export type ContactUsBody = z.infer<typeof contactUsBodySchema>;

/** POST /api/contacts/ask/{contactId} (spec §3 initiative contact message). */
export const askContactBodySchema = z.object({
  name: singleLine('nom', 200),
  email: emailField,
  message: requiredText('message', CONTACT_MESSAGE_MAX),
  ...captchaFields,
});
export type AskContactBody = z.infer<typeof askContactBodySchema>;

/** GET /api/contact-us/options (spec §3 contact-us options). */
export const contactUsOptionsSchema = z.object({
  thematics: z.array(z.object({ id: z.number().int(), name: z.string() })),
  addresses: z.array(
    z.object({
      name: z.string(),
      address_line_1: z.string().nullable(),
      address_line_2: z.string().nullable(),
      postcode: z.string().nullable(),
      city: z.string().nullable(),
      country: z.string().nullable(),
      phone: z.string().nullable(),
      thematic_id: z.number().int().nullable(),
    }),
  ),
});
