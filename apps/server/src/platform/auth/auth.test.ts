import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createTestApp,
  createUser,
  pageConfigFromHtml,
  visit,
  type TestApp,
} from '../testing.ts';

describe('sessions, CSRF and login', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.database, { email: 'Membre.Test@exemple.fr' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a POST without X-CSRF-TOKEN with 419', async () => {
    const { cookies } = await visit(t.app, '/connexion');
    const response = await t.app.inject({
      method: 'POST',
      url: '/connexion',
      cookies,
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({
      message: 'La session a expiré, veuillez recharger la page.',
    });
  });

  it('refuses a token that belongs to another browser', async () => {
    const first = await visit(t.app, '/connexion');
    const second = await visit(t.app, '/connexion');
    const response = await t.app.inject({
      method: 'POST',
      url: '/connexion',
      cookies: second.cookies,
      headers: { 'x-csrf-token': first.csrf },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(419);
  });

  it('answers 422 with French messages for invalid input', async () => {
    const { cookies, csrf } = await visit(t.app, '/connexion');
    const response = await t.app.inject({
      method: 'POST',
      url: '/connexion',
      cookies,
      headers: { 'x-csrf-token': csrf },
      payload: { email: 'pas-une-adresse', password: '' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors.email).toEqual([
      'Le champ adresse e-mail doit être une adresse e-mail valide.',
    ]);
    expect(body.errors.password).toEqual(['Le champ mot de passe est obligatoire.']);
    expect(body.message).toBe(body.errors.email[0]);
  });

  it('answers 422 under email for a wrong password or an unknown account', async () => {
    const { cookies, csrf } = await visit(t.app, '/connexion');
    for (const payload of [
      { email: user.email, password: 'mauvais mot de passe' },
      { email: 'inconnu@exemple.fr', password: 'peu importe' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/connexion',
        cookies,
        headers: { 'x-csrf-token': csrf },
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'Ces identifiants ne correspondent pas à nos enregistrements.',
        errors: { email: ['Ces identifiants ne correspondent pas à nos enregistrements.'] },
      });
    }
  });

  it('logs in, rotates the CSRF token, shows the user in the page config, then logs out', async () => {
    const anonymous = await visit(t.app, '/connexion');
    const login = await t.app.inject({
      method: 'POST',
      url: '/connexion',
      cookies: anonymous.cookies,
      headers: { 'x-csrf-token': anonymous.csrf },
      payload: { email: 'membre.test@EXEMPLE.fr', password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      user: {
        id: user.id,
        firstname: 'Camille',
        lastname: 'Martin',
        email: 'Membre.Test@exemple.fr',
        role: 'member',
        has_institution: false,
      },
    });
    const sessionCookie = login.cookies.find((c) => c.name === 'ad_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const rotated = String(login.headers['x-csrf-token']);
    expect(rotated).not.toBe(anonymous.csrf);

    const cookies = cookieHeader(login, anonymous.cookies);
    const page = await visit(t.app, '/mon-compte/tableau-de-bord', cookies);
    expect(page.response.statusCode).toBe(200);
    expect(page.csrf).toBe(rotated);
    expect((pageConfigFromHtml(page.response.body) as { user: unknown }).user).toMatchObject({
      id: user.id,
      role: 'member',
    });

    // /api/user/* passes the auth guard once signed in (no route yet: plain 404).
    const api = await t.app.inject({ method: 'GET', url: '/api/user/anything', cookies });
    expect(api.statusCode).toBe(404);

    // The old anonymous token is no longer accepted.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/deconnexion',
      cookies,
      headers: { 'x-csrf-token': anonymous.csrf },
    });
    expect(stale.statusCode).toBe(419);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/deconnexion',
      cookies,
      headers: { 'x-csrf-token': rotated },
    });
    expect(logout.statusCode).toBe(204);
    const after = cookieHeader(logout, cookies);
    expect(after.ad_session).toBeUndefined();

    // The old session cookie no longer works even if replayed.
    const replay = await visit(t.app, '/mon-compte/tableau-de-bord', cookies);
    expect(replay.response.statusCode).toBe(302);
  });
});

describe('auth rate-limit tier', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 in French once the auth tier is exhausted, reads still pass', async () => {
    const { cookies, csrf } = await visit(t.app, '/connexion');
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/connexion',
        cookies,
        headers: { 'x-csrf-token': csrf },
        payload: { email: 'x@exemple.fr', password: 'y' },
      });
    expect((await attempt()).statusCode).toBe(422);
    expect((await attempt()).statusCode).toBe(422);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Trop de requêtes/);
    expect((await t.app.inject({ method: 'GET', url: '/a-propos' })).statusCode).toBe(200);
  });

  it('looks up no session for the static files of a page', async () => {
    for (const url of ['/dsfr/dsfr.min.css', '/uploads/seed/team/portrait.png', '/assets/x.js']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        cookies: { ad_session: 'unknown' },
      });
      // An unknown session is cleared where it is looked up: here it is not even read.
      const cleared = response.cookies.find((c) => c.name === 'ad_session');
      expect(cleared, url).toBeUndefined();
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/a-propos',
      cookies: { ad_session: 'unknown' },
    });
    expect(page.cookies.find((c) => c.name === 'ad_session')?.value).toBe('');
  });
});
