import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../db/schema/contact-us.ts';
import { sha256Hex } from '../../platform/auth/tokens.ts';
import { MESSAGES } from '../../platform/errors.ts';
import { mailTo, readMails, waitForMail, type TestMail } from '../../platform/mail/testing.ts';
import { createTestApp, visit, type TestApp } from '../../platform/testing.ts';
import { csvField, subscribersCsv } from './newsletter.presenter.ts';

const CHECK_MAILBOX =
  "Plus qu'une étape : si cette adresse n'est pas déjà inscrite, vous allez recevoir un e-mail contenant un lien pour confirmer votre inscription.";

/** The links of a message's text, as paths of the site. */
function linksIn(mail: TestMail): URL[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s\]]+/g)].map((found) => new URL(found[0]));
}

function linkTo(mail: TestMail, pathname: string): string {
  const found = linksIn(mail).find((url) => url.pathname === pathname);
  if (!found) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return found.pathname + found.search;
}

describe('newsletter: double opt-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function subscribe(payload: Record<string, unknown>) {
    const { cookies, csrf } = await visit(t.app, '/');
    return t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscriptions',
      cookies,
      headers: { 'x-csrf-token': csrf },
      payload: { locale: 'fr', email_address_check: '', ...payload },
    });
  }

  /** The button of the link's page: a plain form POST to the link, without cookie nor token. */
  const follow = (url: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  const rowOf = async (email: string) => {
    const rows = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));
    return rows;
  };
  const mailsTo = async (email: string) => (await readMails(t.mailDir)).filter(mailTo(email));

  it('sends a confirmation link; following it subscribes and lands on the pop-up', async () => {
    const email = 'lectrice@exemple.fr';
    const response = await subscribe({ EMAIL: email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CHECK_MAILBOX });
    expect(response.headers['cache-control']).toBe('no-store');

    const mail = await waitForMail(t.mailDir, mailTo(email));
    expect(mail.subject).toBe(
      'Confirmez votre inscription à la newsletter – Alimentation durable Nouvelle-Aquitaine',
    );
    expect(mail.text).toContain('Ce lien est valable 7 jours');
    const confirm = linkTo(mail, '/newsletter/confirmation');
    const token = new URL(confirm, 'http://x').searchParams.get('token')!;

    // Only the token's hash is stored, and the link is in no stored job (the job that sent it
    // made it).
    const [pending] = await rowOf(email);
    expect(pending).toMatchObject({ status: 'pending', locale: 'fr', confirmedAt: null });
    expect(pending?.token).toBe(sha256Hex(token));
    const leaked = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE data::text LIKE ${`%${token}%`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(leaked.rows[0]?.n).toBe(0);

    // Opening the link (a person, or a mail scanner) shows a page with a button; nothing changes.
    const page = await t.app.inject({ method: 'GET', url: confirm });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirmer mon inscription à la newsletter</h1>');
    expect(page.body).toContain(
      `<form action="/newsletter/confirmation?token=${encodeURIComponent(token)}" method="post">`,
    );
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect((await rowOf(email))[0]?.status).toBe('pending');

    const confirmed = await follow(confirm);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/#newsletter-subscribed');
    const [row] = await rowOf(email);
    expect(row?.status).toBe('subscribed');
    expect(row?.confirmedAt).toBeInstanceOf(Date);

    // Following the link again (a second click, a link checker) still says it is confirmed.
    expect((await follow(confirm)).headers.location).toBe('/#newsletter-subscribed');
  });

  it('puts an unsubscribe link (and List-Unsubscribe) in the newsletter messages; it unsubscribes', async () => {
    const email = 'desabonnement@exemple.fr';
    await subscribe({ EMAIL: email });
    const confirmation = await waitForMail(t.mailDir, mailTo(email));
    const confirm = linkTo(confirmation, '/newsletter/confirmation');
    await follow(confirm);

    const welcome = await waitForMail(
      t.mailDir,
      (mail) => mailTo(email)(mail) && mail.subject.startsWith('Votre inscription'),
    );
    expect(welcome.subject).toBe(
      'Votre inscription à la newsletter est confirmée – Alimentation durable Nouvelle-Aquitaine',
    );
    expect(welcome.text).toContain('Se désinscrire de la newsletter');
    const unsubscribe = linkTo(welcome, '/newsletter/desinscription');
    const raw = await readFile(path.join(t.mailDir, welcome.file), 'utf8');
    expect(raw).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/localhost:3000\/newsletter\/desinscription\?token=\d+\./m,
    );

    const forged = unsubscribe.replace(
      /token=(\d+)\./,
      (_m, id: string) => `token=${Number(id) + 1}.`,
    );
    expect((await follow(forged)).headers.location).toBe('/#newsletter-unsubscribe-failed');
    expect((await follow('/newsletter/desinscription')).headers.location).toBe(
      '/#newsletter-unsubscribe-failed',
    );

    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const page = await t.app.inject({ method: 'GET', url: unsubscribe });
    expect(page.body).toContain('Me désinscrire</button>');
    expect((await rowOf(email))[0]?.status).toBe('subscribed');

    // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` (here as multipart).
    const boundary = 'x-boundary';
    const done = await t.app.inject({
      method: 'POST',
      url: unsubscribe,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/#newsletter-unsubscribed');
    const [row] = await rowOf(email);
    expect(row?.status).toBe('unsubscribed');
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
    // Twice is fine; and the old confirmation link does not subscribe the address again.
    expect((await follow(unsubscribe)).headers.location).toBe('/#newsletter-unsubscribed');
    expect((await follow(confirm)).headers.location).toBe('/#newsletter-not-confirmed');
    expect((await rowOf(email))[0]?.status).toBe('unsubscribed');

    // Signing up again takes a new confirmation.
    await subscribe({ EMAIL: email });
    await waitForMail(
      t.mailDir,
      (mail) =>
        mailTo(email)(mail) &&
        mail.file !== confirmation.file &&
        mail.subject.startsWith('Confirmez'),
    );
    expect((await rowOf(email))[0]?.status).toBe('pending');
  });

  it('answers the same to an address already subscribed, without a second row or e-mail', async () => {
    const email = 'fidele@exemple.fr';
    await subscribe({ EMAIL: email });
    await follow(linkTo(await waitForMail(t.mailDir, mailTo(email)), '/newsletter/confirmation'));
    await waitForMail(t.mailDir, (mail) => mailTo(email)(mail) && mail.subject.startsWith('Votre'));
    const before = (await mailsTo(email)).length;

    const again = await subscribe({ EMAIL: 'Fidele@Exemple.fr' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: CHECK_MAILBOX });
    const rows = await rowOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('subscribed');
    // A later e-mail to the same address would have been written by now.
    await subscribe({ EMAIL: 'temoin@exemple.fr' });
    await waitForMail(t.mailDir, mailTo('temoin@exemple.fr'));
    expect(await mailsTo(email)).toHaveLength(before);
  });

  it('replaces the link of a pending address on a new sign-up; an old or expired link fails', async () => {
    const email = 'deux.fois@exemple.fr';
    await subscribe({ EMAIL: email });
    const first = await waitForMail(t.mailDir, mailTo(email));
    await subscribe({ EMAIL: email });
    const second = await waitForMail(
      t.mailDir,
      (mail) => mailTo(email)(mail) && mail.file !== first.file,
    );
    expect(await rowOf(email)).toHaveLength(1);
    const oldLink = linkTo(first, '/newsletter/confirmation');
    expect((await follow(oldLink)).headers.location).toBe('/#newsletter-not-confirmed');

    await t.database.db
      .update(newsletterSubscribers)
      .set({ updatedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(newsletterSubscribers.email, email));
    const expired = linkTo(second, '/newsletter/confirmation');
    expect((await follow(expired)).headers.location).toBe('/#newsletter-not-confirmed');
    expect((await rowOf(email))[0]?.status).toBe('pending');

    expect((await follow('/newsletter/confirmation?token=inconnu')).headers.location).toBe(
      '/#newsletter-not-confirmed',
    );
    expect((await follow('/newsletter/confirmation')).headers.location).toBe(
      '/#newsletter-not-confirmed',
    );
  });

  it.each([
    [{}, 'Vous devez renseigner ce champ. '],
    [{ EMAIL: '  ' }, 'Vous devez renseigner ce champ. '],
    [
      { EMAIL: 'pas-une-adresse' },
      'Les informations que vous avez fournies ne sont pas valides. Veuillez vérifier le format du champ et réessayer.',
    ],
  ])('answers 422 on EMAIL for %j', async (payload, message) => {
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ EMAIL: [message] });
  });

  it('pretends to succeed when the honeypot is filled, storing and sending nothing', async () => {
    const response = await subscribe({ EMAIL: 'robot@exemple.fr', email_address_check: 'x' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CHECK_MAILBOX });
    expect(await rowOf('robot@exemple.fr')).toHaveLength(0);
    expect(await mailsTo('robot@exemple.fr')).toHaveLength(0);
  });

  it('refuses a sign-up without the CSRF token (419)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscriptions',
      payload: { EMAIL: 'sans.jeton@exemple.fr' },
    });
    expect(response.statusCode).toBe(419);
    expect(response.json().message).toBe(MESSAGES.csrf);
  });
});

describe('newsletter: limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function subscribe(email: string, remoteAddress: string) {
    const { cookies, csrf } = await visit(t.app, '/');
    return t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscriptions',
      remoteAddress,
      cookies,
      headers: { 'x-csrf-token': csrf },
      payload: { EMAIL: email },
    });
  }

  it('answers 429 in French past the anonymous-forms limit of an address', async () => {
    expect((await subscribe('a@exemple.fr', '10.0.0.1')).statusCode).toBe(200);
    expect((await subscribe('b@exemple.fr', '10.0.0.1')).statusCode).toBe(200);
    const blocked = await subscribe('c@exemple.fr', '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Trop de requêtes/);
  });

  it('sends at most 3 confirmation e-mails a day to one address, with the same answer', async () => {
    const email = 'cible@exemple.fr';
    for (let i = 0; i < 5; i += 1) {
      const response = await subscribe(email, `10.0.1.${i}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: CHECK_MAILBOX });
    }
    await waitForMail(t.mailDir, mailTo(email));
    await subscribe('temoin@exemple.fr', '10.0.2.1');
    await waitForMail(t.mailDir, mailTo('temoin@exemple.fr'));
    expect((await readMails(t.mailDir)).filter(mailTo(email))).toHaveLength(3);
  });
});

describe('subscribersCsv', () => {
  it('writes a BOM, semicolons and Paris time, and neutralises formulas', () => {
    expect(
      subscribersCsv([
        { email: 'a@exemple.fr', confirmedAt: new Date('2026-07-01T22:15:00Z') },
        { email: 'b;c@exemple.fr', confirmedAt: null },
      ]),
    ).toBe('\uFEFFemail;confirmed_at\r\na@exemple.fr;2026-07-02 00:15:00\r\n"b;c@exemple.fr";\r\n');
    expect(csvField('+33@exemple.fr')).toBe("'+33@exemple.fr");
    expect(csvField('-x')).toBe("'-x");
    expect(csvField('@x')).toBe("'@x");
    expect(csvField('a"b')).toBe('"a""b"');
  });
});
