import Fastify, { type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../env.ts';
import {
  anonymousCookieHeader,
  anonymousPageToken,
  cookieOptions,
  expectedCsrfToken,
  XSRF_COOKIE,
} from './csrf.ts';
import { hmac } from './tokens.ts';

const request = (cookies: Record<string, string>) =>
  ({ session: null, cookies }) as unknown as FastifyRequest;

describe('anonymous CSRF token', () => {
  it('writes the nonce cookie exactly as @fastify/cookie does', async () => {
    for (const APP_URL of ['http://localhost:3000', 'https://example.org']) {
      const config = testConfig({ APP_URL });
      const app = Fastify();
      await app.register(cookie);
      app.get('/', (_request, reply) =>
        reply
          .setCookie(XSRF_COOKIE, 'c0ffee0123456789abcdef0123456789', cookieOptions(config))
          .send('ok'),
      );
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(anonymousCookieHeader(config, 'c0ffee0123456789abcdef0123456789')).toBe(
        response.headers['set-cookie'],
      );
      await app.close();
    }
  });

  it('gives a cached page the token a form will be checked against', () => {
    const config = testConfig();
    const fresh = anonymousPageToken(config, undefined);
    const nonce = /^XSRF-TOKEN=([0-9a-f]{32});/.exec(fresh.setCookie ?? '')?.[1];
    expect(nonce).toBeDefined();
    const token = fresh.bytes.toString();
    expect(token).toBe(hmac(config.SESSION_SECRET, `csrf:${nonce}`));
    expect(token).toMatch(/^[\w-]+$/); // HTML-safe as it is

    const back = anonymousPageToken(config, nonce);
    expect(back.setCookie).toBeNull();
    expect(back.bytes.toString()).toBe(token);
    expect(expectedCsrfToken(config, request({ [XSRF_COOKIE]: nonce! }))).toBe(token);

    // Another secret, another token for the same nonce.
    const other = testConfig({ SESSION_SECRET: 'another-secret-another-secret-another' });
    expect(anonymousPageToken(other, nonce).bytes.toString()).toBe(
      hmac(other.SESSION_SECRET, `csrf:${nonce}`),
    );
  });
});
