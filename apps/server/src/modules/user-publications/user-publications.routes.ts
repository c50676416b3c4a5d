import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../env.ts';
import type { SessionStore } from '../../platform/auth/sessions.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { registerUserEvents } from './user-events.ts';
import { registerUserPosts } from './user-posts.ts';
import { registerUserResources } from './user-resources.ts';

export interface UserRoutesOptions {
  config: Config;
  db: AppDatabase;
  clock: Clock;
  sessions: SessionStore;
}

/** The member's posts, events and resources (spec account-area §2, §7): `/api/user/{type}`. */
export const userPublicationsRoutes: FastifyPluginAsync<UserRoutesOptions> = async (
  app,
  { config, db },
) => {
  registerUserPosts(app, config, db);
  registerUserEvents(app, config, db);
  registerUserResources(app, config, db);
};

export { applyEventRevision } from './user-events.ts';
export { applyPostRevision } from './user-posts.ts';
export { applyResourceRevision } from './user-resources.ts';
