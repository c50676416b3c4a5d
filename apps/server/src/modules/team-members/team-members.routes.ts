import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDatabase } from '../../platform/database.ts';
import { publicGet, type PublicGetDeps } from '../../platform/public-reads.ts';
import { presentTeamMember, teamMemberSchema } from './team-members.presenter.ts';
import { listTeamMembers } from './team-members.queries.ts';

export const teamMembersRoutes: FastifyPluginAsync<PublicGetDeps & { db: AppDatabase }> = async (
  app,
  { db, ...deps },
) => {
  publicGet(app, deps, {
    path: '/api/internal-team-members',
    response: z.object({ data: z.array(teamMemberSchema) }),
    read: async () => ({ data: (await listTeamMembers(db)).map(presentTeamMember) }),
  });
};
