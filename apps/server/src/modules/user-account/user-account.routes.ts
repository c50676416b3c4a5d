import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { USER_ACCOUNT_MESSAGES } from '@ad/contract/account/user-account';
import type { Config } from '../../env.ts';
import type { AccountEmails } from '../accounts/accounts.emails.tsx';
import { requireUser } from '../../platform/auth/plugin.ts';
import type { SessionStore } from '../../platform/auth/sessions.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { HttpError, MESSAGES } from '../../platform/errors.ts';
import { ACCOUNT_WINDOW_MS, routeRateLimit } from '../../platform/rate-limit.ts';
import { checkFormFiles } from '../../platform/uploads/check-form-files.ts';
import { parseForm } from '../../platform/uploads/form-fields.ts';
import { readMultipartForm } from '../../platform/uploads/multipart-form.ts';
import { checkInstitutionType, institutionOptions, saveInstitution } from './institution.ts';
import { changePassword, profileOf, saveProfile } from './profile.ts';
import {
  institutionFormSchema,
  passwordFormSchema,
  profileFormSchema,
} from './user-account.schemas.ts';

export interface UserRoutesOptions {
  config: Config;
  db: AppDatabase;
  clock: Clock;
  sessions: SessionStore;
}

export interface UserAccountRoutesOptions extends UserRoutesOptions {
  emails: AccountEmails;
}

const noStore = { 'Cache-Control': 'no-store' };

/** The profile forms are sent as JSON by the web app; a plain HTML form (multipart) works too. */
async function formBody(request: FastifyRequest): Promise<unknown> {
  if (request.isMultipart()) return readMultipartForm(request);
  if (request.body && typeof request.body === 'object') return request.body;
  throw new HttpError(400, MESSAGES.badRequest);
}

/**
 * The member's own account (spec account-area §2 dashboard, institution, profile; §7):
 * « Ma structure », « Informations personnelles » and « Modifier mon mot de passe ».
 * Anonymous callers get 401 and missing CSRF tokens 419 before these handlers (auth plugin).
 */
export const userAccountRoutes: FastifyPluginAsync<UserAccountRoutesOptions> = async (
  app,
  { config, db, sessions, emails },
) => {
  /**
   * Checks of a member's current password count as sign-in attempts on the account's address
   * (the same counter as /connexion's): whoever holds a session tries no more passwords here.
   */
  const passwordChecks = (email: string) => () =>
    app.rateLimiter.consume(
      `sign-in:${email.trim().toLowerCase()}`,
      config.RATE_LIMIT_ACCOUNT_MAX,
      ACCOUNT_WINDOW_MS,
    );

  app.get('/api/user/institution/options', async (request, reply) => {
    const user = requireUser(request);
    reply.headers(noStore);
    return institutionOptions(db, user.id);
  });

  app.post('/api/user/institution', routeRateLimit(config, 'write'), async (request, reply) => {
    const user = requireUser(request);
    const form = parseForm(institutionFormSchema, await readMultipartForm(request));
    await checkInstitutionType(db, form.type_id);
    const checked = form.image
      ? await checkFormFiles(config, [{ key: 'image', file: form.image, kind: 'image' }])
      : null;
    const image = checked?.get('image') ?? null;
    await app.fileStore.transaction(
      (store) => saveInstitution(store, { userId: user.id, form, image, ip: request.ip ?? null }),
      image ? [image] : [],
    );
    reply.headers(noStore);
    return { message: USER_ACCOUNT_MESSAGES.institutionSaved };
  });

  app.get('/api/user/profile', async (request, reply) => {
    const user = requireUser(request);
    reply.headers(noStore);
    return profileOf(db, user.id);
  });

  app.post('/api/user/profile', routeRateLimit(config, 'write'), async (request, reply) => {
    const user = requireUser(request);
    const form = parseForm(profileFormSchema, await formBody(request));
    const { pendingEmail } = await saveProfile(db, {
      userId: user.id,
      form,
      ip: request.ip ?? null,
      jobs: app.jobs,
      passwordChecks: passwordChecks(user.email),
    });
    reply.headers(noStore);
    // Spec §8's message, and what to do when the address is to change.
    const message = pendingEmail
      ? `${USER_ACCOUNT_MESSAGES.profileSaved} ${USER_ACCOUNT_MESSAGES.emailChangePending(pendingEmail)}`
      : USER_ACCOUNT_MESSAGES.profileSaved;
    return { message };
  });

  app.post('/api/user/profile/password', routeRateLimit(config, 'auth'), async (request, reply) => {
    const user = requireUser(request);
    const session = request.session;
    if (!session) throw new HttpError(401, MESSAGES.unauthenticated);
    const form = parseForm(passwordFormSchema, await formBody(request));
    await changePassword(
      { db, sessions, mailer: app.mailer, emails },
      {
        user,
        currentSessionId: session.id,
        form,
        ip: request.ip ?? null,
        passwordChecks: passwordChecks(user.email),
      },
    );
    reply.headers(noStore);
    return { message: USER_ACCOUNT_MESSAGES.passwordSaved };
  });
};
