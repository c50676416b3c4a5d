import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Role } from '@ad/contract';
import {
  TEAM_USER_MESSAGES,
  TEAM_USERS_API_PATH,
  TEAM_USERS_PER_PAGE,
  type TeamUserList,
  type TeamUserResponse,
} from '@ad/contract/account/team-users';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { pageLink, pageRequest, paginate } from '../../platform/pagination.ts';
import { listConfirmedSubscribers } from '../newsletter/newsletter.queries.ts';
import { subscribersCsv } from '../newsletter/newsletter.presenter.ts';
import {
  findUser,
  listUsers,
  lockActiveAdmins,
  type UserListFilters,
} from './team-users.queries.ts';
import { fullName, presentUser } from './team-users.presenter.ts';

export interface Actor {
  user: SessionUser;
  ip: string | null;
}

/** Audit actions of this module (labels: AUDIT_ACTION_LABELS of the contract). */
export const USER_AUDIT = {
  role: 'user.role',
  deactivate: 'user.deactivate',
  reactivate: 'user.reactivate',
  newsletterExport: 'newsletter.export',
} as const;

const conflict = (message: string) => new HttpError(409, message);

/**
 * The accounts for the admins (issue 10): the list, the role, deactivation. Every change is one
 * transaction with its audit event. Rules: an admin never changes their own role nor deactivates
 * themself, and the last active admin is never demoted nor deactivated.
 */
export function createTeamUsersService(deps: { db: AppDatabase; clock: Clock }) {
  const { db, clock } = deps;

  /**
   * The target, once the active admins and then the target are locked: always in this order, so
   * that two changes at once wait for each other instead of deadlocking.
   */
  async function lockTarget(tx: DbOrTx, id: number) {
    const admins = await lockActiveAdmins(tx);
    const [target] = await tx
      .select({
        id: users.id,
        role: users.role,
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
        deactivatedAt: users.deactivatedAt,
      })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!target) throw notFound();
    const isLastActiveAdmin = admins.length <= 1 && admins.includes(target.id);
    return { target, isLastActiveAdmin };
  }

  async function answer(id: number, actor: Actor, message: string): Promise<TeamUserResponse> {
    const row = await findUser(db, id);
    if (!row) throw notFound();
    return { message, data: presentUser(row, actor.user.id) };
  }

  return {
    async list(filters: UserListFilters, page: number, viewer: SessionUser): Promise<TeamUserList> {
      const request = pageRequest(page, TEAM_USERS_PER_PAGE);
      const { rows, total } = await listUsers(db, filters, request);
      const link = pageLink(TEAM_USERS_API_PATH, {
        q: filters.q,
        role: filters.role,
        status: filters.status,
        sort: filters.sort === 'newest' ? undefined : filters.sort,
      });
      return paginate(
        rows.map((row) => presentUser(row, viewer.id)),
        total,
        request,
        link,
      );
    },

    async changeRole(id: number, role: Role, actor: Actor): Promise<TeamUserResponse> {
      const message = await db.transaction(async (tx) => {
        const { target, isLastActiveAdmin } = await lockTarget(tx, id);
        const name = fullName(target);
        if (target.role === role) return TEAM_USER_MESSAGES.roleUnchanged(name, role);
        if (target.id === actor.user.id) throw conflict(TEAM_USER_MESSAGES.ownRole);
        if (isLastActiveAdmin) throw conflict(TEAM_USER_MESSAGES.lastAdmin);
        await tx.update(users).set({ role }).where(eq(users.id, id));
        await recordAudit(tx, {
          actorId: actor.user.id,
          action: USER_AUDIT.role,
          subjectType: 'user',
          subjectId: id,
          data: { name, email: target.email, previous_role: target.role, role },
          ip: actor.ip,
        });
        return TEAM_USER_MESSAGES.roleChanged(name, role);
      });
      return answer(id, actor, message);
    },

    /** The account can no longer sign in; its sessions are deleted in the same transaction. */
    async deactivate(id: number, actor: Actor): Promise<TeamUserResponse> {
      const message = await db.transaction(async (tx) => {
        const { target, isLastActiveAdmin } = await lockTarget(tx, id);
        const name = fullName(target);
        if (target.deactivatedAt) return TEAM_USER_MESSAGES.alreadyDeactivated(name);
        if (target.id === actor.user.id) throw conflict(TEAM_USER_MESSAGES.ownAccount);
        if (isLastActiveAdmin) throw conflict(TEAM_USER_MESSAGES.lastAdmin);
        await tx
          .update(users)
          .set({ deactivatedAt: clock() })
          .where(and(eq(users.id, id), isNull(users.deactivatedAt)));
        const closed = await tx
          .delete(sessions)
          .where(eq(sessions.userId, id))
          .returning({ id: sessions.id });
        await recordAudit(tx, {
          actorId: actor.user.id,
          action: USER_AUDIT.deactivate,
          subjectType: 'user',
          subjectId: id,
          data: { name, email: target.email, role: target.role, sessions_closed: closed.length },
          ip: actor.ip,
        });
        return TEAM_USER_MESSAGES.deactivated(name);
      });
      return answer(id, actor, message);
    },

    async reactivate(id: number, actor: Actor): Promise<TeamUserResponse> {
      const message = await db.transaction(async (tx) => {
        const { target } = await lockTarget(tx, id);
        const name = fullName(target);
        if (!target.deactivatedAt) return TEAM_USER_MESSAGES.alreadyActive(name);
        await tx
          .update(users)
          .set({ deactivatedAt: null })
          .where(and(eq(users.id, id), isNotNull(users.deactivatedAt)));
        await recordAudit(tx, {
          actorId: actor.user.id,
          action: USER_AUDIT.reactivate,
          subjectType: 'user',
          subjectId: id,
          data: {
            name,
            email: target.email,
            role: target.role,
            deactivated_at: target.deactivatedAt.toISOString(),
          },
          ip: actor.ip,
        });
        return TEAM_USER_MESSAGES.reactivated(name);
      });
      return answer(id, actor, message);
    },

    /** The confirmed newsletter subscribers as CSV (newsletter presenter), the export audited. */
    async exportSubscribers(actor: Actor): Promise<{ csv: string; fileName: string }> {
      const rows = await db.transaction(async (tx) => {
        const subscribers = await listConfirmedSubscribers(tx);
        await recordAudit(tx, {
          actorId: actor.user.id,
          action: USER_AUDIT.newsletterExport,
          data: { count: subscribers.length },
          ip: actor.ip,
        });
        return subscribers;
      });
      const day = clock().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
      return { csv: subscribersCsv(rows), fileName: `abonnes-newsletter-${day}.csv` };
    },
  };
}

export type TeamUsersService = ReturnType<typeof createTeamUsersService>;
