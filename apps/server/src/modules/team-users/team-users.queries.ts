import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@ad/contract';
import type { UserSort, UserStatus } from '@ad/contract/account/team-users';
import type { DbOrTx } from '../../db/client.ts';
import { unaccentLower } from '../../db/schema/common.ts';
import { contacts } from '../../db/schema/contacts.ts';
import { users } from '../../db/schema/users.ts';
import type { PageRequest } from '../../platform/pagination.ts';

export interface UserListFilters {
  q?: string;
  role?: Role;
  status?: UserStatus;
  sort: UserSort;
}

export const userColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  deactivatedAt: users.deactivatedAt,
  institutionId: contacts.id,
  institutionName: contacts.societyName,
};

export type UserRow = {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  emailVerifiedAt: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  deactivatedAt: Date | null;
  institutionId: number | null;
  institutionName: string | null;
};

/** `\`, `%` and `_` taken literally by LIKE (its default escape character is `\`). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word of `q` in the name, the e-mail or the institution, accents and case ignored. */
function searchCondition(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  const haystack = unaccentLower(
    sql`${users.firstname} || ' ' || ${users.lastname} || ' ' || ${users.email} || ' ' || coalesce(${contacts.societyName}, '')`,
  );
  return and(
    ...words.map(
      (word) =>
        sql`${haystack} LIKE '%' || ${unaccentLower(sql`${likeLiteral(word)}::text`)} || '%'`,
    ),
  );
}

const ORDERS: Record<UserSort, SQL[]> = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [asc(unaccentLower(users.lastname)), asc(unaccentLower(users.firstname)), asc(users.id)],
  last_login: [sql`${users.lastLoginAt} DESC NULLS LAST`, desc(users.id)],
};

/** One page of the accounts, and how many match. */
export async function listUsers(
  db: DbOrTx,
  filters: UserListFilters,
  page: PageRequest,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    filters.q ? searchCondition(filters.q) : undefined,
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.status === 'active'
      ? isNull(users.deactivatedAt)
      : filters.status === 'deactivated'
        ? isNotNull(users.deactivatedAt)
        : undefined,
  );
  const [rows, counted] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .leftJoin(contacts, eq(contacts.id, users.contactId))
      .where(where)
      .orderBy(...ORDERS[filters.sort])
      .limit(page.perPage)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(contacts, eq(contacts.id, users.contactId))
      .where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * The active admins, locked until the transaction ends: two admins demoting each other at the
 * same moment are served one after the other, so one admin always stays.
 */
export async function lockActiveAdmins(tx: DbOrTx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}
