import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  FIELD_INVALID_MESSAGE,
  FOOD_PROCEDURES_API_PATH,
  INITIATIVES_API_PATH,
  MAP_FILTERS_API_PATH,
  MAP_RESOURCE_TYPES,
} from '@ad/contract';
import type { AppDatabase } from '../../platform/database.ts';
import { codeListParam, idListParam, pageParam } from '../../platform/list-input.ts';
import { publicGet, type PublicGetDeps } from '../../platform/public-reads.ts';
import {
  mapFiltersSchema,
  mapItemDetailResponseSchema,
  mapListPageSchema,
} from './maps.presenter.ts';
import { MapIndex } from './map-index.ts';
import { readMapFilters, readMapItemDetail, readMapList } from './maps.service.ts';

const invalid = { error: FIELD_INVALID_MESSAGE };

const MAX_ID = 2_147_483_647;

/**
 * '', null and absent are the same as no value (the server renderer passes the page's parameters
 * as values, null for none; the query string leaves them out).
 */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** `schema` with null and '' taken as absent. */
const orAbsent = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema);

/** A bound: a number, as text in the query string ('' is not 0). */
const coordinate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number(invalid),
);

/**
 * `latitude` (south, north) and `longitude` (west, east): two numbers, as `x[]=a&x[]=b` or
 * `x=a&x=b`; absent: no limit.
 */
const boundsPair = z.preprocess(
  (value) =>
    value === undefined || value === null || value === ''
      ? null
      : Array.isArray(value)
        ? value
        : [value],
  z
    .array(coordinate, invalid)
    .length(2, invalid)
    .transform((pair) => [pair[0], pair[1]] as [number, number])
    .nullable(),
);

/** An integer id written in decimal digits (path parameter or query string). */
const idParam = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z
    .string(invalid)
    .regex(/^\d{1,10}$/, invalid)
    .transform(Number)
    .pipe(z.number().int(invalid).min(1, invalid).max(MAX_ID, invalid)),
);

const optionalId = orAbsent(idParam.optional()).transform((v) => v ?? null);

/** The query of both lists (spec public-site §7). */
export const mapListInputSchema = z.object({
  page: pageParam,
  latitude: boundsPair,
  longitude: boundsPair,
  resourceType: orAbsent(z.enum(MAP_RESOURCE_TYPES, invalid).optional()),
  q: orAbsent(z.string(invalid).trim().max(200, invalid).default('')),
  thematics: orAbsent(idListParam),
  subthematics: orAbsent(idListParam),
  projectHolders: orAbsent(idListParam),
  beneficiaries: orAbsent(idListParam),
  locations: orAbsent(codeListParam),
  foodProcedureId: optionalId,
  contactId: optionalId,
});

/**
 * The pages of a map list are revalidated at every use (their ETag makes that a 304): the page
 * merges them into one result, and its first page often comes fresh with the page's HTML, so a
 * further page kept from before a change would be cut from another list (an item lost between
 * two pages, a total that jumps).
 */
const MAP_LIST_MAX_AGE_SECONDS = 0;

/** The initiatives map (spec public-site §2 'Initiatives page', §3, §7): lists, details, filters. */
export const mapsRoutes: FastifyPluginAsync<PublicGetDeps & { db: AppDatabase }> = async (
  app,
  { db, ...deps },
) => {
  const index = new MapIndex(deps.cache);

  publicGet(app, deps, {
    path: MAP_FILTERS_API_PATH,
    response: mapFiltersSchema,
    read: () => readMapFilters(db),
  });

  publicGet(app, deps, {
    path: INITIATIVES_API_PATH,
    input: mapListInputSchema,
    response: mapListPageSchema,
    read: (input) => readMapList(db, 'initiatives', input, { index }),
    maxAgeSeconds: MAP_LIST_MAX_AGE_SECONDS,
  });

  publicGet(app, deps, {
    path: FOOD_PROCEDURES_API_PATH,
    input: mapListInputSchema,
    response: mapListPageSchema,
    read: (input) => readMapList(db, 'foodProcedures', input, { index }),
    maxAgeSeconds: MAP_LIST_MAX_AGE_SECONDS,
  });

  publicGet(app, deps, {
    path: `${INITIATIVES_API_PATH}/:id`,
    input: z.object({ id: idParam }),
    response: mapItemDetailResponseSchema,
    read: ({ id }) => readMapItemDetail(db, 'initiative', id),
  });

  publicGet(app, deps, {
    path: `${FOOD_PROCEDURES_API_PATH}/:id`,
    input: z.object({ id: idParam }),
    response: mapItemDetailResponseSchema,
    read: ({ id }) => readMapItemDetail(db, 'demarche', id),
  });
};
