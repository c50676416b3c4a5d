import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../env.ts';
import { requireUser } from '../../platform/auth/plugin.ts';
import type { AppDatabase } from '../../platform/database.ts';
import type { FetchLike } from './address-api.ts';
import {
  addressSuggestionsResponseSchema,
  communeOptionsResponseSchema,
  communityOfCommunesOptionsResponseSchema,
  geoSearchQuerySchema,
} from './geo-search.presenter.ts';
import { createGeoSearchService } from './geo-search.service.ts';

export const COMMUNES_PATH = '/api/communes';
export const COMMUNITIES_OF_COMMUNES_PATH = '/api/communities_of_communes';
export const ADDRESSES_PATH = '/api/addresses';

/** Communes and EPCI change once a year at most: browsers and proxies may keep an answer an hour. */
const REFERENCE_CACHE_CONTROL = 'public, max-age=3600';
/** What a member types in the address field stays between them and the server. */
const ADDRESSES_CACHE_CONTROL = 'private, max-age=60';

export interface GeoSearchRoutesOptions {
  config: Config;
  db: AppDatabase;
  /** HTTP client of the national address base (tests); default: global fetch. */
  fetchImpl?: FetchLike;
  /** Time given to the national address base; default ADDRESS_API_TIMEOUT_MS. */
  addressApiTimeoutMs?: number;
}

/**
 * The searches of the initiative and food-procedure forms (spec account-area §7): GET
 * /api/communes, /api/communities_of_communes and /api/addresses, each `?query=<text>`, in the
 * read tier of the rate limit. Communes and EPCI are public reference data; the address search
 * relays what is typed to the national address base, so it answers signed-in members only (the
 * forms that use it are theirs), never as an open relay. Cache-Control is set once the answer is
 * known, so that no cache keeps an error.
 */
export const geoSearchRoutes: FastifyPluginAsync<GeoSearchRoutesOptions> = async (
  app,
  { config, db, fetchImpl, addressApiTimeoutMs },
) => {
  const geoSearch = createGeoSearchService({
    db,
    config,
    fetchImpl,
    addressApiTimeoutMs,
    log: app.log,
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    COMMUNES_PATH,
    {
      schema: {
        querystring: geoSearchQuerySchema,
        response: { 200: communeOptionsResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await geoSearch.communes(request.query.query);
      reply.header('Cache-Control', REFERENCE_CACHE_CONTROL);
      return { data };
    },
  );

  typed.get(
    COMMUNITIES_OF_COMMUNES_PATH,
    {
      schema: {
        querystring: geoSearchQuerySchema,
        response: { 200: communityOfCommunesOptionsResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await geoSearch.communitiesOfCommunes(request.query.query);
      reply.header('Cache-Control', REFERENCE_CACHE_CONTROL);
      return { data };
    },
  );

  typed.get(
    ADDRESSES_PATH,
    {
      schema: {
        querystring: geoSearchQuerySchema,
        response: { 200: addressSuggestionsResponseSchema },
      },
    },
    async (request, reply) => {
      requireUser(request);
      const data = await geoSearch.addresses(request.query.query);
      reply.header('Cache-Control', ADDRESSES_CACHE_CONTROL);
      return { data };
    },
  );
};
