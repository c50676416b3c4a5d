/**
 * Test helper: the geo-search routes on a bare Fastify instance with the app's zod compilers and
 * the app's error answers (422 in the Laravel shape, HttpError), over a given database. It lets
 * the tests run several configurations (no address API, a fake one, an unreachable one) over one
 * seeded database. Not used at run time.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { testConfig } from '../../env.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { errorHandler } from '../../platform/error-handler.ts';
import { geoSearchRoutes, type GeoSearchRoutesOptions } from './geo-search.routes.ts';

const TEST_MEMBER: SessionUser = {
  id: 1,
  email: 'membre@example.org',
  firstname: 'Test',
  lastname: 'Membre',
  role: 'member',
  contactId: null,
};

export async function createGeoSearchApp(
  db: AppDatabase,
  options: {
    env?: Record<string, string>;
  } & Partial<Omit<GeoSearchRoutesOptions, 'db' | 'config'>> = {},
): Promise<FastifyInstance> {
  const { env, ...routeOptions } = options;
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler('test'));
  // A signed-in member, unless the request says it is anonymous (the auth plugin's part).
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-test-anonymous'] === undefined) request.user = TEST_MEMBER;
  });
  await app.register(geoSearchRoutes, {
    config: testConfig({ RATE_LIMIT_ENABLED: 'false', ...env }),
    db,
    ...routeOptions,
  });
  await app.ready();
  return app;
}
