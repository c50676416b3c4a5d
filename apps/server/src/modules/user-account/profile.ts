import { and, eq, ne, sql } from 'drizzle-orm';
import { USER_ACCOUNT_MESSAGES, type ProfileValues } from '@ad/contract/account/user-account';
import type { AppDatabase } from '../../platform/database.ts';
import { users } from '../../db/schema/users.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ValidationError } from '../../platform/errors.ts';
import { hashPassword, isCommonPassword } from '../../platform/passwords.ts';
import type { SessionStore } from '../../platform/auth/sessions.ts';
import { ACCOUNT_MESSAGES } from '../accounts/accounts.service.ts';
import type { PasswordForm, ProfileForm } from './user-account.schemas.ts';

const emailTaken = () => new ValidationError({ email: [USER_ACCOUNT_MESSAGES.emailTaken] });

const isUniqueViolation = (error: unknown) =>
  !!error &&
  typeof error === 'object' &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

export async function profileOf(db: AppDatabase, userId: number): Promise<ProfileValues> {
  const [row] = await db
    .select({
      civility: users.civility,
      lastname: users.lastname,
      firstname: users.firstname,
      email: users.email,
      job: users.job,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error('signed-in user not found');
  return row;
}

/** Saves the profile; another account's address (in any case) is refused on `email`. */
export async function saveProfile(
  db: AppDatabase,
  input: { userId: number; form: ProfileForm; ip: string | null },
): Promise<void> {
  const { userId, form } = input;
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(sql`lower(${users.email})`, form.email.trim().toLowerCase()), ne(users.id, userId)),
    )
    .limit(1);
  if (other) throw emailTaken();
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          civility: form.civility,
          lastname: form.lastname,
          firstname: form.firstname,
          email: form.email.trim(),
          job: form.job,
        })
        .where(eq(users.id, userId));
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
}

/**
 * Changes the password (the sign-up's rules, common passwords refused) and closes the member's
 * other sessions: whoever else held one must sign in again with the new password.
 */
export async function changePassword(
  deps: { db: AppDatabase; sessions: SessionStore },
  input: { userId: number; currentSessionId: string; form: PasswordForm; ip: string | null },
): Promise<void> {
  if (await isCommonPassword(input.form.password)) {
    throw new ValidationError({ password: [ACCOUNT_MESSAGES.commonPassword] });
  }
  const passwordHash = await hashPassword(input.form.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, input.userId));
    await recordAudit(tx, {
      actorId: input.userId,
      action: 'profile.password',
      subjectType: 'user',
      subjectId: input.userId,
      ip: input.ip,
    });
  });
  await deps.sessions.destroyAllOfUser(input.userId, input.currentSessionId);
}
