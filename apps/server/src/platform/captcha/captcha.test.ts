import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_PROOF_COOKIE, HONEYPOT_FIELD } from '@ad/contract';
import { captchaSolutions } from '../../db/schema/platform.ts';
import { createTestDatabase, type TestDatabase } from '../../db/test-db.ts';
import { testConfig } from '../../env.ts';
import { HttpError, MESSAGES, ValidationError } from '../errors.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { honeypotFilled } from './honeypot.ts';
import { registerCaptcha } from './plugin.ts';

const REQUIRED = { recaptcha_response: [MESSAGES.captchaRequired] };
const INVALID = { recaptcha_response: [MESSAGES.captchaInvalid] };
/** An easy proof of work for the guard tests; the challenge route test solves the real one. */
const EASY = { cost: 10, counterMin: 1, counterMax: 40 };

async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  const { parameters, signature } = challenge;
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString(
    'base64',
  );
}

function proofCookie(response: LightMyRequestResponse) {
  return (
    response.cookies as {
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      httpOnly?: boolean;
      sameSite?: string;
    }[]
  ).find((c) => c.name === CAPTCHA_PROOF_COOKIE);
}

interface FormApp {
  app: FastifyInstance;
  /** Names the form "sent" (not the honeypot ones). */
  sent: string[];
  setNow(date: Date): void;
}

/**
 * A tiny app with the captcha guard on a form route, as the real form routes use it: the guard
 * first, then the body's own validation (a missing `name` fails after the captcha passed).
 */
async function formApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  difficulty = EASY,
): Promise<FormApp> {
  let now: Date | null = null;
  const sent: string[] = [];
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) =>
    error instanceof HttpError
      ? reply.code(error.statusCode).send(error.toBody())
      : reply.code(500).send({ message: MESSAGES.serverError }),
  );
  await app.register(cookie);
  await registerCaptcha(app, {
    config: testConfig(env),
    db: database.db,
    clock: () => now ?? new Date(),
    altchaDifficulty: difficulty,
  });
  app.post('/api/form', { preValidation: app.captcha.guard }, async (request) => {
    const body = request.body as { name?: string };
    if (!body.name) throw new ValidationError({ name: ['Le champ nom est obligatoire.'] });
    if (honeypotFilled(body)) return { message: 'Votre message a bien été envoyé.' };
    if (body.name === 'panne') throw new Error('boom');
    sent.push(body.name);
    return { message: 'Votre message a bien été envoyé.' };
  });
  await app.ready();
  return { app, sent, setNow: (date) => void (now = date) };
}

describe('captcha guard (ALTCHA)', () => {
  let database: TestDatabase;
  let form: FormApp;
  const visitor = { 'XSRF-TOKEN': 'nonce-of-the-visitor' };

  async function challenge(): Promise<Challenge> {
    const response = await form.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  const post = (payload: Record<string, unknown>, cookies: Record<string, string> = visitor) =>
    form.app.inject({ method: 'POST', url: '/api/form', cookies, payload });

  beforeAll(async () => {
    database = await createTestDatabase();
    form = await formApp(database);
  });
  afterAll(async () => {
    await form.app.close();
    await database.close();
  });
  beforeEach(() => form.setNow(new Date()));

  it('accepts a solved challenge once and refuses it when replayed', async () => {
    const payload = await solve(await challenge());
    const first = await post({ name: 'Camille', recaptcha_response: payload });
    expect(first.statusCode).toBe(200);
    expect(form.sent).toContain('Camille');
    expect(proofCookie(first)).toBeUndefined();

    const replay = await post({ name: 'Robot', recaptcha_response: payload });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toEqual({ message: MESSAGES.captchaInvalid, errors: INVALID });
    expect(form.sent).not.toContain('Robot');
  });

  it('answers 422 on recaptcha_response when the captcha is missing', async () => {
    for (const payload of [
      { name: 'Camille' },
      { name: 'Camille', recaptcha_response: '' },
      { name: 'Camille', recaptcha_response: null, recaptcha_verified: false },
      { name: 'Camille', recaptcha_verified: 'oui' },
    ]) {
      const response = await post(payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: MESSAGES.captchaRequired, errors: REQUIRED });
    }
  });

  it('refuses malformed, tampered, unsolved and expired answers', async () => {
    const fresh = await challenge();
    const solved = JSON.parse(Buffer.from(await solve(fresh), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const tampered = structuredClone(solved);
    tampered.challenge.parameters.cost = 1;
    const wrongKey = structuredClone(solved);
    wrongKey.solution.derivedKey = '00'.repeat(32);

    form.setNow(new Date(Date.now() - 11 * 60_000));
    const old = await solve(await challenge());
    form.setNow(new Date());

    for (const answer of [
      'pas du base64 !',
      encode({ hello: 'world' }),
      encode(tampered),
      encode(wrongKey),
      old,
      42,
    ]) {
      const response = await post({ name: 'Camille', recaptcha_response: answer });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual(INVALID);
    }
    // Checked against the app clock too: expired once the clock passes its expiry.
    const later = await solve(await challenge());
    form.setNow(new Date(Date.now() + 11 * 60_000));
    const response = await post({ name: 'Camille', recaptcha_response: later });
    expect(response.json().errors).toEqual(INVALID);
  });

  it('remembers a solved captcha after a failed response, for recaptcha_verified', async () => {
    const payload = await solve(await challenge());
    const failed = await post({ recaptcha_response: payload });
    expect(failed.statusCode).toBe(422);
    expect(failed.json().errors).toEqual({ name: ['Le champ nom est obligatoire.'] });
    const proof = proofCookie(failed);
    expect(proof).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 1800 });

    const cookies = { ...visitor, [CAPTCHA_PROOF_COOKIE]: proof!.value };
    // Failing again hands out a fresh proof with the same expiry, never a longer one.
    form.setNow(new Date(Date.now() + 60_000));
    const again = await post({ recaptcha_verified: true }, cookies);
    expect(again.json().errors).toEqual({ name: ['Le champ nom est obligatoire.'] });
    const second = proofCookie(again)!;
    expect(second.value).not.toBe(proof!.value);
    expect(second.maxAge).toBeLessThanOrEqual(1740);

    const sent = await post(
      { name: 'Dominique', recaptcha_verified: '1' },
      { ...visitor, [CAPTCHA_PROOF_COOKIE]: second.value },
    );
    expect(sent.statusCode).toBe(200);
    expect(form.sent).toContain('Dominique');
    expect(proofCookie(sent)).toMatchObject({ value: '', maxAge: 0 });

    // Each proof is usable once.
    for (const value of [proof!.value, second.value]) {
      const replay = await post(
        { name: 'Robot', recaptcha_verified: true },
        { ...visitor, [CAPTCHA_PROOF_COOKIE]: value },
      );
      expect(replay.statusCode).toBe(422);
      expect(replay.json().errors).toEqual(INVALID);
    }
    expect(form.sent).not.toContain('Robot');
  });

  it('hands out a proof when the route fails for another reason (server error)', async () => {
    const failed = await post({
      name: 'panne',
      recaptcha_response: await solve(await challenge()),
    });
    expect(failed.statusCode).toBe(500);
    expect(proofCookie(failed)?.value).toBeTruthy();
  });

  it('refuses recaptcha_verified without a valid proof of this visitor', async () => {
    const without = await post({ name: 'Camille', recaptcha_verified: true });
    expect(without.json()).toEqual({ message: MESSAGES.captchaRequired, errors: REQUIRED });

    const failed = await post({ recaptcha_response: await solve(await challenge()) });
    const value = proofCookie(failed)!.value;
    const attempts: Record<string, string>[] = [
      // another browser
      { 'XSRF-TOKEN': 'someone-else', [CAPTCHA_PROOF_COOKIE]: value },
      // no CSRF nonce at all
      { [CAPTCHA_PROOF_COOKIE]: value },
      // changed expiry
      {
        ...visitor,
        [CAPTCHA_PROOF_COOKIE]: value.replace(/\.(\d+)\./, (_, e) => `.${+e + 3600}.`),
      },
      { ...visitor, [CAPTCHA_PROOF_COOKIE]: 'n-importe-quoi' },
    ];
    for (const cookies of attempts) {
      const response = await post({ name: 'Camille', recaptcha_verified: true }, cookies);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual(INVALID);
      expect(proofCookie(response)).toMatchObject({ value: '', maxAge: 0 });
    }

    // After 30 minutes the proof has expired.
    form.setNow(new Date(Date.now() + 31 * 60_000));
    const expired = await post(
      { name: 'Camille', recaptcha_verified: true },
      { ...visitor, [CAPTCHA_PROOF_COOKIE]: value },
    );
    expect(expired.json().errors).toEqual(INVALID);
  });

  it('purges expired answers from captcha_solutions', async () => {
    const fresh = await formApp(database);
    try {
      await database.db
        .insert(captchaSolutions)
        .values({ id: 'expired-one', expiresAt: new Date(Date.now() - 60_000) });
      const challengeResponse = await fresh.app.inject({
        method: 'GET',
        url: '/api/captcha/challenge',
      });
      const payload = await solve(challengeResponse.json());
      const response = await fresh.app.inject({
        method: 'POST',
        url: '/api/form',
        cookies: visitor,
        payload: { name: 'Camille', recaptcha_response: payload },
      });
      expect(response.statusCode).toBe(200);
      const ids = (await database.db.select().from(captchaSolutions)).map((row) => row.id);
      expect(ids).not.toContain('expired-one');
    } finally {
      await fresh.app.close();
    }
  });
});

describe('honeypot', () => {
  it('is filled by any non-blank value', () => {
    expect(HONEYPOT_FIELD).toBe('email_address_check');
    expect(honeypotFilled({ email_address_check: 'robot@exemple.fr' })).toBe(true);
    expect(honeypotFilled({ email_address_check: ['x'] })).toBe(true);
    expect(honeypotFilled({ email_address_check: '' })).toBe(false);
    expect(honeypotFilled({ email_address_check: '  ' })).toBe(false);
    expect(honeypotFilled({ email_address_check: null })).toBe(false);
    expect(honeypotFilled({ name: 'Camille' })).toBe(false);
    expect(honeypotFilled(null)).toBe(false);
  });
});

describe('captcha guard (reCAPTCHA v2)', () => {
  let database: TestDatabase;
  let form: FormApp;
  let siteverify: Server;
  let calls: URLSearchParams[] = [];
  let down = false;
  const visitor = { 'XSRF-TOKEN': 'nonce-of-the-visitor' };

  beforeAll(async () => {
    // A local stand-in for https://www.google.com/recaptcha/api/siteverify.
    siteverify = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const params = new URLSearchParams(body);
        calls.push(params);
        if (down) return void response.writeHead(503).end();
        const success =
          request.method === 'POST' &&
          params.get('secret') === 'secret-key' &&
          params.get('response')?.startsWith('good-token');
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            success
              ? { success: true }
              : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const { port } = siteverify.address() as AddressInfo;
    database = await createTestDatabase();
    form = await formApp(database, {
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: 'secret-key',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    });
  });
  afterAll(async () => {
    await form.app.close();
    await database.close();
    await new Promise((resolve) => siteverify.close(resolve));
  });
  beforeEach(() => {
    calls = [];
    down = false;
  });

  const post = (payload: Record<string, unknown>, cookies: Record<string, string> = visitor) =>
    form.app.inject({ method: 'POST', url: '/api/form', cookies, payload });

  it('checks the token with siteverify, once', async () => {
    const ok = await post({ name: 'Camille', recaptcha_response: 'good-token-1' });
    expect(ok.statusCode).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.get('secret')).toBe('secret-key');
    expect(calls[0]?.get('response')).toBe('good-token-1');
    expect(calls[0]?.get('remoteip')).toBe('127.0.0.1');

    const replay = await post({ name: 'Camille', recaptcha_response: 'good-token-1' });
    expect(replay.json().errors).toEqual(INVALID);
  });

  it('refuses a token Google rejects, or when siteverify is unavailable', async () => {
    const bad = await post({ name: 'Camille', recaptcha_response: 'bad-token' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(INVALID);
    down = true;
    const unavailable = await post({ name: 'Camille', recaptcha_response: 'good-token-2' });
    expect(unavailable.json().errors).toEqual(INVALID);
  });

  it('asks for the captcha without calling Google when there is no token', async () => {
    const response = await post({ name: 'Camille' });
    expect(response.json().errors).toEqual(REQUIRED);
    expect(calls).toHaveLength(0);
  });

  it('follows the recaptcha_verified rule too', async () => {
    const failed = await post({ recaptcha_response: 'good-token-3' });
    expect(failed.json().errors).toEqual({ name: ['Le champ nom est obligatoire.'] });
    const response = await post(
      { name: 'Alex', recaptcha_verified: true },
      { ...visitor, [CAPTCHA_PROOF_COOKIE]: proofCookie(failed)!.value },
    );
    expect(response.statusCode).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('has no ALTCHA challenge route', async () => {
    const response = await form.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/captcha/challenge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a signed challenge that is never cached, and a new one each time', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBeUndefined();
    const challenge = response.json() as Challenge;
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 250,
      keyLength: 32,
      keyPrefix: expect.stringMatching(/^[0-9a-f]{32}$/),
      keySignature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const lifetime = challenge.parameters.expiresAt! - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(590);
    expect(lifetime).toBeLessThanOrEqual(600);

    const next = (await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json();
    expect(next.parameters.nonce).not.toBe(challenge.parameters.nonce);

    // The real difficulty is solvable (the browser spreads it over its workers).
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution?.counter).toBeGreaterThanOrEqual(500);
    expect(solution?.counter).toBeLessThanOrEqual(3000);
  });

  it('is in the anonymous-forms rate-limit tier', async () => {
    const limited = await createTestApp({
      env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '2' },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('is decorated on the app for the form routes', () => {
    expect(t.app.captcha.provider).toBe('altcha');
    expect(typeof t.app.captcha.guard).toBe('function');
  });
});
