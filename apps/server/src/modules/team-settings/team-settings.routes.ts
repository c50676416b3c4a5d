import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isSettingsList,
  settingsCreateSchema,
  settingsMoveSchema,
  settingsUpdateSchema,
  TEAM_SETTINGS_API_PATH,
  type SettingsList,
} from '@ad/contract/account/team-settings';
import type { Config } from '../../env.ts';
import { requireUser } from '../../platform/auth/plugin.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { ADMIN_ROLES, restrictTo, TEAM_ROLES } from '../moderation/team-access.ts';
import { createTeamSettingsService, type Actor } from './team-settings.service.ts';

export interface TeamSettingsRoutesOptions {
  config: Config;
  db: AppDatabase;
  clock: Clock;
}

const listParams = z.object({ list: z.string() });
const entryParams = z.object({ list: z.string(), id: z.string() });

/** `:list` of a route; an unknown list is a 404. */
function listOf(params: { list: string }): SettingsList {
  if (!isSettingsList(params.list)) throw notFound();
  return params.list;
}

function entryOf(params: { list: string; id: string }): { list: SettingsList; id: number } {
  const list = listOf(params);
  if (!/^\d{1,9}$/.test(params.id)) throw notFound();
  return { list, id: Number(params.id) };
}

const actorOf = (request: FastifyRequest): Actor => ({
  user: requireUser(request),
  ip: request.ip ?? null,
});

/**
 * The reference lists of the back office (issue 10): moderators and admins read them (the lists
 * are public anyway, and moderators see what their names mean), admins alone change them.
 * Anonymous callers get 401, members 403, moderators 403 on writes; CSRF is checked by the auth
 * plugin and writes count in the write tier.
 */
export const teamSettingsRoutes: FastifyPluginAsync<TeamSettingsRoutesOptions> = async (
  app,
  { config, db, clock },
) => {
  const settings = createTeamSettingsService({
    db,
    clock,
    contentChanged: () => app.publicCache.invalidate(),
  });
  restrictTo(app, TEAM_ROLES);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(`${TEAM_SETTINGS_API_PATH}/:list`, { schema: { params: listParams } }, async (request) =>
      settings.list(listOf(request.params), requireUser(request).role === 'admin'),
    );

  await app.register(async (admin) => {
    restrictTo(admin, ADMIN_ROLES);
    const typed = admin.withTypeProvider<ZodTypeProvider>();
    const write = routeRateLimit(config, 'write');

    typed.post(
      `${TEAM_SETTINGS_API_PATH}/:list`,
      { ...write, schema: { params: listParams, body: settingsCreateSchema } },
      async (request) => settings.create(listOf(request.params), request.body, actorOf(request)),
    );

    typed.put(
      `${TEAM_SETTINGS_API_PATH}/:list/:id`,
      { ...write, schema: { params: entryParams, body: settingsUpdateSchema } },
      async (request) => {
        const { list, id } = entryOf(request.params);
        return settings.update(list, id, request.body, actorOf(request));
      },
    );

    typed.delete(
      `${TEAM_SETTINGS_API_PATH}/:list/:id`,
      { ...write, schema: { params: entryParams } },
      async (request) => {
        const { list, id } = entryOf(request.params);
        return settings.remove(list, id, actorOf(request));
      },
    );

    typed.post(
      `${TEAM_SETTINGS_API_PATH}/:list/:id/move`,
      { ...write, schema: { params: entryParams, body: settingsMoveSchema } },
      async (request) => {
        const { list, id } = entryOf(request.params);
        return settings.move(list, id, request.body, actorOf(request));
      },
    );
  });
};
