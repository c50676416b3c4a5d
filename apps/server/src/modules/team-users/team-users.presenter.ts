import { ROLE_LABELS, type TeamUser } from '@ad/contract/account/team-users';
import type { UserRow } from './team-users.queries.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const fullName = (row: Pick<UserRow, 'firstname' | 'lastname'>) =>
  [row.firstname, row.lastname].filter(Boolean).join(' ');

/** An account as the admins' list shows it; `viewerId` marks their own. */
export function presentUser(row: UserRow, viewerId: number): TeamUser {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    name: fullName(row),
    email: row.email,
    role: row.role,
    role_label: ROLE_LABELS[row.role],
    institution:
      row.institutionId !== null && row.institutionName !== null
        ? { id: row.institutionId, name: row.institutionName }
        : null,
    email_verified: row.emailVerifiedAt !== null,
    email_verified_at: iso(row.emailVerifiedAt),
    last_login_at: iso(row.lastLoginAt),
    created_at: row.createdAt.toISOString(),
    deactivated_at: iso(row.deactivatedAt),
    is_self: row.id === viewerId,
  };
}
