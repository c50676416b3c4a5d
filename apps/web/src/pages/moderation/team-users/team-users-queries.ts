import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_API_PATH } from '@ad/contract/account/audit-history';
import {
  TEAM_USERS_API_PATH,
  type TeamUserList,
  type TeamUserResponse,
} from '@ad/contract/account/team-users';
import type { Role } from '@ad/contract';
import { api } from '../../../lib/api-client.ts';
import { apiQuery } from '../../../lib/api-query.ts';

export interface UserFilters {
  q: string;
  role: string;
  status: string;
  sort: string;
  page: number;
}

export const teamUsersQueries = {
  list: ({ q, role, status, sort, page }: UserFilters) =>
    apiQuery<TeamUserList>(TEAM_USERS_API_PATH, {
      q,
      role,
      status,
      sort,
      page: page > 1 ? page : undefined,
    }),
};

const userUrl = (id: number, action = '') => `${TEAM_USERS_API_PATH}/${id}${action}`;

export const teamUsersApi = {
  changeRole: (id: number, role: Role) =>
    api.patch<TeamUserResponse>(userUrl(id), { role }).then((result) => result.message),
  deactivate: (id: number) =>
    api.post<TeamUserResponse>(userUrl(id, '/deactivate')).then((result) => result.message),
  reactivate: (id: number) =>
    api.post<TeamUserResponse>(userUrl(id, '/reactivate')).then((result) => result.message),
};

/** After a change the list and the history are stale. */
export function invalidateTeamUsers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = String(query.queryKey[0]);
      return path.startsWith(TEAM_USERS_API_PATH) || path.startsWith(AUDIT_API_PATH);
    },
  });
}
