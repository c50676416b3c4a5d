import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communes } from '../../db/schema/geo.ts';
import { seedReferenceData } from '../../db/seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../../db/test-db.ts';
import { createGeoSearchApp } from './geo-search.testing.ts';

const TOO_LONG = 'Le champ recherche ne doit pas dépasser 100 caractères.';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  // The real communes and EPCI of Nouvelle-Aquitaine, as every environment has them.
  await seedReferenceData(database.db);
  app = await createGeoSearchApp(database.db);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const search = (path: string, query?: string, on: FastifyInstance = app) =>
  on.inject({
    method: 'GET',
    url: path,
    query: query === undefined ? {} : { query },
  });

async function searchData<T>(path: string, query?: string, on?: FastifyInstance): Promise<T[]> {
  const response = await search(path, query, on);
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: T[] }).data;
}

type CommuneOption = { id: string; name_formatted: string };
type EpciOption = { id: string; name: string };
type Address = {
  label: string;
  address_line_1: string;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
};

const communeNames = async (query: string) =>
  (await searchData<CommuneOption>('/api/communes', query)).map((c) => c.name_formatted);

describe('GET /api/communes', () => {
  it('answers an empty list to a blank or missing query, without a database query', async () => {
    const { result, queries } = await database.recordQueries(async () => [
      await searchData('/api/communes', ''),
      await searchData('/api/communes', '   '),
      await searchData('/api/communes'),
    ]);
    expect(result).toEqual([[], [], []]);
    expect(queries).toHaveLength(0);
  });

  it('answers ids (INSEE codes) and formatted names, the exact name first', async () => {
    const data = await searchData<CommuneOption>('/api/communes', 'bordeaux');
    expect(data[0]).toEqual({ id: '33063', name_formatted: 'Bordeaux (33)' });
    expect(data.map((c) => c.name_formatted)).toEqual(
      expect.arrayContaining(['Artigues-près-Bordeaux (33)', 'Lignan-de-Bordeaux (33)']),
    );
  });

  it('ranks names starting with the text before names containing it', async () => {
    const names = await communeNames('pessac');
    expect(names.slice(0, 2)).toEqual(['Pessac (33)', 'Pessac-sur-Dordogne (33)']);
    const ars = await communeNames('ars');
    // The two Ars first (the larger one first), then names starting with « ars », then the rest.
    expect(ars.slice(0, 2)).toEqual(['Ars (16)', 'Ars (23)']);
    const startsAt = (name: string) => name.toLowerCase().startsWith('ars');
    const firstOther = ars.findIndex((name) => !startsAt(name));
    expect(firstOther).toBeGreaterThan(2);
    expect(ars.slice(firstOther).some(startsAt)).toBe(false);
  });

  it('orders names that start alike by population, and answers at most 50', async () => {
    const data = await searchData<CommuneOption>('/api/communes', 'saint');
    expect(data).toHaveLength(50);
    expect(data.every((c) => c.name_formatted.startsWith('Saint'))).toBe(true);
    const rows = await database.db
      .select({ inseeCode: communes.inseeCode, population: communes.population })
      .from(communes)
      .where(
        inArray(
          communes.inseeCode,
          data.map((c) => c.id),
        ),
      );
    const population = new Map(rows.map((r) => [r.inseeCode, r.population ?? 0]));
    const populations = data.map((c) => population.get(c.id) ?? 0);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect(await searchData('/api/communes', 'a')).toHaveLength(50);
  });

  it('ignores accents, case, hyphens and ligatures', async () => {
    for (const query of ['Saint-Emilion', 'saint emilion', 'SAINT-ÉMILION', 'saint-émil']) {
      expect((await communeNames(query))[0]).toBe('Saint-Émilion (33)');
    }
    expect(await communeNames('montemboeuf')).toEqual(['Montembœuf (16)']);
    expect(await communeNames("l'isle d'espagnac")).toEqual(["L'Isle-d'Espagnac (16)"]);
  });

  it('finds the communes of a postcode, and of its first digits', async () => {
    expect(await searchData('/api/communes', '33000')).toEqual([
      { id: '33063', name_formatted: 'Bordeaux (33)' },
    ]);
    const sarlat = await communeNames('24200');
    expect(sarlat[0]).toBe('Sarlat-la-Canéda (24)');
    expect(sarlat.length).toBeGreaterThan(1);
    const gironde = await communeNames('3360');
    expect(gironde[0]).toBe('Pessac (33)');
    expect(await searchData('/api/communes', '75001')).toEqual([]);
  });

  it('reads a label of the list, the département narrowing homonyms', async () => {
    const both = await communeNames('Saint-Aubin');
    expect(both.slice(0, 2).sort()).toEqual(['Saint-Aubin (40)', 'Saint-Aubin (47)']);
    expect(await communeNames('Saint-Aubin (47)')).toEqual(['Saint-Aubin (47)']);
  });

  it('answers nothing for a text no commune has', async () => {
    expect(await searchData('/api/communes', 'zzzqqq')).toEqual([]);
    expect(await searchData('/api/communes', '100% _bio_')).toEqual([]);
  });

  it('answers 422 with a French message under query past 100 characters', async () => {
    expect((await search('/api/communes', 'a'.repeat(100))).statusCode).toBe(200);
    const response = await search('/api/communes', 'a'.repeat(101));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: TOO_LONG, errors: { query: [TOO_LONG] } });
    const repeated = await app.inject({ method: 'GET', url: '/api/communes?query=a&query=b' });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().errors).toEqual({
      query: ['Le champ recherche doit être une chaîne de caractères.'],
    });
  });

  it('makes one query, and lets browsers and proxies keep the answer an hour', async () => {
    const { result, queries } = await database.recordQueries(() =>
      search('/api/communes', 'bordeaux'),
    );
    expect(queries).toHaveLength(1);
    expect(result.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('GET /api/communities_of_communes', () => {
  const epciNames = async (query: string) =>
    (await searchData<EpciOption>('/api/communities_of_communes', query)).map((e) => e.name);

  it('answers ids (SIREN codes) and names, names starting with the text first', async () => {
    const data = await searchData<EpciOption>('/api/communities_of_communes', 'bordeaux');
    expect(data).toEqual([{ id: '243300316', name: 'Bordeaux Métropole' }]);
    expect((await epciNames('pau'))[0]).toBe('CA Pau Béarn Pyrénées');
  });

  it('finds a word of the name, accents aside', async () => {
    expect(await epciNames('libournais')).toEqual(['CA du Libournais']);
    expect(await epciNames('BEARN PYRENEES')).toContain('CA Pau Béarn Pyrénées');
  });

  it('finds the EPCI of the communes of a postcode', async () => {
    expect(await epciNames('33000')).toEqual(['Bordeaux Métropole']);
    expect(await epciNames('64000')).toEqual(['CA Pau Béarn Pyrénées']);
  });

  it('answers at most 50, an empty list when blank, 422 when too long', async () => {
    expect(await epciNames('cc')).toHaveLength(50);
    expect(await searchData('/api/communities_of_communes', ' ')).toEqual([]);
    const response = await search('/api/communities_of_communes', 'x'.repeat(101));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ query: [TOO_LONG] });
  });

  it('is cacheable publicly for an hour', async () => {
    const response = await search('/api/communities_of_communes', 'blaye');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.json().data).toEqual([{ id: '200023794', name: 'CC de Blaye' }]);
  });
});

const BORDEAUX = { city: 'Bordeaux', latitude: 44.85762, longitude: -0.57344 };
const PESSAC = { city: 'Pessac', postcode: '33600', latitude: 44.79164, longitude: -0.6764 };

describe('GET /api/addresses without the national address base', () => {
  const addresses = (query?: string, on?: FastifyInstance) =>
    searchData<Address>('/api/addresses', query, on);

  it('places an address on the centroid of the commune of its postcode and name', async () => {
    expect(await addresses('12 rue des Lilas 33000 Bordeaux')).toEqual([
      {
        label: '12 rue des Lilas, 33000 Bordeaux',
        address_line_1: '12 rue des Lilas',
        postcode: '33000',
        ...BORDEAUX,
      },
    ]);
    expect(await addresses('12 rue des Lilas, bordeaux 33100')).toEqual([
      {
        label: '12 rue des Lilas, 33100 Bordeaux',
        address_line_1: '12 rue des Lilas',
        postcode: '33100',
        ...BORDEAUX,
      },
    ]);
  });

  it('finds the commune named at the end of the text, accents and case aside', async () => {
    expect(await addresses('3 place du marché, Pessac')).toEqual([
      { label: '3 place du marché, 33600 Pessac', address_line_1: '3 place du marché', ...PESSAC },
    ]);
    expect(await addresses('8 chemin du Tertre saint emilion')).toMatchObject([
      { address_line_1: '8 chemin du Tertre', city: 'Saint-Émilion', postcode: '33330' },
    ]);
  });

  it('takes the postcode alone, or the commune alone', async () => {
    expect(await addresses('12 rue des Lilas 33000')).toEqual([
      {
        label: '12 rue des Lilas, 33000 Bordeaux',
        address_line_1: '12 rue des Lilas',
        postcode: '33000',
        ...BORDEAUX,
      },
    ]);
    expect(await addresses('Pessac')).toEqual([
      { label: 'Pessac, 33600 Pessac', address_line_1: 'Pessac', ...PESSAC },
    ]);
  });

  it('suggests every commune of that name, and those starting with what is typed', async () => {
    const homonyms = await addresses('1 rue du Moulin, Saint-Aubin');
    expect(homonyms.map((a) => `${a.postcode} ${a.city}`)).toEqual([
      '40250 Saint-Aubin',
      '47150 Saint-Aubin',
    ]);
    const typing = await addresses('5 allée des Pins, Libour');
    expect(typing[0]).toMatchObject({
      address_line_1: '5 allée des Pins',
      city: 'Libourne',
      postcode: '33500',
    });
    expect(typing.length).toBeLessThanOrEqual(10);
  });

  it('answers nothing for a place outside the region, or a blank text', async () => {
    expect(await addresses('10 rue de Rivoli 75001 Paris')).toEqual([]);
    expect(await addresses('   ')).toEqual([]);
    expect(await addresses()).toEqual([]);
  });

  it('answers signed-in members only: it relays what is typed to the national base', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/addresses',
      query: { query: 'Pessac' },
      headers: { 'x-test-anonymous': '1' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('is kept a minute by the browser only, and refuses a too long text', async () => {
    const response = await search('/api/addresses', 'Pessac');
    expect(response.headers['cache-control']).toBe('private, max-age=60');
    const tooLong = await search('/api/addresses', 'x'.repeat(101));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({ query: [TOO_LONG] });
  });
});

/** A fake Base Adresse Nationale answering `answer(request)` on http://127.0.0.1:<port>/search/. */
async function fakeAddressApi(
  answer: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; requests: URL[]; server: Server }> {
  const requests: URL[] = [];
  const server = createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://127.0.0.1'));
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/search/`, requests, server };
}

const BAN_ANSWER = {
  type: 'FeatureCollection',
  version: 'draft',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-0.572867, 44.841225] },
      properties: {
        label: '8 Boulevard du Port 33000 Bordeaux',
        score: 0.49,
        housenumber: '8',
        id: '33063_1234_00008',
        name: '8 Boulevard du Port',
        postcode: '33000',
        citycode: '33063',
        city: 'Bordeaux',
        context: '33, Gironde, Nouvelle-Aquitaine',
        type: 'housenumber',
      },
    },
    // Without a name: skipped.
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2.35, 48.85] },
      properties: { label: 'Quelque part', city: 'Paris' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-0.6764, 44.79164] },
      properties: {
        label: 'Pessac',
        name: 'Pessac',
        postcode: '33600',
        city: 'Pessac',
        type: 'municipality',
      },
    },
  ],
  query: '8 bd du port',
};

describe('GET /api/addresses with the national address base', () => {
  it('asks it and maps its features to the fields of the form', async () => {
    const ban = await fakeAddressApi((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(BAN_ANSWER));
    });
    const withBan = await createGeoSearchApp(database.db, { env: { ADDRESS_API_URL: ban.url } });
    try {
      expect(await searchData<Address>('/api/addresses', ' 8 bd du port ', withBan)).toEqual([
        {
          label: '8 Boulevard du Port 33000 Bordeaux',
          address_line_1: '8 Boulevard du Port',
          city: 'Bordeaux',
          postcode: '33000',
          latitude: 44.841225,
          longitude: -0.572867,
        },
        {
          label: 'Pessac',
          address_line_1: 'Pessac',
          city: 'Pessac',
          postcode: '33600',
          latitude: 44.79164,
          longitude: -0.6764,
        },
      ]);
      expect(ban.requests).toHaveLength(1);
      expect(ban.requests[0]!.pathname).toBe('/search/');
      expect(ban.requests[0]!.searchParams.get('q')).toBe('8 bd du port');
      expect(ban.requests[0]!.searchParams.get('limit')).toBe('10');
      // A blank text asks nothing.
      expect(await searchData('/api/addresses', ' ', withBan)).toEqual([]);
      expect(ban.requests).toHaveLength(1);
    } finally {
      await withBan.close();
      ban.server.close();
    }
  });

  it('falls back to the centroids when it answers an error or another format', async () => {
    let status = 503;
    const ban = await fakeAddressApi((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 200 ? '{"hello":"world"}' : '{"message":"down"}');
    });
    const withBan = await createGeoSearchApp(database.db, { env: { ADDRESS_API_URL: ban.url } });
    try {
      const expected = [
        {
          label: '3 place du marché, 33600 Pessac',
          address_line_1: '3 place du marché',
          ...PESSAC,
        },
      ];
      expect(await searchData('/api/addresses', '3 place du marché, Pessac', withBan)).toEqual(
        expected,
      );
      status = 200;
      expect(await searchData('/api/addresses', '3 place du marché, Pessac', withBan)).toEqual(
        expected,
      );
      expect(ban.requests).toHaveLength(2);
    } finally {
      await withBan.close();
      ban.server.close();
    }
  });

  it('falls back to the centroids when it is too slow', async () => {
    const ban = await fakeAddressApi((_request, response) => {
      const timer = setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(BAN_ANSWER));
      }, 3000);
      response.on('close', () => clearTimeout(timer));
    });
    const withBan = await createGeoSearchApp(database.db, {
      env: { ADDRESS_API_URL: ban.url },
      addressApiTimeoutMs: 200,
    });
    try {
      const started = Date.now();
      const data = await searchData<Address>('/api/addresses', '12 rue des Lilas 33000', withBan);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(data).toMatchObject([{ address_line_1: '12 rue des Lilas', city: 'Bordeaux' }]);
    } finally {
      await withBan.close();
      ban.server.closeAllConnections();
      ban.server.close();
    }
  });

  it('falls back at once when it cannot be reached', async () => {
    const unreachable = await createGeoSearchApp(database.db, {
      env: { ADDRESS_API_URL: 'http://127.0.0.1:9/' },
    });
    try {
      const started = Date.now();
      const response = await search(
        '/api/addresses',
        '12 rue des Lilas 33000 Bordeaux',
        unreachable,
      );
      expect(Date.now() - started).toBeLessThan(2500);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject([
        { label: '12 rue des Lilas, 33000 Bordeaux', city: 'Bordeaux', postcode: '33000' },
      ]);
    } finally {
      await unreachable.close();
    }
  });

  it('uses the injected HTTP client', async () => {
    const asked: string[] = [];
    const injected = await createGeoSearchApp(database.db, {
      env: { ADDRESS_API_URL: 'https://api-adresse.data.gouv.fr/search/' },
      fetchImpl: async (input) => {
        asked.push(String(input));
        return Response.json(BAN_ANSWER);
      },
    });
    try {
      const data = await searchData<Address>('/api/addresses', '8 bd du Port, Bordeaux', injected);
      expect(data.map((a) => a.label)).toEqual(['8 Boulevard du Port 33000 Bordeaux', 'Pessac']);
      expect(asked).toEqual([
        'https://api-adresse.data.gouv.fr/search/?q=8+bd+du+Port%2C+Bordeaux&limit=10',
      ]);
    } finally {
      await injected.close();
    }
  });
});
