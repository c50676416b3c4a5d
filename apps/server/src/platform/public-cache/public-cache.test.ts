import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { teamMembers } from '../../db/schema/content.ts';
import { createTestDatabase, type TestDatabase } from '../../db/test-db.ts';
import { testConfig } from '../../env.ts';
import type { DatabaseHandle } from '../database.ts';
import { csrfFromHtml, FIXTURE_TEMPLATE, webSourceRenderer } from '../testing.ts';
import {
  PublicResponseCache,
  jsonEntry,
  type CachedJson,
  type CachedPage,
} from './response-cache.ts';

async function appOn(
  database: DatabaseHandle,
  env: Record<string, string> = { RATE_LIMIT_ENABLED: 'false' },
): Promise<FastifyInstance> {
  return buildApp({
    config: testConfig(env),
    database,
    template: FIXTURE_TEMPLATE,
    distDir: '/nonexistent-web-dist',
    renderer: await webSourceRenderer(),
  });
}

const names = async (app: FastifyInstance): Promise<string[]> =>
  (await app.inject({ method: 'GET', url: '/api/internal-team-members' }))
    .json()
    .data.map((member: { name: string }) => member.name);

const aboutHtml = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/a-propos' })).body;

describe('PublicResponseCache', () => {
  it('refuses an answer computed before the last change', () => {
    const cache = new PublicResponseCache();
    const before = cache.generation;
    cache.invalidate();
    expect(cache.set('/a', jsonEntry('{}'), before)).toBe(false);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.set('/a', jsonEntry('{}'), cache.generation)).toBe(true);
    expect(cache.get('/a')).toBeDefined();
  });

  it('keeps nothing while paused (other instances unheard), and forgets on both ends', () => {
    const cache = new PublicResponseCache();
    cache.set('/a', jsonEntry('{}'), cache.generation);
    cache.pause();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.set('/a', jsonEntry('{}'), cache.generation)).toBe(false);
    cache.resume();
    expect(cache.set('/a', jsonEntry('{}'), cache.generation)).toBe(true);
  });
});

describe('the read rate limit and the public response cache', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await appOn(database, { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_READ_MAX: '4' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('counts the answers served from the cache, pages and JSON', async () => {
    const statuses: number[] = [];
    for (const url of ['/a-propos', '/a-propos', '/api/internal-team-members', '/a-propos']) {
      const response = await app.inject({ method: 'GET', url });
      statuses.push(response.statusCode);
      expect(response.headers['x-ratelimit-limit']).toBe('4');
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    for (const url of ['/a-propos', '/api/internal-team-members']) {
      const blocked = await app.inject({ method: 'GET', url });
      expect(blocked.statusCode, url).toBe(429);
      expect(blocked.json().message).toMatch(/^Trop de requêtes/);
    }
  });
});

/** An app on a new database with one team member, whose every use fails while `blocked`. */
async function appWithBlockableDatabase(env?: Record<string, string>) {
  const database = await createTestDatabase();
  await database.db.insert(teamMembers).values({ name: 'Claire Dubois', position: 1 });
  const blocking = { blocked: false };
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (blocking.blocked) throw new Error(`database used for ${String(property)}`);
      return Reflect.get(target, property, receiver);
    },
  });
  const app = await appOn({ ...database, db }, env);
  const close = async () => {
    blocking.blocked = false;
    await app.close();
    await database.close();
  };
  return { database, app, blocking, close };
}

describe('public response cache', () => {
  let app: FastifyInstance;
  let blocking: { blocked: boolean };
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, blocking, close } = await appWithBlockableDatabase());
  });
  afterAll(async () => close());

  it('answers a cached anonymous request without touching the database', async () => {
    const first = await app.inject({ method: 'GET', url: '/a-propos' });
    await app.inject({ method: 'GET', url: '/api/internal-team-members' });
    blocking.blocked = true;
    try {
      const page = await app.inject({ method: 'GET', url: '/a-propos' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Claire Dubois');
      // The same page, but each visitor gets a CSRF token of their own.
      expect(csrfFromHtml(page.body)).not.toBe(csrfFromHtml(first.body));
      expect(page.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeDefined();
      const api = await app.inject({ method: 'GET', url: '/api/internal-team-members' });
      expect(api.statusCode).toBe(200);
      expect(api.headers['cache-control']).toBe('public, max-age=60');
      expect(api.json().data[0].name).toBe('Claire Dubois');
      // A HEAD (a monitor, a link checker) too, with the GET's headers and no body.
      for (const url of ['/a-propos', '/api/internal-team-members']) {
        const head = await app.inject({ method: 'HEAD', url });
        expect(head.statusCode, url).toBe(200);
        expect(Number(head.headers['content-length']), url).toBeGreaterThan(0);
        expect(head.body, url).toBe('');
      }
    } finally {
      blocking.blocked = false;
    }
  });

  it('serves a shared link with tracking parameters from the cache, rendered without them', async () => {
    const rendered = await app.inject({
      method: 'GET',
      url: '/a-propos?utm_source=lettre&fbclid=IwAR0x',
    });
    expect(rendered.statusCode).toBe(200);
    // Nothing in the page carries them (the footer's share links among its links).
    expect(rendered.body).not.toMatch(/utm_source|fbclid/);
    await app.inject({ method: 'GET', url: '/api/internal-team-members' });
    blocking.blocked = true;
    try {
      for (const url of ['/a-propos?fbclid=IwAR1y', '/a-propos?utm_medium=social&gclid=abc']) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toContain('Claire Dubois');
        expect(page.body, url).not.toMatch(/utm_medium|fbclid|gclid/);
      }
      const api = await app.inject({ method: 'GET', url: '/api/internal-team-members?fbclid=z' });
      expect(api.statusCode).toBe(200);
      expect(api.json().data[0].name).toBe('Claire Dubois');
    } finally {
      blocking.blocked = false;
    }
  });

  it('keeps no personal link: its address carries a token', async () => {
    await app.inject({ method: 'GET', url: '/a-propos' });
    expect(app.publicCache.peek('/a-propos')).toBeDefined();
    const url = '/mot-de-passe-oublie/nouveau?token=secret-token';
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(app.publicCache.peek(url)).toBeUndefined();
  });

  it('fills in the token of a returning visitor and sets no cookie', async () => {
    const first = await app.inject({ method: 'GET', url: '/a-propos' });
    const nonce = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const again = await app.inject({
      method: 'GET',
      url: '/a-propos',
      cookies: { 'XSRF-TOKEN': nonce },
    });
    expect(csrfFromHtml(again.body)).toBe(csrfFromHtml(first.body));
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('writes a cached page with the headers of a Fastify answer', async () => {
    const rendered = await app.inject({ method: 'GET', url: '/a-propos' });
    const security = Object.keys(rendered.headers).filter(
      (name) =>
        name.startsWith('x-') ||
        ['content-security-policy', 'referrer-policy', 'cross-origin-opener-policy'].includes(name),
    );
    expect(security.length).toBeGreaterThan(5);

    // A new visitor, no compression: a new nonce cookie, exactly as @fastify/cookie writes it.
    const plain = await app.inject({ method: 'GET', url: '/a-propos' });
    expect(plain.statusCode).toBe(200);
    for (const name of security) expect(plain.headers[name]).toBe(rendered.headers[name]);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['set-cookie']).toMatch(
      /^XSRF-TOKEN=[0-9a-f]{32}; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    const nonce = plain.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;

    // The same visitor back, with gzip: the same page and token, no cookie.
    const gzip = await app.inject({
      method: 'GET',
      url: '/a-propos',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      cookies: { 'XSRF-TOKEN': nonce },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('accept-encoding');
    expect(gzip.headers['set-cookie']).toBeUndefined();
    for (const name of security) expect(gzip.headers[name]).toBe(rendered.headers[name]);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    // Another encoding only: compressed by @fastify/compress, as before.
    const br = await app.inject({
      method: 'GET',
      url: '/a-propos',
      headers: { 'accept-encoding': 'br' },
      cookies: { 'XSRF-TOKEN': nonce },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('says that a public answer varies with Accept-Encoding, computed or cached', async () => {
    for (const when of ['computed', 'cached']) {
      const plain = await app.inject({ method: 'GET', url: '/api/internal-team-members?vary=1' });
      expect(plain.headers['content-encoding'], when).toBeUndefined();
      expect(plain.headers.vary, when).toBe('accept-encoding');
    }
    const robots = await app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(robots.headers.vary).toBe('accept-encoding');
  });

  it('compresses a computed JSON answer once: sent whole, then served again from the cache', async () => {
    const request = {
      method: 'GET',
      url: '/api/internal-team-members?once=1',
      headers: { 'accept-encoding': 'gzip' },
    } as const;
    const computed = await app.inject(request);
    expect(computed.headers['content-encoding']).toBe('gzip');
    expect(computed.headers['transfer-encoding']).toBeUndefined();
    expect(computed.headers['content-length']).toBe(String(computed.rawPayload.length));
    expect(JSON.parse(gunzipSync(computed.rawPayload).toString()).data).toEqual([
      expect.objectContaining({ name: 'Claire Dubois' }),
    ]);
    blocking.blocked = true;
    try {
      const cached = await app.inject(request);
      expect(cached.headers.etag).toBe(computed.headers.etag);
      expect(cached.rawPayload.equals(computed.rawPayload)).toBe(true);
      // Written straight from the cache: every header of the computed answer, the same.
      expect({ ...cached.headers, date: 'any' }).toEqual({ ...computed.headers, date: 'any' });
    } finally {
      blocking.blocked = false;
    }
  });

  it('serves cached JSON compressed once, with its ETag and 304', async () => {
    await names(app);
    const br = await app.inject({
      method: 'GET',
      url: '/api/internal-team-members',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    const etag = String(br.headers.etag);
    const notModified = await app.inject({
      method: 'GET',
      url: '/api/internal-team-members',
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });
});

describe('two instances on one database', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    // PostgreSQL: a second pool and LISTEN connection, as another server would have. PGlite is
    // embedded in one process: both instances share it, and its notifications.
    if (database.databaseName) {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${database.databaseName}`;
      second = await openDatabase({ databaseUrl: url.toString(), dataDir: '/tmp', poolMax: 2 });
    } else {
      second = { ...database, close: async () => {} };
    }
    await database.db.insert(teamMembers).values({ name: 'Claire Dubois', position: 1 });
    a = await appOn(database);
    b = await appOn(second);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await second.close();
    await database.close();
  });

  it('see each other’s changes within a second, whoever makes them', async () => {
    // Both instances cache the page and the JSON.
    for (const app of [a, b]) {
      expect(await names(app)).toEqual(['Claire Dubois']);
      expect(await aboutHtml(app)).not.toContain('Inès Laborde');
    }
    // A change written straight to the database by the first instance's connection (no service,
    // no explicit invalidation): the trigger's NOTIFY reaches both instances.
    await database.db.insert(teamMembers).values({ name: 'Inès Laborde', position: 2 });
    for (const app of [a, b]) {
      await expect
        .poll(() => names(app), { timeout: 1000, interval: 25 })
        .toEqual(['Claire Dubois', 'Inès Laborde']);
      await expect
        .poll(() => aboutHtml(app), { timeout: 1000, interval: 25 })
        .toContain('Inès Laborde');
    }
    // And the other way round, through the second instance's connection.
    await second.db
      .update(teamMembers)
      .set({ name: 'Claire Dupuy' })
      .where(eq(teamMembers.position, 1));
    for (const app of [a, b]) {
      await expect
        .poll(() => names(app), { timeout: 1000, interval: 25 })
        .toEqual(['Claire Dupuy', 'Inès Laborde']);
    }
  });

  it('keeps its cache when a change is rolled back', async () => {
    await names(a);
    const generation = a.publicCache.generation;
    await database.db
      .transaction(async (tx) => {
        await tx.insert(teamMembers).values({ name: 'Brouillon', position: 9 });
        tx.rollback();
      })
      .catch(() => undefined);
    await database.db.execute(sql`SELECT 1`);
    expect(a.publicCache.generation).toBe(generation);
  });

  it('caches nothing while its notifications connection is lost, then again (PostgreSQL)', async () => {
    if (!database.databaseName) return; // PGlite's notifications never go through a connection
    const listeners = () =>
      database.db.execute(sql`SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN %'`) as unknown as Promise<{
        rows: { pid: number }[];
      }>;
    expect((await listeners()).rows.length).toBeGreaterThanOrEqual(2);
    await names(a);
    expect(a.publicCache.size).toBeGreaterThan(0);
    await database.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN %'`);
    await expect.poll(() => a.publicCache.size).toBe(0);
    // Lost: a read is answered, not kept.
    await names(a);
    expect(a.publicCache.size).toBe(0);
    // Listening again (a second later): kept again.
    await expect
      .poll(
        async () => {
          await names(a);
          return a.publicCache.size;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
  });
});

describe('the public cache filled again after a change', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let blocking: { blocked: boolean };
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, app, blocking, close } = await appWithBlockableDatabase({
      RATE_LIMIT_ENABLED: 'false',
      PUBLIC_CACHE_WARM_ENTRIES: '50',
    }));
  });
  afterAll(async () => close());

  it('computes again what it held, so that the next visitor gets the new content from it', async () => {
    const cache = app.publicCache;
    expect(await names(app)).toEqual(['Claire Dubois']);
    expect(await aboutHtml(app)).toContain('Claire Dubois');
    const readAt = cache.peek('/a-propos')!.readAt;
    // A change written to the database: its trigger's NOTIFY empties the cache.
    await database.db.insert(teamMembers).values({ name: 'Inès Laborde', position: 2 });
    await expect.poll(() => cache.peek('/a-propos'), { timeout: 1000 }).toBeUndefined();
    // About a second later, both answers are back, computed from the new content, and already
    // compressed as a browser asks for them.
    await expect
      .poll(() => Boolean(cache.peek('/a-propos') && cache.peek('/api/internal-team-members')), {
        timeout: 5000,
        interval: 50,
      })
      .toBe(true);
    await app.cacheWarmer.idle();
    const page = cache.peek('/a-propos') as CachedPage;
    const json = cache.peek('/api/internal-team-members') as CachedJson;
    expect(page.gzip).toBeDefined();
    expect(json.encoded.has('br')).toBe(true);
    // Computing it again was no reading: it keeps the visitor's time.
    expect(page.readAt).toBe(readAt);
    blocking.blocked = true;
    try {
      expect(await names(app)).toEqual(['Claire Dubois', 'Inès Laborde']);
      expect(await aboutHtml(app)).toContain('Inès Laborde');
    } finally {
      blocking.blocked = false;
    }
  });
});
