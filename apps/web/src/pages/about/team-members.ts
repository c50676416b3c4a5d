import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api-query.ts';

/** One member of the coordination team, as GET /api/internal-team-members returns it. */
export interface InternalTeamMember {
  avatar_url: string | null;
  name: string;
  department: string | null;
  description: string | null;
}

export const teamMembersQuery = () =>
  apiQuery<{ data: InternalTeamMember[] }>('/api/internal-team-members');

export function useInternalTeamMembers() {
  return useQuery({ ...teamMembersQuery(), select: (response) => response.data });
}
