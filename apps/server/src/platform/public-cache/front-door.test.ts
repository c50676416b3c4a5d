import { once } from 'node:events';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createLogger } from '../../app.ts';
import { teamMembers } from '../../db/schema/content.ts';
import { createTestDatabase, type TestDatabase } from '../../db/test-db.ts';
import { testConfig } from '../../env.ts';
import { csrfFromHtml, FIXTURE_TEMPLATE, webSourceRenderer } from '../testing.ts';

/** An answer over a real socket (the front door is on the HTTP server, which `inject` skips). */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

interface Running {
  app: FastifyInstance;
  base: string;
  /** The app's log lines. */
  lines: Record<string, unknown>[];
}

/**
 * For the tests of the enclosing `describe`: the app on a new database with one team member,
 * listening on a free port (filled in before the tests, closed after them).
 */
function listeningApp(env: Record<string, string>): Running {
  const running = { lines: [] } as unknown as Running;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(teamMembers).values({ name: 'Claire Dubois', position: 1 });
    const config = testConfig({ LOG_LEVEL: 'info', ...env });
    running.app = await buildApp({
      config,
      database,
      template: FIXTURE_TEMPLATE,
      distDir: '/nonexistent-web-dist',
      renderer: await webSourceRenderer(),
      logger: createLogger(config, {
        write: (line: string) => void running.lines.push(JSON.parse(line)),
      }),
    });
    await running.app.listen({ port: 0, host: '127.0.0.1' });
    const address = running.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    running.base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await running.app.close(); // nothing more when a test closed it already
    await database.close();
  });
  return running;
}

/** Whether the last request reached Fastify (which logs « incoming request ») or the front door. */
const answeredBy = (lines: Record<string, unknown>[]) => {
  const last = lines.filter((line) => line.msg === 'request completed').at(-1);
  return last?.publicCache === true ? 'front door' : 'fastify';
};

/** Headers whose values differ between two answers for reasons other than who wrote them. */
const VARYING = new Set(['set-cookie', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
/** Headers Node's HTTP server adds to every answer, after the others. */
const BY_NODE = new Set(['date', 'connection', 'keep-alive']);

describe('the public cache before Fastify (front door)', () => {
  const running = listeningApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_READ_MAX: '1000' });

  it('answers a cached JSON answer and a cached page with the headers Fastify gives them', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    // Each address once (a parameter no answer reads), so that its first answer is computed.
    for (const [path, headers] of [
      ['/api/internal-team-members?v=1', browser],
      ['/api/internal-team-members?v=2', {}],
      ['/a-propos?v=1', browser],
      ['/a-propos?v=2', { cookie: 'XSRF-TOKEN=0123456789abcdef0123456789abcdef' }],
    ] as const) {
      const computed = await get(running.base, path, headers);
      expect(answeredBy(running.lines), path).toBe('fastify');
      // The cached answer through Fastify's path (its hook), then through the front door.
      const throughFastify = await running.app.inject({ method: 'GET', url: path, headers });
      const cached = await get(running.base, path, headers);
      expect(answeredBy(running.lines), path).toBe('front door');

      expect(cached.status).toBe(200);
      // The same headers, in the same order, with the same values, as Fastify's path gives
      // (but those Node's server adds, which `inject` writes its own way).
      const comparable = (all: Record<string, unknown>) =>
        Object.entries(all).filter(([name]) => !VARYING.has(name) && !BY_NODE.has(name));
      expect(comparable(cached.headers)).toEqual(comparable(throughFastify.headers));
      const names = (all: Record<string, unknown>) =>
        Object.keys(all).filter((name) => !BY_NODE.has(name));
      expect(names(cached.headers)).toEqual(names(throughFastify.headers));
      expect(Number(cached.headers['content-length'])).toBe(cached.body.length);
      expect(cached.headers['x-ratelimit-limit']).toBe('1000');
      expect(cached.headers['content-security-policy']).toMatch(/^default-src 'self'/);
      if (path.startsWith('/api/')) {
        expect(cached.body.equals(computed.body)).toBe(true);
      } else {
        const html = (answer: Answer) => {
          const encoding = answer.headers['content-encoding'];
          if (encoding === 'gzip') return gunzipSync(answer.body).toString();
          if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
          return answer.body.toString();
        };
        expect(html(cached)).toContain('Claire Dubois');
        // A visitor who has a nonce keeps it and gets its token; a new one gets a nonce of its own.
        if ('cookie' in headers) {
          expect(cached.headers['set-cookie']).toBeUndefined();
          expect(csrfFromHtml(html(cached))).toBe(csrfFromHtml(html(computed)));
        } else {
          expect(cached.headers['set-cookie']?.[0]).toMatch(/^XSRF-TOKEN=[0-9a-f]{32};/);
          expect(csrfFromHtml(html(cached))).not.toBe(csrfFromHtml(html(computed)));
        }
      }
    }
  });

  it('answers a HEAD with its headers and no body', async () => {
    await get(running.base, '/api/internal-team-members');
    const head = await get(running.base, '/api/internal-team-members', {}, 'HEAD');
    expect(answeredBy(running.lines)).toBe('front door');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it('leaves to Fastify a visitor with a session, a revalidation and a NUL in the address', async () => {
    const first = await get(running.base, '/api/internal-team-members');

    await get(running.base, '/api/internal-team-members', { cookie: 'ad_session=unknown' });
    expect(answeredBy(running.lines)).toBe('fastify');

    const revalidated = await get(running.base, '/api/internal-team-members', {
      'if-none-match': String(first.headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect(answeredBy(running.lines)).toBe('fastify');

    const nul = await get(running.base, '/api/internal-team-members?x=%00');
    expect(nul.status).toBe(400);
  });
});

describe('the front door and the read rate limit', () => {
  const running = listeningApp({
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_READ_MAX: '3',
    TRUST_PROXY: '127.0.0.1',
  });

  it('counts its answers with Fastify’s, per client, and leaves the 429 to Fastify', async () => {
    const client = { 'x-forwarded-for': '203.0.113.7' };
    const remaining: (string | undefined)[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await get(running.base, '/api/internal-team-members', client);
      expect(answer.status).toBe(200);
      remaining.push(answer.headers['x-ratelimit-remaining'] as string | undefined);
    }
    // The first was computed by Fastify, the next two came from the front door: one count.
    expect(remaining).toEqual(['2', '1', '0']);
    expect(answeredBy(running.lines)).toBe('front door');

    const blocked = await get(running.base, '/api/internal-team-members', client);
    expect(blocked.status).toBe(429);
    expect(JSON.parse(blocked.body.toString()).message).toMatch(/^Trop de requêtes/);
    expect((await get(running.base, '/a-propos', client)).status).toBe(429);

    // Another client behind the same trusted proxy has its own count.
    const other = await get(running.base, '/api/internal-team-members', {
      'x-forwarded-for': '198.51.100.4',
    });
    expect(other.status).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('2');
  });
});

describe('the front door while the app closes', () => {
  const running = listeningApp({ RATE_LIMIT_ENABLED: 'false' });

  it('leaves the requests to Fastify, which answers 503 and closes the connection', async () => {
    const path = '/api/internal-team-members';
    await get(running.base, path);
    const { port } = new URL(running.base);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    const headed = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        if (received.includes('\r\n\r\n')) resolve();
      }),
    );
    try {
      // A request begun before the app closes: its connection is busy, so closing leaves it open.
      // (Written at once on loopback: the server reads it in the loop's next poll phase, before
      // the check phase runs the immediates below.)
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
      for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      const closed = running.app.close();
      while (running.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
      socket.write('\r\n');
      await headed;
      expect(received).toMatch(/^HTTP\/1\.1 503 /);
      expect(received).toMatch(/\r\nconnection: close\r\n/i);
      await closed;
    } finally {
      socket.destroy();
    }
  });
});
