import { eq, sql } from 'drizzle-orm';
import { pathTo } from '@ad/contract';
import type { SignUpBody } from '@ad/contract/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { Config } from '../../env.ts';
import type { SessionStore } from '../../platform/auth/sessions.ts';
import {
  voidUnusedTokens,
  type UserTokenPurpose,
  type UserTokens,
} from '../../platform/auth/user-tokens.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { isUniqueViolation, ValidationError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { hashPassword, isCommonPassword } from '../../platform/passwords.ts';
import type { AccountEmails } from './accounts.emails.tsx';

export const ACCOUNT_MESSAGES = {
  signedUp: (email: string) =>
    `Votre compte a été créé. Pour l'activer, cliquez sur le lien que nous venons d'envoyer à ${email}.`,
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
  commonPassword: 'Ce mot de passe est trop courant. Veuillez en choisir un autre.',
  verificationResent:
    "Si un compte en attente de confirmation correspond à cette adresse, un nouveau lien d'activation vient de lui être envoyé.",
  resetRequested:
    'Si un compte correspond à cette adresse, vous allez recevoir un e-mail contenant un lien pour choisir un nouveau mot de passe. Ce lien est valable 60 minutes.',
  passwordReset: 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.',
  resetLinkInvalid:
    'Ce lien de réinitialisation est invalide, a déjà servi ou a expiré. Veuillez refaire une demande.',
} as const;

/** Issues a single-use link and e-mails it (data: SendLinkJob). */
export const SEND_ACCOUNT_LINK_JOB = 'accounts.send-link';
/** Job: the link that confirms a member's new address, and the notice to the old one. */
export const SEND_EMAIL_CHANGE_JOB = 'accounts.send-email-change';

export interface SendLinkJob {
  email: string;
  purpose: UserTokenPurpose;
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

/** Sign-up, address verification and forgotten password (issue 6 §1). No HTTP objects here. */
export function createAccountsService(deps: {
  db: AppDatabase;
  clock: Clock;
  config: Config;
  tokens: UserTokens;
  sessions: SessionStore;
  jobs: JobQueue;
  mailer: Mailer;
  emails: AccountEmails;
}) {
  const { db, clock, tokens, jobs, emails } = deps;
  const link = (path: string, token: string) =>
    `${deps.config.APP_URL}${path}?token=${encodeURIComponent(token)}`;

  async function refuseCommonPassword(password: string) {
    if (await isCommonPassword(password)) {
      throw new ValidationError({ password: [ACCOUNT_MESSAGES.commonPassword] });
    }
  }

  async function findByEmail(email: string) {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(byEmail(email))
      .limit(1);
    return rows[0] ?? null;
  }

  /**
   * The request only queues the address: whether an account exists is looked up by the job, so
   * the answer takes the same time either way, and the link itself is never stored in a job.
   */
  async function queueLink(data: SendLinkJob, tx?: DbOrTx) {
    await jobs.send(SEND_ACCOUNT_LINK_JOB, data, tx ? { tx } : {});
  }

  return {
    async signUp(body: SignUpBody): Promise<{ message: string }> {
      // The password first: a probe with a throw-away password learns nothing about addresses.
      await refuseCommonPassword(body.password);
      if (await findByEmail(body.email)) {
        throw new ValidationError({ email: [ACCOUNT_MESSAGES.emailTaken] });
      }
      const passwordHash = await hashPassword(body.password);
      const email = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(users)
          .values({
            civility: body.civility,
            lastname: body.lastname,
            firstname: body.firstname,
            email: body.email.trim(),
            job: body.job,
            passwordHash,
            role: 'member',
          })
          .onConflictDoNothing()
          .returning({ email: users.email });
        const user = inserted[0];
        if (user) await queueLink({ email: user.email, purpose: 'email_verification' }, tx);
        return user?.email ?? null;
      });
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (!email) throw new ValidationError({ email: [ACCOUNT_MESSAGES.emailTaken] });
      return { message: ACCOUNT_MESSAGES.signedUp(email) };
    },

    /** Same answer whether or not the address has an account waiting for confirmation. */
    async resendVerification(email: string): Promise<{ message: string }> {
      await queueLink({ email, purpose: 'email_verification' });
      return { message: ACCOUNT_MESSAGES.verificationResent };
    },

    /**
     * Marks the address verified; false when the link is unknown or expired. A link already
     * used for an address now verified counts as a success: mail scanners open links before
     * the person does.
     */
    async verifyEmail(token: string): Promise<boolean> {
      const userId = await tokens.consume(token, 'email_verification');
      if (userId === null) {
        const owner = await tokens.ownerOf(token, 'email_verification');
        if (owner === null) return false;
        const rows = await db
          .select({ verifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(eq(users.id, owner));
        return Boolean(rows[0]?.verifiedAt);
      }
      await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${clock()})` })
        .where(eq(users.id, userId));
      return true;
    },

    /** Same answer whether the address exists or not. */
    async requestPasswordReset(email: string): Promise<{ message: string }> {
      await queueLink({ email, purpose: 'password_reset' });
      return { message: ACCOUNT_MESSAGES.resetRequested };
    },

    /**
     * Job SEND_ACCOUNT_LINK_JOB: a verification link for an account still waiting for it, or a
     * reset link for an existing account; nothing for an unknown address. A retry issues a new
     * link (the earlier one stops working), so the message that arrives always works.
     */
    async sendLink(data: SendLinkJob, jobId: string): Promise<void> {
      const user = await findByEmail(data.email);
      if (!user) return;
      if (data.purpose === 'email_verification' && user.emailVerifiedAt) return;
      const token = await tokens.issue(user.id, data.purpose);
      const message =
        data.purpose === 'email_verification'
          ? await emails.verification(user, link(VERIFY_PATH, token))
          : await emails.passwordReset(user, link(RESET_PATH, token));
      await deps.mailer.deliver(message, { jobId });
    },

    /**
     * Job SEND_EMAIL_CHANGE_JOB: a link to the address the member asked for (a retry issues a
     * new one), and a notice to the current address, so that its owner hears of a change made
     * from a session left open. Nothing when the request was cancelled meanwhile.
     */
    async sendEmailChange(userId: number, jobId: string): Promise<void> {
      const [user] = await db
        .select({
          email: users.email,
          pendingEmail: users.pendingEmail,
          firstname: users.firstname,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!user?.pendingEmail) return;
      const token = await tokens.issue(userId, 'email_change');
      const recipient = { email: user.pendingEmail, firstname: user.firstname };
      await deps.mailer.deliver(
        await emails.emailChange(recipient, link(EMAIL_CHANGE_PATH, token)),
        { jobId },
      );
      // The notice holds no secret: a mail job of its own, so that an old address that no
      // longer answers never makes this job issue (and resend) another link.
      await deps.mailer.queue(
        await emails.emailChangeNotice(
          { email: user.email, firstname: user.firstname },
          user.pendingEmail,
        ),
      );
    },

    /**
     * The link of SEND_EMAIL_CHANGE_JOB opened: the waiting address becomes the account's (and
     * counts as verified). 'taken' when another account took it meanwhile, 'invalid' for an
     * unknown, used or expired link, or a request cancelled since.
     */
    async confirmEmailChange(token: string): Promise<'confirmed' | 'taken' | 'invalid'> {
      const userId = await tokens.consume(token, 'email_change');
      if (userId === null) return 'invalid';
      const [user] = await db
        .select({ pendingEmail: users.pendingEmail, deactivatedAt: users.deactivatedAt })
        .from(users)
        .where(eq(users.id, userId));
      const email = user?.pendingEmail;
      if (!email || user.deactivatedAt) return 'invalid';
      if (await findByEmail(email)) {
        await db.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
        return 'taken';
      }
      try {
        await db
          .update(users)
          .set({
            email,
            pendingEmail: null,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${clock()})`,
          })
          .where(eq(users.id, userId));
      } catch (error) {
        // Another account took it at the same moment: the unique index decides.
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
      // A reset link sent to the previous address stops working: that mailbox is no longer
      // the account's.
      await voidUnusedTokens(db, userId, 'password_reset', clock());
      return 'confirmed';
    },

    /** New password from a reset link: the link is used once; every session of the user ends. */
    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      await refuseCommonPassword(password);
      const passwordHash = await hashPassword(password);
      const userId = await tokens.consume(token, 'password_reset');
      if (userId === null) {
        throw new ValidationError({ token: [ACCOUNT_MESSAGES.resetLinkInvalid] });
      }
      // The link came by e-mail: the address is proven too.
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            passwordHash,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${clock()})`,
          })
          .where(eq(users.id, userId));
        await deps.sessions.destroyAllOfUser(userId, undefined, tx);
      });
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Where the links of the e-mails land. The sign-up link opens the page of route 'register-verify', whose button posts to the same URL. */
export const VERIFY_PATH = pathTo('register-verify');
export const RESET_PATH = '/mot-de-passe-oublie/nouveau';
/** The page of route 'email-change-confirm', whose button posts to the same URL. */
export const EMAIL_CHANGE_PATH = pathTo('email-change-confirm');
