import { and, eq, ne, sql } from 'drizzle-orm';
import { USER_ACCOUNT_MESSAGES, type ProfileValues } from '@ad/contract/account/user-account';
import type { AppDatabase } from '../../platform/database.ts';
import { users } from '../../db/schema/users.ts';
import { recordAudit } from '../../platform/audit.ts';
import { isUniqueViolation, ValidationError } from '../../platform/errors.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../platform/passwords.ts';
import { voidUnusedTokens } from '../../platform/auth/user-tokens.ts';
import type { SessionStore, SessionUser } from '../../platform/auth/sessions.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AccountEmails } from '../accounts/accounts.emails.tsx';
import { ACCOUNT_MESSAGES, SEND_EMAIL_CHANGE_JOB } from '../accounts/accounts.service.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { PasswordForm, ProfileForm } from './user-account.schemas.ts';

const emailTaken = () => new ValidationError({ email: [USER_ACCOUNT_MESSAGES.emailTaken] });

export async function profileOf(db: AppDatabase, userId: number): Promise<ProfileValues> {
  const [row] = await db
    .select({
      civility: users.civility,
      lastname: users.lastname,
      firstname: users.firstname,
      email: users.email,
      job: users.job,
      pending_email: users.pendingEmail,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error('signed-in user not found');
  return row;
}

/** Counts a check of the member's current password (as a sign-in attempt on the account). */
export type PasswordChecks = () => Promise<void>;

/**
 * Throws on `current_password` unless `password` is the account's: asked before the address or
 * the password changes, so that a session left open, or a stolen cookie, is not enough to take
 * the account (decision 0008). Each check is counted first (`count` throws 429 past the limit):
 * whoever holds the session cannot try more passwords here than at the sign-in.
 */
async function checkCurrentPassword(
  count: PasswordChecks,
  passwordHash: string | null,
  password: string,
): Promise<void> {
  await count();
  if (!passwordHash || !(await verifyPassword(passwordHash, password))) {
    throw new ValidationError({ current_password: [USER_ACCOUNT_MESSAGES.currentPasswordWrong] });
  }
}

/**
 * Saves the profile; another account's address (in any case) is refused on `email`. A new
 * address asks for the current password (`current_password`: whoever holds a session left open
 * cannot send the account elsewhere) and is not taken at once: it waits in `pending_email` for
 * the member to open the link the job SEND_EMAIL_CHANGE_JOB sends to it (the old address is told),
 * so that a typo never hands the account to another mailbox. A save that keeps the address asked
 * for sends nothing again; another address, or the current one given back (which cancels the
 * request), voids the links already sent. The same address in another case is saved at once.
 * Returns the address waiting for confirmation.
 */
export async function saveProfile(
  db: AppDatabase,
  input: {
    userId: number;
    form: ProfileForm;
    ip: string | null;
    jobs: JobQueue;
    passwordChecks: PasswordChecks;
  },
): Promise<{ pendingEmail: string | null }> {
  const { userId, form } = input;
  const email = form.email.trim();
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  if (other) throw emailTaken();
  const [current] = await db
    .select({
      email: users.email,
      pendingEmail: users.pendingEmail,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!current) throw new Error('signed-in user not found');
  const sameAddress = current.email.toLowerCase() === email.toLowerCase();
  const newRequest = !sameAddress && current.pendingEmail?.toLowerCase() !== email.toLowerCase();
  if (newRequest) {
    if (!form.current_password) {
      throw new ValidationError({
        current_password: [USER_ACCOUNT_MESSAGES.currentPasswordRequired],
      });
    }
    await checkCurrentPassword(input.passwordChecks, current.passwordHash, form.current_password);
  }
  // Another case of the address asked for is the same request: its link still works.
  const pendingChanged =
    (sameAddress ? null : email.toLowerCase()) !== (current.pendingEmail?.toLowerCase() ?? null);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          civility: form.civility,
          lastname: form.lastname,
          firstname: form.firstname,
          job: form.job,
          ...(sameAddress ? { email, pendingEmail: null } : { pendingEmail: email }),
        })
        .where(eq(users.id, userId));
      // A link names no address: the links of an earlier request must stop working.
      if (pendingChanged) await voidUnusedTokens(tx, userId, 'email_change');
      if (newRequest) await input.jobs.send(SEND_EMAIL_CHANGE_JOB, { userId }, { tx });
      await recordAudit(tx, {
        actorId: userId,
        action: 'profile.update',
        subjectType: 'user',
        subjectId: userId,
        ip: input.ip,
      });
    });
  } catch (error) {
    // Two accounts taking the same address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return { pendingEmail: sameAddress ? null : email };
}

/**
 * Changes the password once the current one is given (the sign-up's rules, common passwords
 * refused) and closes the member's other sessions: whoever else held one must sign in again with
 * the new password. A reset link sent earlier stops working: it would set another password over
 * this one. The account's address is told, with the change (decision 0008).
 */
export async function changePassword(
  deps: { db: AppDatabase; sessions: SessionStore; mailer: Mailer; emails: AccountEmails },
  input: {
    user: Pick<SessionUser, 'id' | 'email' | 'firstname'>;
    currentSessionId: string;
    form: PasswordForm;
    ip: string | null;
    passwordChecks: PasswordChecks;
  },
): Promise<void> {
  const userId = input.user.id;
  const [current] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!current) throw new Error('signed-in user not found');
  await checkCurrentPassword(
    input.passwordChecks,
    current.passwordHash,
    input.form.current_password,
  );
  if (await isCommonPassword(input.form.password)) {
    throw new ValidationError({ password: [ACCOUNT_MESSAGES.commonPassword] });
  }
  const passwordHash = await hashPassword(input.form.password);
  const notice = await deps.emails.passwordChangedNotice(input.user);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await recordAudit(tx, {
      actorId: userId,
      action: 'profile.password',
      subjectType: 'user',
      subjectId: userId,
      ip: input.ip,
    });
    await deps.sessions.destroyAllOfUser(userId, input.currentSessionId, tx);
    await voidUnusedTokens(tx, userId, 'password_reset');
    await deps.mailer.queue(notice, { tx });
  });
}
