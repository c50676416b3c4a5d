import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../db/schema/platform.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { solvedCaptcha } from '../../platform/captcha/testing.ts';
import { MESSAGES } from '../../platform/errors.ts';
import { mailTo, readMails, waitForMail } from '../../platform/mail/testing.ts';
import { createTestApp, createUser, signIn, visit, type TestApp } from '../../platform/testing.ts';
import { jobsOf } from '../../platform/jobs/testing.ts';
import { ACCOUNT_MESSAGES, SEND_ACCOUNT_LINK_JOB } from './accounts.service.ts';

const PASSWORD = 'une phrase de passe assez longue';

function signUpBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    civility: 'mrs',
    lastname: 'Durand',
    firstname: 'Élise',
    email,
    job: 'Chargée de mission alimentation',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms: true,
    ...overrides,
  };
}

/** The link of an e-mail's button (the first http link of its text). */
function linkIn(text: string): URL {
  const found = /https?:\/\/\S+/.exec(text);
  if (!found) throw new Error(`no link in: ${text}`);
  return new URL(found[0]);
}

describe('sign-up, verification and password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function post(url: string, payload: Record<string, unknown>, withCaptcha = true) {
    const { cookies, csrf } = await visit(t.app, '/inscription');
    const captcha = withCaptcha ? { recaptcha_response: await solvedCaptcha(t.app) } : {};
    return t.app.inject({
      method: 'POST',
      url,
      cookies,
      headers: { 'x-csrf-token': csrf },
      payload: { ...payload, ...captcha },
    });
  }

  it('creates an unverified account, e-mails the link, and signs in only once verified', async () => {
    const email = 'elise.durand@exemple.fr';
    const created = await post('/inscription', signUpBody(email));
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe(ACCOUNT_MESSAGES.signedUp(email));
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ civility: 'mrs', role: 'member', emailVerifiedAt: null });

    const mail = await waitForMail(t.mailDir, mailTo(email));
    expect(mail.subject).toMatch(/^Confirmez votre adresse e-mail/);
    expect(mail.text).toContain('Bonjour,');
    expect(mail.text).not.toContain('Élise'); // nothing the visitor typed goes to the address
    expect(mail.text).toContain('valable 7 jours');
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/inscription/verification');

    const { cookies, csrf } = await visit(t.app, '/connexion');
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/connexion',
        cookies,
        headers: { 'x-csrf-token': csrf },
        payload: { email, password: PASSWORD },
      });
    const early = await login();
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.email).toEqual([MESSAGES.emailNotVerified]);

    // Opening the link (the person, or a mail scanner) shows a page with a button; the account
    // is not activated.
    const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Activer mon compte</h1>');
    expect(page.body).toContain(`<form action="${link.pathname}${link.search}" method="post">`);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect((await login()).statusCode).toBe(422);

    // Its button posts to the same URL (no session, no CSRF token: the token is the secret).
    const activate = (url: string) => t.app.inject({ method: 'POST', url });
    const verified = await activate(link.pathname + link.search);
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toBe('/connexion?verification=ok');
    expect((await login()).statusCode).toBe(200);

    // Pressed again: still a success, the address is verified.
    const again = await activate(link.pathname + link.search);
    expect(again.headers.location).toBe('/connexion?verification=ok');
    const unknown = await activate(`${link.pathname}?token=inconnu`);
    expect(unknown.headers.location).toBe('/connexion?verification=invalide');
    const missing = await activate(link.pathname);
    expect(missing.headers.location).toBe('/connexion?verification=invalide');
  });

  it.each([
    ['civility', { civility: undefined }, 'Le champ civilité est obligatoire.'],
    ['lastname', { lastname: '' }, 'Le champ nom est obligatoire.'],
    ['firstname', { firstname: ' ' }, 'Le champ prénom est obligatoire.'],
    ['email', { email: '' }, 'Le champ adresse e-mail est obligatoire.'],
    [
      'email',
      { email: 'pas-une-adresse' },
      'Le champ adresse e-mail doit être une adresse e-mail valide.',
    ],
    ['job', { job: '' }, 'Le champ fonction est obligatoire.'],
    [
      'password',
      { password: 'court', password_confirmation: 'court' },
      'Le mot de passe doit contenir au moins 12 caractères.',
    ],
    [
      'password_confirmation',
      { password_confirmation: 'autre chose encore' },
      'La confirmation du mot de passe ne correspond pas.',
    ],
    ['terms', { terms: false }, "Vous devez accepter les conditions générales d'utilisation."],
  ])('answers 422 naming %s', async (field, overrides, message) => {
    const response = await post('/inscription', signUpBody('x.y@exemple.fr', overrides));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('refuses a common password and an address already used (any case)', async () => {
    const common = await post(
      '/inscription',
      signUpBody('commun@exemple.fr', {
        password: 'Password2024!',
        password_confirmation: 'Password2024!',
      }),
    );
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password).toEqual([ACCOUNT_MESSAGES.commonPassword]);

    await createUser(t.database, { email: 'deja.la@exemple.fr' });
    const taken = await post('/inscription', signUpBody('Deja.La@Exemple.fr'));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual([ACCOUNT_MESSAGES.emailTaken]);
  });

  it('needs a solved captcha, and pretends to succeed when the honeypot is filled', async () => {
    const missing = await post('/inscription', signUpBody('robot@exemple.fr'), false);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.recaptcha_response).toEqual([MESSAGES.captchaRequired]);

    const trapped = await post(
      '/inscription',
      signUpBody('robot@exemple.fr', { email_address_check: 'spam' }),
    );
    expect(trapped.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'robot@exemple.fr'));
    expect(rows).toHaveLength(0);
  });

  it('refuses a form without the CSRF token (419)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/mot-de-passe-oublie',
      payload: { email: 'x@exemple.fr', recaptcha_response: await solvedCaptcha(t.app) },
    });
    expect(response.statusCode).toBe(419);
  });

  it('resends a verification link with one answer for every address', async () => {
    const user = await createUser(t.database, {
      email: 'pas.verifie@exemple.fr',
      emailVerifiedAt: null,
    });
    const known = await post('/inscription/renvoyer-le-lien', { email: user.email });
    const unknown = await post('/inscription/renvoyer-le-lien', { email: 'inconnu@exemple.fr' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(ACCOUNT_MESSAGES.verificationResent);
    const mail = await waitForMail(t.mailDir, mailTo(user.email));
    expect(linkIn(mail.text).pathname).toBe('/inscription/verification');
    expect((await readMails(t.mailDir)).filter(mailTo('inconnu@exemple.fr'))).toHaveLength(0);
  });

  it('resets a password by e-mail: one answer, a link valid once, every session closed', async () => {
    const user = await createUser(t.database, { email: 'oubli@exemple.fr' });
    const otherBrowser = await signIn(t.app, user);

    const known = await post('/mot-de-passe-oublie', { email: 'OUBLI@exemple.fr' });
    const unknown = await post('/mot-de-passe-oublie', { email: 'personne@exemple.fr' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(ACCOUNT_MESSAGES.resetRequested);

    const mail = await waitForMail(t.mailDir, mailTo(user.email));
    expect(mail.subject).toMatch(/^Réinitialisation de votre mot de passe/);
    expect(mail.text).toContain('valable 60 minutes');
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/mot-de-passe-oublie/nouveau');
    const token = link.searchParams.get('token')!;
    // The job that sent it holds the address only: the link is in no stored job.
    const leaked = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE data::text LIKE ${`%${token}%`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(leaked.rows[0]?.n).toBe(0);
    const [sent] = (await jobsOf(t.database.db, SEND_ACCOUNT_LINK_JOB)).filter(
      (job) => (job.data as { email: string }).email === 'OUBLI@exemple.fr',
    );
    expect(sent?.data).toEqual({ email: 'OUBLI@exemple.fr', purpose: 'password_reset' });

    // The page of the link is a server-rendered page.
    expect(
      (await t.app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode,
    ).toBe(200);

    const reset = (password: string, confirmation = password) =>
      post(
        '/mot-de-passe-oublie/nouveau',
        { token, password, password_confirmation: confirmation },
        false,
      );
    const common = await reset('azerty123456');
    expect(common.json().errors.password).toEqual([ACCOUNT_MESSAGES.commonPassword]);
    const done = await reset('un tout nouveau mot de passe');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(ACCOUNT_MESSAGES.passwordReset);

    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
    const stale = await t.app.inject({ method: 'GET', url: '/api/user', cookies: otherBrowser });
    expect(stale.statusCode).toBe(401);

    const reused = await reset('encore un autre mot de passe');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.token).toEqual([ACCOUNT_MESSAGES.resetLinkInvalid]);
    await signIn(t.app, { email: user.email, password: 'un tout nouveau mot de passe' });
  });

  it('refuses a reset link older than 60 minutes', async () => {
    const user = await createUser(t.database, { email: 'vieux.lien@exemple.fr' });
    await post('/mot-de-passe-oublie', { email: user.email });
    const token = linkIn((await waitForMail(t.mailDir, mailTo(user.email))).text).searchParams.get(
      'token',
    )!;
    await t.database.db.execute(
      sql`UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    const response = await post(
      '/mot-de-passe-oublie/nouveau',
      {
        token,
        password: 'un tout nouveau mot de passe',
        password_confirmation: 'un tout nouveau mot de passe',
      },
      false,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.token).toEqual([ACCOUNT_MESSAGES.resetLinkInvalid]);
  });

  it('answers a sign-in with the honeypot filled as a wrong password, without a session', async () => {
    const user = await createUser(t.database);
    const { cookies, csrf } = await visit(t.app, '/connexion');
    const response = await t.app.inject({
      method: 'POST',
      url: '/connexion',
      cookies,
      headers: { 'x-csrf-token': csrf },
      payload: { email: user.email, password: user.password, email_address_check: 'x' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual([MESSAGES.invalidCredentials]);
    expect(response.cookies.find((c) => c.name === 'ad_session')).toBeUndefined();
  });

  it("keeps a 'Se souvenir de moi' session 30 days, else the idle lifetime", async () => {
    const user = await createUser(t.database);
    const login = async (remember: boolean) => {
      const { cookies, csrf } = await visit(t.app, '/connexion');
      const response = await t.app.inject({
        method: 'POST',
        url: '/connexion',
        cookies,
        headers: { 'x-csrf-token': csrf },
        payload: { email: user.email, password: user.password, remember },
      });
      return (response.cookies as { name: string; maxAge?: number }[]).find(
        (c) => c.name === 'ad_session',
      );
    };
    expect((await login(true))?.maxAge).toBe(30 * 86_400);
    expect((await login(false))?.maxAge).toBe(120 * 60);
  });
});

describe('brute force', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '100', RATE_LIMIT_ACCOUNT_MAX: '3' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits sign-in attempts per account across addresses, in shared counters', async () => {
    const user = await createUser(t.database, { email: 'cible@exemple.fr' });
    const attempt = async (address: string) => {
      const { cookies, csrf } = await visit(t.app, '/connexion');
      return t.app.inject({
        method: 'POST',
        url: '/connexion',
        remoteAddress: address,
        cookies,
        headers: { 'x-csrf-token': csrf },
        payload: { email: user.email, password: 'mauvais mot de passe' },
      });
    };
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      const response = await attempt(address);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.email).toEqual([MESSAGES.invalidCredentials]);
    }
    const blocked = await attempt('10.0.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Trop de requêtes/);
    const [counter] = await t.database.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, 'sign-in:cible@exemple.fr'));
    expect(counter?.count).toBe(4);
  });

  it('gives an unknown address the same answer as a wrong password', async () => {
    const { cookies, csrf } = await visit(t.app, '/connexion');
    const response = await t.app.inject({
      method: 'POST',
      url: '/connexion',
      cookies,
      headers: { 'x-csrf-token': csrf },
      payload: { email: 'inconnu.total@exemple.fr', password: 'mauvais mot de passe' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual([MESSAGES.invalidCredentials]);
  });
});
