import { z } from 'zod';
import { pageUserSchema } from './page-config.ts';

/** POST /connexion body; the same schema validates the login form in the browser. */
export const loginBodySchema = z.object({
  email: z
    .string({ error: 'Le champ adresse e-mail est obligatoire.' })
    .trim()
    .min(1, { error: 'Le champ adresse e-mail est obligatoire.' })
    .max(255, { error: "L'adresse e-mail ne doit pas dépasser 255 caractères." })
    .pipe(z.email({ error: 'Le champ adresse e-mail doit être une adresse e-mail valide.' })),
  password: z
    .string({ error: 'Le champ mot de passe est obligatoire.' })
    .min(1, { error: 'Le champ mot de passe est obligatoire.' })
    .max(1000, { error: 'Le mot de passe ne doit pas dépasser 1000 caractères.' }),
  /** 'Se souvenir de moi': a longer session. */
  remember: z.boolean().optional(),
  /** The honeypot of the anonymous forms (HONEYPOT_FIELD). */
  email_address_check: z.string().nullish(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /connexion answer; the rotated CSRF token also comes in the X-CSRF-TOKEN response header. */
export const loginResponseSchema = z.object({ user: pageUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
