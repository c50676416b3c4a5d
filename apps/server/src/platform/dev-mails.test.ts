import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEmail } from './mail/render.ts';
import { NoticeEmail } from './mail/templates/notice.tsx';
import { waitForMail } from './mail/testing.ts';
import { createTestApp, type TestApp } from './testing.ts';

async function queueNotice(t: TestApp) {
  await t.app.mailer.queue({
    to: 'camille@exemple.fr',
    subject: 'Bienvenue <sur> la plateforme',
    ...(await renderEmail(
      createElement(NoticeEmail, {
        appName: 'Alimentation durable Nouvelle-Aquitaine',
        appUrl: 'http://localhost:3000',
        title: 'Bienvenue',
        paragraphs: ['Votre compte est créé.'],
      }),
    )),
  });
  return waitForMail(t.mailDir);
}

describe('dev mail page outside development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does not exist', async () => {
    const mail = await queueNotice(t);
    for (const url of ['/dev/mails', `/dev/mails/${mail.file}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Bienvenue');
    }
  });
});

describe('dev mail page in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development', LOG_LEVEL: 'silent' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the messages and shows one', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/dev/mails' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('Aucun courriel');

    const mail = await queueNotice(t);
    const list = await t.app.inject({ method: 'GET', url: '/dev/mails' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.body).toContain('camille@exemple.fr');
    expect(list.body).toContain('Bienvenue &lt;sur&gt; la plateforme');
    expect(list.body).toContain(`href="/dev/mails/${mail.file}"`);

    const one = await t.app.inject({ method: 'GET', url: `/dev/mails/${mail.file}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('Votre compte est créé.');
    expect(one.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses file names outside the mail folder', async () => {
    for (const url of [
      '/dev/mails/..%2F..%2Fpackage.json',
      '/dev/mails/..%2Fmail%2Fx.eml',
      '/dev/mails/%2Fetc%2Fpasswd',
      '/dev/mails/inconnu.eml',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
