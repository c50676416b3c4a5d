import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, visit, type TestApp } from './platform/testing.ts';

describe('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /healthz with the database status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends an enforced CSP and the other security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['content-security-policy-report-only']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown /api paths with JSON 404', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ message: "La ressource demandée n'existe pas." });
  });

  it('answers 401 on /api/user/* to anonymous callers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/anything' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/connecté/);
    // The router decodes the path: an encoded prefix must not get around the check.
    for (const url of ['/api/%75ser/anything', '/api/user%2Fanything', '/API/user/anything']) {
      const encoded = await t.app.inject({ method: 'GET', url });
      expect(encoded.statusCode, url).not.toBe(200);
    }
    const encoded = await t.app.inject({ method: 'GET', url: '/api/%75ser/anything' });
    expect(encoded.statusCode).toBe(401);
  });

  it('refuses a NUL character in a URL (400) or a JSON body (422 on its field), never a 500', async () => {
    for (const url of [
      '/api/posts/%00',
      '/api/faq/a%00b',
      '/api/resources?types=%00',
      '/api/initiatives?locations[]=%00',
      '/initiatives/initiative/%00',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: 'La requête est invalide.' });
    }
    const { csrf, cookies } = await visit(t.app, '/');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact-us',
      cookies,
      headers: { 'x-csrf-token': csrf },
      payload: { name: 'Ana', email: 'ana@exemple.fr', message: 'Bonjour\u0000', thematic: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Ce champ contient un caractère non autorisé.',
      errors: { message: ['Ce champ contient un caractère non autorisé.'] },
    });
  });

  it('compresses large answers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('app with a failing database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.close();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('answers /healthz 503 when the database is closed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', database: 'unavailable' });
  });

  it('answers unexpected errors with a generic French 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/internal-team-members' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
    });
  });
});
