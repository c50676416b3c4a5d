import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/contact-us.ts';
import { contacts } from '../../db/schema/contacts.ts';
import { solvedCaptcha } from '../../platform/captcha/testing.ts';
import { MESSAGES } from '../../platform/errors.ts';
import { waitUntil } from '../../platform/jobs/testing.ts';
import { mailTo, readMails, waitForMail } from '../../platform/mail/testing.ts';
import {
  cookieHeader,
  createTestApp,
  createUser,
  visit,
  type TestApp,
} from '../../platform/testing.ts';
import { CONTACTS_MESSAGES } from './contacts.service.ts';

async function createContact(
  t: TestApp,
  values: Partial<typeof contacts.$inferInsert> = {},
): Promise<number> {
  const [row] = await t.database.db
    .insert(contacts)
    .values({
      societyName: 'Les Jardins de Garonne',
      societyEmail: 'contact@jardins-garonne.fr',
      moderationStatus: 'published',
      ...values,
    })
    .returning({ id: contacts.id });
  return row!.id;
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Élise Durand',
    email: 'elise.durand@exemple.fr',
    message: 'Bonjour,\nvos paniers sont-ils livrés à Bègles ?',
    ...overrides,
  };
}

describe('POST /api/contacts/ask/{contactId}', () => {
  let t: TestApp;
  let published: number;
  beforeAll(async () => {
    t = await createTestApp();
    published = await createContact(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function ask(
    contactId: number | string,
    payload: Record<string, unknown>,
    options: { captcha?: boolean; cookies?: Record<string, string>; csrf?: string } = {},
  ) {
    const page = options.cookies ? null : await visit(t.app, '/initiatives');
    const answer =
      options.captcha === false ? {} : { recaptcha_response: await solvedCaptcha(t.app) };
    return t.app.inject({
      method: 'POST',
      url: `/api/contacts/ask/${contactId}`,
      cookies: options.cookies ?? page!.cookies,
      headers: { 'x-csrf-token': options.csrf ?? page!.csrf },
      payload: { ...payload, ...answer },
    });
  }

  const stored = (email: string) =>
    t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

  it("e-mails the contact's society_email, reply-to the visitor, and stores the message", async () => {
    const response = await ask(published, body());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Merci, votre demande a bien été envoyée.' });

    const mail = await waitForMail(t.mailDir, mailTo('contact@jardins-garonne.fr'));
    expect(mail.to).toEqual(['contact@jardins-garonne.fr']);
    expect(mail.replyTo).toEqual(['elise.durand@exemple.fr']);
    expect(mail.subject).toBe('Demande de contact via Alimentation durable Nouvelle-Aquitaine');
    expect(mail.text).toContain(
      'Élise Durand (elise.durand@exemple.fr) vous a écrit depuis la fiche de Les Jardins de Garonne',
    );
    expect(mail.text).toContain('vos paniers sont-ils livrés à Bègles ?');
    expect(mail.text).toContain('répondez simplement à cet e-mail');

    const [row] = await stored('elise.durand@exemple.fr');
    expect(row).toMatchObject({
      kind: 'ask_contact',
      name: 'Élise Durand',
      contactId: published,
      message: 'Bonjour,\nvos paniers sont-ils livrés à Bègles ?',
    });
    await waitUntil(async () => (await stored('elise.durand@exemple.fr'))[0]?.status === 'sent');
  });

  it("also writes to the active members' personal addresses when the institution asks for it", async () => {
    const id = await createContact(t, {
      societyName: 'Épicerie solidaire',
      societyEmail: 'bonjour@epicerie.fr',
      sendAlsoToPersonalEmail: true,
    });
    await createUser(t.database, { email: 'membre.epicerie@exemple.fr', contactId: id });
    await createUser(t.database, {
      email: 'pas.verifie@exemple.fr',
      contactId: id,
      emailVerifiedAt: null,
    });
    await createUser(t.database, {
      email: 'parti@exemple.fr',
      contactId: id,
      deactivatedAt: new Date(),
    });
    const response = await ask(id, body({ email: 'copie@exemple.fr' }));
    expect(response.statusCode).toBe(200);
    const mail = await waitForMail(t.mailDir, mailTo('bonjour@epicerie.fr'));
    expect(mail.to).toEqual(['bonjour@epicerie.fr']);
    expect(mail.bcc).toEqual(['membre.epicerie@exemple.fr']);
    expect(mail.replyTo).toEqual(['copie@exemple.fr']);

    // Without the setting, the member gets nothing.
    const other = await createContact(t, { societyEmail: 'structure@sans-copie.fr' });
    await createUser(t.database, { email: 'membre.sans.copie@exemple.fr', contactId: other });
    await ask(other, body({ email: 'sans.copie@exemple.fr' }));
    const single = await waitForMail(t.mailDir, mailTo('structure@sans-copie.fr'));
    expect(single.to).toEqual(['structure@sans-copie.fr']);
    expect(single.bcc).toEqual([]);
  });

  it('answers 404 in French for an unknown, unpublished or malformed contact', async () => {
    const pending = await createContact(t, { moderationStatus: 'pending' });
    for (const id of [999_999, pending, 'abc', '0', '99999999999']) {
      const response = await ask(id, body({ email: 'perdu@exemple.fr' }));
      expect(response.statusCode, `contact ${id}`).toBe(404);
      expect(response.json()).toEqual({ message: CONTACTS_MESSAGES.notFound });
    }
    expect(await stored('perdu@exemple.fr')).toHaveLength(0);
  });

  it('answers 422 with a general message for a contact without society_email', async () => {
    const id = await createContact(t, { societyEmail: null });
    const response = await ask(id, body({ email: 'sans.adresse@exemple.fr' }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: CONTACTS_MESSAGES.noEmail,
      errors: { contact: [CONTACTS_MESSAGES.noEmail] },
    });
    expect(await stored('sans.adresse@exemple.fr')).toHaveLength(0);
  });

  it.each([
    ['name', { name: '' }, 'Le champ nom est obligatoire.'],
    ['email', { email: undefined }, 'Le champ adresse e-mail est obligatoire.'],
    ['email', { email: 'elise@' }, 'Le champ adresse e-mail doit être une adresse e-mail valide.'],
    ['message', { message: '   ' }, 'Le champ message est obligatoire.'],
  ])('answers 422 naming %s', async (field, overrides, message) => {
    const response = await ask(published, body(overrides));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
  });

  it('needs a captcha: missing, invalid and replayed answers are refused', async () => {
    const missing = await ask(published, body(), { captcha: false });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.recaptcha_response).toEqual([MESSAGES.captchaRequired]);

    const invalid = await ask(published, body({ recaptcha_response: 'faux' }), { captcha: false });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.recaptcha_response).toEqual([MESSAGES.captchaInvalid]);

    const answer = await solvedCaptcha(t.app);
    const first = await ask(published, body({ recaptcha_response: answer }), { captcha: false });
    expect(first.statusCode).toBe(200);
    const replayed = await ask(published, body({ recaptcha_response: answer }), {
      captcha: false,
    });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors.recaptcha_response).toEqual([MESSAGES.captchaInvalid]);
  });

  it('accepts recaptcha_verified after a failure that did not concern the captcha (spec §4)', async () => {
    const page = await visit(t.app, '/initiatives');
    const failed = await ask(published, body({ name: '', email: 'verifie@exemple.fr' }), {
      cookies: page.cookies,
      csrf: page.csrf,
    });
    expect(failed.statusCode).toBe(422);
    expect(failed.json().errors.recaptcha_response).toBeUndefined();
    const again = await ask(
      published,
      body({ email: 'verifie@exemple.fr', recaptcha_verified: true }),
      { captcha: false, cookies: cookieHeader(failed, page.cookies), csrf: page.csrf },
    );
    expect(again.statusCode).toBe(200);
    expect(await stored('verifie@exemple.fr')).toHaveLength(1);
  });

  it('pretends to succeed when the honeypot is filled, storing and sending nothing', async () => {
    const response = await ask(
      published,
      body({ email: 'robot@exemple.fr', email_address_check: 'x' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Merci, votre demande a bien été envoyée.' });
    expect(await stored('robot@exemple.fr')).toHaveLength(0);
    expect(
      (await readMails(t.mailDir)).filter((mail) => mail.replyTo.includes('robot@exemple.fr')),
    ).toHaveLength(0);
  });

  it('refuses a form without the CSRF token (419)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/contacts/ask/${published}`,
      payload: { ...body(), recaptcha_response: await solvedCaptcha(t.app) },
    });
    expect(response.statusCode).toBe(419);
  });
});

describe('POST /api/contacts/ask/{contactId}: rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 in French past the anonymous-forms limit of an address', async () => {
    const id = await createContact(t);
    const { cookies, csrf } = await visit(t.app, '/initiatives');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/contacts/ask/${id}`,
        remoteAddress: '10.9.8.7',
        cookies,
        headers: { 'x-csrf-token': csrf },
        payload: body(),
      });
    expect((await send()).statusCode).toBe(422);
    expect((await send()).statusCode).toBe(422);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Trop de requêtes/);
  });
});
