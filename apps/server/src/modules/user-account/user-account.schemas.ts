import { z } from 'zod';
import { CIVILITIES } from '@ad/contract';
import { USER_ACCOUNT_MESSAGES } from '@ad/contract/account/user-account';
import { emailField, newPasswordField, withConfirmation } from '@ad/contract/schemas';
import {
  formBoolean,
  formEmail,
  formInt,
  formText,
  optionalFormFile,
  optionalFormText,
  optionalFormUrl,
  requiredMessage,
} from '../../platform/uploads/form-fields.ts';

/** « Ma structure » (spec account-area §3 Institution, §5): multipart, every value a string. */
export const institutionFormSchema = z.object({
  image: optionalFormFile(),
  /** '1' when the member removed the saved image without choosing another one. */
  delete_image: formBoolean(),
  type_id: formInt('type de structure', { min: 1 }),
  society_name: formText('nom de la structure'),
  society_email: formEmail('adresse e-mail de la structure'),
  address_line_1: formText('adresse'),
  address_line_2: optionalFormText('complément'),
  postcode: optionalFormText('code postal', 10),
  city: optionalFormText('ville'),
  phone: optionalFormText('téléphone', 30),
  website_url: optionalFormUrl('site internet'),
  display_in_directory: formBoolean(),
  send_also_to_personal_email: formBoolean(),
});
export type InstitutionForm = z.output<typeof institutionFormSchema>;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** « Informations personnelles »: the sign-up's labels and rules for the same fields. */
export const profileFormSchema = z.object({
  civility: z.preprocess(
    blankToUndefined,
    z.enum(CIVILITIES, { error: requiredMessage('civilité') }),
  ),
  lastname: formText('nom'),
  firstname: formText('prénom'),
  email: z.preprocess(blankToUndefined, emailField),
  job: formText('fonction'),
  /** Asked only for a new address (checked by saveProfile). */
  current_password: z.string().max(200).optional(),
});
export type ProfileForm = z.output<typeof profileFormSchema>;

/**
 * « Modifier mon mot de passe »: the sign-up's password rules and confirmation check, and the
 * current password (added to the spec's fields, decision 0008; checked by changePassword).
 */
export const passwordFormSchema = withConfirmation(
  z.object({
    // Not trimmed: a password may be made of spaces.
    current_password: z
      .string({ error: USER_ACCOUNT_MESSAGES.currentPasswordMissing })
      .min(1, { error: USER_ACCOUNT_MESSAGES.currentPasswordMissing })
      .max(200),
    password: z.preprocess(blankToUndefined, newPasswordField),
    password_confirmation: z.preprocess(
      blankToUndefined,
      z.string({ error: requiredMessage('confirmation du mot de passe') }),
    ),
  }),
);
export type PasswordForm = z.output<typeof passwordFormSchema>;
