import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createElement } from 'react';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { jobsOf, waitUntil } from '../jobs/testing.ts';
import { MAIL_SEND_JOB } from './mailer.ts';
import { renderEmail } from './render.ts';
import { NoticeEmail } from './templates/notice.tsx';
import { mailTo, readMails, waitForMail } from './testing.ts';

const notice = (title: string) =>
  renderEmail(
    createElement(NoticeEmail, {
      appName: 'Alimentation durable Nouvelle-Aquitaine',
      appUrl: 'http://localhost:3000',
      title,
      paragraphs: [
        'Bonjour Camille,',
        "L'équipe de modération a publié votre initiative « Jardins partagés de Garonne ».",
      ],
      action: { label: "Voir l'initiative", url: 'http://localhost:3000/initiatives/42' },
      preview: 'Votre initiative est en ligne',
    }),
  );

describe('renderEmail', () => {
  it('renders the layout in HTML and readable French plain text', async () => {
    const { html, text } = await notice('Votre initiative est publiée');
    expect(html).toContain('lang="fr"');
    expect(html).toContain('#000091');
    expect(html).toContain('Marianne');
    expect(text).toContain('Alimentation durable Nouvelle-Aquitaine');
    expect(text).toContain('Votre initiative est publiée'); // heading keeps its case
    expect(text).toContain(
      "L'équipe de modération a publié votre initiative « Jardins partagés de Garonne ».",
    );
    expect(text).toContain("Voir l'initiative http://localhost:3000/initiatives/42");
    expect(text).toContain('Ce message vous a été envoyé automatiquement');
    expect(text).not.toContain('<');
    expect(text).not.toContain('Votre initiative est en ligne'); // preview line: HTML only
  });
});

describe(`mail without SMTP_URL (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes a queued message as an .eml file under DATA_DIR/mail', async () => {
    const attachment = path.join(t.dataDir, 'fiche.txt');
    writeFileSync(attachment, 'Fiche de l’initiative\n');
    await t.app.mailer.queue({
      to: 'Camille.Martin@exemple.fr',
      replyTo: 'equipe@exemple.fr',
      subject: 'Votre initiative est publiée',
      ...(await notice('Votre initiative est publiée')),
      attachments: [{ filename: 'fiche.txt', path: attachment, contentType: 'text/plain' }],
    });
    const mail = await waitForMail(t.mailDir, mailTo('camille.martin@exemple.fr'));
    expect(mail.file).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/);
    expect(mail.subject).toBe('Votre initiative est publiée');
    expect(mail.from).toBe(
      '"Alimentation durable Nouvelle-Aquitaine" <ne-pas-repondre@alimentation-durable-nouvelle-aquitaine.fr>',
    );
    expect(mail.replyTo).toEqual(['equipe@exemple.fr']);
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toContain('« Jardins partagés de Garonne »');
    expect(mail.html).toContain('<h1');
    expect(mail.html).toContain('Votre initiative est publiée');
    expect(mail.messageId).toMatch(/@alimentation-durable-nouvelle-aquitaine\.fr>$/);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'fiche.txt', contentType: 'text/plain' });
    expect(mail.attachments[0]?.content.toString()).toBe('Fiche de l’initiative\n');
  });

  it('sends to several recipients and refuses a message without one', async () => {
    const body = await notice('Nouvelle contribution');
    await t.app.mailer.queue({
      to: ['moderation@exemple.fr', 'admin@exemple.fr'],
      subject: 'Nouvelle contribution',
      ...body,
    });
    const mail = await waitForMail(t.mailDir, (m) => m.subject === 'Nouvelle contribution');
    expect(mail.to).toEqual(['moderation@exemple.fr', 'admin@exemple.fr']);
    await expect(
      t.app.mailer.queue({ to: [], subject: 'Sans destinataire', ...body }),
    ).rejects.toThrow(/recipient/);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Received {
  subject: string;
  messageId: string | undefined;
  to: string[];
}

async function startSmtp(port: number, received: Received[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            subject: mail.subject ?? '',
            messageId: mail.messageId,
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

const stopSmtp = (server: SMTPServer) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

describe(`mail over SMTP, through an outage (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let smtp: SMTPServer | undefined;
  let port: number;
  const received: Received[] = [];

  beforeAll(async () => {
    port = await freePort();
    smtp = await startSmtp(port, received);
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
    if (smtp) await stopSmtp(smtp);
  });

  it('delivers every message exactly once after SMTP comes back', async () => {
    const send = async (subject: string) =>
      t.app.mailer.queue({ to: 'camille@exemple.fr', subject, ...(await notice(subject)) });

    await send('Message 1');
    await waitUntil(() => received.length === 1, 10_000, 'first message not received');

    // SMTP goes down while messages are on their way, and more are queued while it is down.
    await send('Message 2');
    await send('Message 3');
    await stopSmtp(smtp!);
    smtp = undefined;
    for (const n of [4, 5]) await send(`Message ${n}`);
    await waitUntil(
      async () =>
        (await jobsOf(t.database.db, MAIL_SEND_JOB)).filter(
          (j) => j.state === 'retry' || j.retryCount > 0,
        ).length >= 2,
      10_000,
      'deliveries did not fail while SMTP was down',
    );
    const pending = (await jobsOf(t.database.db, MAIL_SEND_JOB)).filter(
      (j) => j.state !== 'completed',
    );
    expect(pending.length + received.length).toBe(5);
    expect(await readMails(t.mailDir)).toEqual([]); // no fallback to files

    // SMTP is back on the same port: the retries go out.
    smtp = await startSmtp(port, received);
    await waitUntil(
      async () =>
        (await jobsOf(t.database.db, MAIL_SEND_JOB)).every((j) => j.state === 'completed'),
      20_000,
      'messages not delivered after SMTP came back',
    );
    const subjects = received.map((r) => r.subject).sort();
    expect(subjects).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
    expect(new Set(received.map((r) => r.messageId)).size).toBe(5);
    expect(received.every((r) => r.to.join() === 'camille@exemple.fr')).toBe(true);
  });
});
