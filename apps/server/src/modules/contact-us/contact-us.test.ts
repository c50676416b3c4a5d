import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactMessages,
  contactUsAddresses,
  contactUsThematics,
} from '../../db/schema/contact-us.ts';
import { solvedCaptcha } from '../../platform/captcha/testing.ts';
import { MESSAGES } from '../../platform/errors.ts';
import { waitUntil } from '../../platform/jobs/testing.ts';
import { mailTo, readMails, waitForMail } from '../../platform/mail/testing.ts';
import { createTestApp, visit, type TestApp } from '../../platform/testing.ts';

const TEAM = 'contact@alimentation-durable-nouvelle-aquitaine.fr';
const IDEAS = 'idees@exemple.fr';

async function seedOptions(t: TestApp) {
  await t.database.db.insert(contactUsThematics).values([
    { id: 1, name: 'Question sur une initiative ou une démarche', position: 1 },
    { id: 4, name: 'Boîte à idées', position: 4, recipientEmail: IDEAS },
    { id: 999, name: 'Autre', position: 99 },
  ]);
  await t.database.db.insert(contactUsAddresses).values([
    {
      name: 'Équipe de la plateforme',
      addressLine1: '15 rue Arthur Ranc',
      addressLine2: 'CS 60539',
      postcode: '86020',
      city: 'Poitiers',
      country: 'France',
      phone: '05 36 49 00 00',
      thematicId: 1,
      position: 1,
    },
    {
      name: 'Antenne de Limoges',
      addressLine1: '22 rue des Arènes',
      postcode: '87000',
      city: 'Limoges',
      country: 'France',
      phone: '05 36 49 00 03',
      thematicId: 4,
      position: 2,
    },
  ]);
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    lastname: 'Durand',
    firstname: 'Élise',
    email: 'elise.durand@exemple.fr',
    thematic_id: 4,
    subject: '',
    message: 'Bonjour,\nune idée : un marché de producteurs le samedi.',
    ...overrides,
  };
}

describe('Nous contacter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedOptions(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function post(payload: Record<string, unknown>, captcha: 'solve' | 'none' = 'solve') {
    const { cookies, csrf } = await visit(t.app, '/nous-contacter');
    const answer = captcha === 'solve' ? { recaptcha_response: await solvedCaptcha(t.app) } : {};
    return t.app.inject({
      method: 'POST',
      url: '/api/contact-us',
      cookies,
      headers: { 'x-csrf-token': csrf },
      payload: { ...payload, ...answer },
    });
  }

  const stored = (email: string) =>
    t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

  it('answers the options: thematics and address blocks, public and cacheable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/contact-us/options' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json()).toEqual({
      thematics: [
        { id: 1, name: 'Question sur une initiative ou une démarche' },
        { id: 4, name: 'Boîte à idées' },
        { id: 999, name: 'Autre' },
      ],
      addresses: [
        {
          name: 'Équipe de la plateforme',
          address_line_1: '15 rue Arthur Ranc',
          address_line_2: 'CS 60539',
          postcode: '86020',
          city: 'Poitiers',
          country: 'France',
          phone: '05 36 49 00 00',
          thematic_id: 1,
        },
        {
          name: 'Antenne de Limoges',
          address_line_1: '22 rue des Arènes',
          address_line_2: null,
          postcode: '87000',
          city: 'Limoges',
          country: 'France',
          phone: '05 36 49 00 03',
          thematic_id: 4,
        },
      ],
    });
  });

  it("stores the message, mails the thematic's recipient (reply-to the visitor) and acknowledges it", async () => {
    const response = await post(body());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Votre message a bien été envoyé.' });
    expect(response.headers['cache-control']).toBe('no-store');

    const [row] = await stored('elise.durand@exemple.fr');
    expect(row).toMatchObject({
      kind: 'contact_us',
      lastname: 'Durand',
      firstname: 'Élise',
      thematicId: 4,
      subject: null,
      message: 'Bonjour,\nune idée : un marché de producteurs le samedi.',
    });

    const team = await waitForMail(t.mailDir, mailTo(IDEAS));
    expect(team.replyTo).toEqual(['elise.durand@exemple.fr']);
    expect(team.subject).toBe('[Nous contacter] Boîte à idées');
    expect(team.text).toContain('Nom : Durand');
    expect(team.text).toContain('Prénom : Élise');
    expect(team.text).toContain('Thématique : Boîte à idées');
    expect(team.text).toContain('une idée : un marché de producteurs le samedi.');
    expect(team.html).toContain('Bonjour,<br/>une idée');

    const acknowledgement = await waitForMail(t.mailDir, mailTo('elise.durand@exemple.fr'));
    expect(acknowledgement.subject).toBe(
      'Votre message a bien été envoyé – Alimentation durable Nouvelle-Aquitaine',
    );
    expect(acknowledgement.text).toContain('sur le thème « Boîte à idées »');
    // Nothing the visitor typed goes back out to the address they gave.
    expect(acknowledgement.text).not.toContain('marché de producteurs');
    expect(acknowledgement.text).not.toContain('Élise');

    // The job of the delivered team e-mail marks the message sent.
    const sent = await waitUntil(async () => {
      const [current] = await stored('elise.durand@exemple.fr');
      return current?.status === 'sent' ? current : null;
    });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("requires 'Objet' for 'Autre' (999) only, and mails CONTACT_EMAIL when the thematic has no recipient", async () => {
    const missing = await post(body({ thematic_id: 999, subject: '  ' }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ subject: ['Le champ objet est obligatoire.'] });

    const other = await post(
      body({ email: 'autre@exemple.fr', thematic_id: '999', subject: 'Un\nsujet libre' }),
    );
    expect(other.statusCode).toBe(200);
    const team = await waitForMail(
      t.mailDir,
      (mail) => mailTo(TEAM)(mail) && mail.replyTo.includes('autre@exemple.fr'),
    );
    expect(team.subject).toBe('[Nous contacter] Autre : Un sujet libre');
    expect(team.text).toContain('Objet : Un sujet libre');

    // Another thematic ignores a subject sent anyway (its field is hidden).
    const ignored = await post(
      body({ email: 'sans.objet@exemple.fr', thematic_id: 1, subject: 'Ignoré' }),
    );
    expect(ignored.statusCode).toBe(200);
    const [row] = await stored('sans.objet@exemple.fr');
    expect(row?.subject).toBeNull();
    const mail = await waitForMail(
      t.mailDir,
      (m) => mailTo(TEAM)(m) && m.replyTo.includes('sans.objet@exemple.fr'),
    );
    expect(mail.subject).toBe('[Nous contacter] Question sur une initiative ou une démarche');
  });

  it.each([
    ['lastname', { lastname: '' }, 'Le champ nom est obligatoire.'],
    ['firstname', { firstname: undefined }, 'Le champ prénom est obligatoire.'],
    ['email', { email: ' ' }, 'Le champ adresse e-mail est obligatoire.'],
    [
      'email',
      { email: 'pas-une-adresse' },
      'Le champ adresse e-mail doit être une adresse e-mail valide.',
    ],
    ['thematic_id', { thematic_id: '' }, 'Veuillez sélectionner une thématique.'],
    ['thematic_id', { thematic_id: 12345 }, "La thématique sélectionnée n'existe pas."],
    ['thematic_id', { thematic_id: 'abc' }, 'Veuillez sélectionner une thématique.'],
    ['message', { message: '' }, 'Le champ message est obligatoire.'],
    [
      'message',
      { message: 'x'.repeat(5001) },
      'Le champ message ne doit pas dépasser 5000 caractères.',
    ],
  ])('answers 422 naming %s', async (field, overrides, message) => {
    const response = await post(body({ email: 'invalide@exemple.fr', ...overrides }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect(response.json().message).toBe(message);
  });

  it('names every wrong field at once, the subject of 999 included', async () => {
    const response = await post({ thematic_id: 999 });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'email',
      'firstname',
      'lastname',
      'message',
      'subject',
    ]);
  });

  it('needs a captcha: missing, invalid and replayed answers are refused', async () => {
    const missing = await post(body({ email: 'robot@exemple.fr' }), 'none');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.recaptcha_response).toEqual([MESSAGES.captchaRequired]);

    const invalid = await post(
      body({ email: 'robot@exemple.fr', recaptcha_response: 'bm9uIG1haXMgbm9u' }),
      'none',
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.recaptcha_response).toEqual([MESSAGES.captchaInvalid]);

    const answer = await solvedCaptcha(t.app);
    const first = await post(
      body({ email: 'rejeu@exemple.fr', recaptcha_response: answer }),
      'none',
    );
    expect(first.statusCode).toBe(200);
    const replayed = await post(
      body({ email: 'rejeu@exemple.fr', recaptcha_response: answer }),
      'none',
    );
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors.recaptcha_response).toEqual([MESSAGES.captchaInvalid]);
    expect(await stored('robot@exemple.fr')).toHaveLength(0);
    expect(await stored('rejeu@exemple.fr')).toHaveLength(1);
  });

  it('pretends to succeed when the honeypot is filled, storing and sending nothing', async () => {
    const response = await post(
      body({ email: 'pot.de.miel@exemple.fr', email_address_check: 'rempli' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Votre message a bien été envoyé.' });
    expect(await stored('pot.de.miel@exemple.fr')).toHaveLength(0);
    // Give a queued e-mail the time to be written, if one had been queued.
    await waitForMail(t.mailDir, mailTo('rejeu@exemple.fr'));
    expect((await readMails(t.mailDir)).filter(mailTo('pot.de.miel@exemple.fr'))).toHaveLength(0);
  });

  it('refuses a form without the CSRF token (419)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: { ...body(), recaptcha_response: await solvedCaptcha(t.app) },
    });
    expect(response.statusCode).toBe(419);
    expect(response.json().message).toBe(MESSAGES.csrf);
  });

  it('renders the page on the server with its options, the thematic of ?thematic= chosen', async () => {
    // The page's HTML (the query state in the page also carries every address).
    const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const response = await t.app.inject({ method: 'GET', url: '/nous-contacter?thematic=999' });
    expect(response.statusCode).toBe(200);
    const other = main(response.body);
    expect(other).toMatch(/<h1[^>]*>Nous contacter<\/h1>/);
    expect(other).toContain('Sélectionnez une thématique');
    expect(other).toMatch(/<option value="999" selected="">Autre<\/option>/);
    expect(other).toContain('Objet*');
    // 'Autre' has no address of its own: every block is listed.
    expect(other).toContain('Équipe de la plateforme');
    expect(other).toContain('Antenne de Limoges');

    const ideas = main(
      (await t.app.inject({ method: 'GET', url: '/nous-contacter?thematic=4' })).body,
    );
    expect(ideas).toMatch(/<option value="4" selected="">Boîte à idées<\/option>/);
    expect(ideas).not.toContain('Objet*');
    expect(ideas).toContain('Antenne de Limoges');
    expect(ideas).not.toContain('Équipe de la plateforme');
  });
});

describe('Nous contacter: rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '2' } });
    await seedOptions(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 in French past the anonymous-forms limit of an address', async () => {
    const { cookies, csrf } = await visit(t.app, '/nous-contacter');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact-us',
        remoteAddress: '10.1.2.3',
        cookies,
        headers: { 'x-csrf-token': csrf },
        payload: body(),
      });
    expect((await send()).statusCode).toBe(422); // no captcha, but counted
    expect((await send()).statusCode).toBe(422);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Trop de requêtes\. Veuillez réessayer dans \d+ secondes?\.$/,
    );
  });
});
