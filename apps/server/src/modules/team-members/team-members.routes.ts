import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../platform/database.ts';
import { publicCache } from '../../platform/http-cache.ts';
import { presentTeamMember, teamMemberSchema } from './team-members.presenter.ts';
import { listTeamMembers } from './team-members.queries.ts';

export const teamMembersRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/internal-team-members',
    {
      schema: { response: { 200: z.object({ data: z.array(teamMemberSchema) }) } },
      preHandler: publicCache(60),
    },
    async () => ({ data: (await listTeamMembers(db)).map(presentTeamMember) }),
  );
};
