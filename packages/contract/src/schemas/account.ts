import { z } from 'zod';
import { CIVILITIES } from '../constants.ts';
import { captchaFields } from './captcha.ts';

/** Rules shared by the sign-up form, the reset form and the server. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

const required = (label: string) => `Le champ ${label} est obligatoire.`;

const requiredText = (label: string, max = 255) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, { error: required(label) })
    .max(max, { error: `Le champ ${label} ne doit pas dépasser ${max} caractères.` });

export const emailField = z
  .string({ error: required('adresse e-mail') })
  .trim()
  .min(1, { error: required('adresse e-mail') })
  .max(255, { error: "L'adresse e-mail ne doit pas dépasser 255 caractères." })
  .pipe(z.email({ error: 'Le champ adresse e-mail doit être une adresse e-mail valide.' }));

export const newPasswordField = z
  .string({ error: required('mot de passe') })
  .min(1, { error: required('mot de passe') })
  .min(PASSWORD_MIN_LENGTH, {
    error: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  })
  .max(PASSWORD_MAX_LENGTH, {
    error: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`,
  });

const passwordConfirmation = z.string({ error: required('confirmation du mot de passe') });

/** Adds the confirmation check (error on `password_confirmation`). */
export function withConfirmation<T extends { password: string; password_confirmation: string }>(
  schema: z.ZodType<T>,
) {
  return schema.refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    error: 'La confirmation du mot de passe ne correspond pas.',
  });
}

/** POST /inscription. */
export const signUpBodySchema = withConfirmation(
  z.object({
    civility: z.enum(CIVILITIES, { error: required('civilité') }),
    lastname: requiredText('nom'),
    firstname: requiredText('prénom'),
    email: emailField,
    job: requiredText('fonction'),
    password: newPasswordField,
    password_confirmation: passwordConfirmation,
    terms: z.literal(true, {
      error: "Vous devez accepter les conditions générales d'utilisation.",
    }),
    ...captchaFields,
  }),
);
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** POST /inscription/renvoyer-le-lien and POST /mot-de-passe-oublie (anonymous forms). */
export const emailOnlyBodySchema = z.object({ email: emailField, ...captchaFields });
export type EmailOnlyBody = z.infer<typeof emailOnlyBodySchema>;

/** POST /mot-de-passe-oublie/nouveau. */
export const resetPasswordBodySchema = withConfirmation(
  z.object({
    token: z.string({ error: 'Ce lien est invalide.' }).min(1, { error: 'Ce lien est invalide.' }),
    password: newPasswordField,
    password_confirmation: passwordConfirmation,
  }),
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The answer of the forms that must not tell whether an address has an account. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
