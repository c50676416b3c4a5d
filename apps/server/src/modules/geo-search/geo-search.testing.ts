/**
 * Test helper: the geo-search routes on a bare Fastify instance with the app's zod compilers and
 * the app's error answers (422 in the Laravel shape, HttpError), over a given database. It lets
 * the tests run several configurations (no address API, a fake one, an unreachable one) over one
 * seeded database. Not used at run time.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { VALIDATION_MESSAGE } from '@ad/contract';
import { testConfig } from '../../env.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { HttpError, MESSAGES } from '../../platform/errors.ts';
import { geoSearchRoutes, type GeoSearchRoutesOptions } from './geo-search.routes.ts';

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
  // The answers of buildApp's error handler (app.ts) for what these routes can fail with.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          (error.validationContext ?? 'body');
        (errors[field] ??= []).push(issue.message ?? VALIDATION_MESSAGE);
      }
      const message = Object.values(errors)[0]?.[0] ?? VALIDATION_MESSAGE;
      return reply.code(422).send({ message, errors });
    }
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.toBody());
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: MESSAGES.serverError });
  });
  await app.register(geoSearchRoutes, {
    config: testConfig({ RATE_LIMIT_ENABLED: 'false', ...env }),
    db,
    ...routeOptions,
  });
  await app.ready();
  return app;
}
