import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** One member of the coordination team, as GET /api/internal-team-members returns it. */
export interface InternalTeamMember {
  avatar_url: string | null;
  name: string;
  department: string | null;
  description: string | null;
}

export const internalTeamMemberKeys = {
  all: ['internal-team-members'] as const,
};

export function useInternalTeamMembers() {
  return useQuery({
    queryKey: internalTeamMemberKeys.all,
    queryFn: ({ signal }) =>
      api.get<{ data: InternalTeamMember[] }>('/api/internal-team-members', { signal }),
    select: (response) => response.data,
  });
}
