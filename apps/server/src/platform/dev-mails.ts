/**
 * Development only: the messages the `.eml` transport wrote (SMTP_URL unset), at /dev/mails.
 * Not registered outside NODE_ENV=development, so those paths answer 404 there.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../env.ts';
import { escapeHtml } from './html-shell/render.ts';
import { mailDir } from './mail/mailer.ts';

const MAX_LISTED = 200;
/** What emlFileName() produces; anything else (`..`, slashes) is refused. */
const FILE_PATTERN = /^[0-9A-Za-z_-]+\.eml$/;

// mailparser is a dev dependency: imported when the page is used, never in production.
const parse = async (raw: Buffer) => (await import('mailparser')).simpleParser(raw);

const page = (title: string, body: string) => `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font-family:Marianne,Arial,sans-serif;margin:2rem;color:#161616}
h1{font-size:1.5rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #ddd;vertical-align:top}
a{color:#000091}
</style></head>
<body>${body}</body>
</html>`;

export async function registerDevMails(
  app: FastifyInstance,
  deps: { config: Config; dir?: string },
): Promise<void> {
  if (deps.config.NODE_ENV !== 'development') return;
  const dir = path.resolve(deps.dir ?? mailDir(deps.config));

  app.get('/dev/mails', async (_request, reply) => {
    const files = existsSync(dir)
      ? (await readdir(dir))
          .filter((f) => FILE_PATTERN.test(f))
          .sort()
          .reverse()
          .slice(0, MAX_LISTED)
      : [];
    const rows = await Promise.all(
      files.map(async (file) => {
        const mail = await parse(await readFile(path.join(dir, file)));
        const date = mail.date?.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' }) ?? '';
        const href = `/dev/mails/${encodeURIComponent(file)}`;
        return `<tr><td>${escapeHtml(date)}</td><td>${escapeHtml(
          [mail.to]
            .flat()
            .map((a) => a?.text ?? '')
            .join(', '),
        )}</td><td><a href="${escapeHtml(href)}">${escapeHtml(mail.subject ?? '(sans objet)')}</a></td></tr>`;
      }),
    );
    const table = rows.length
      ? `<table><thead><tr><th>Date</th><th>Destinataires</th><th>Objet</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
      : '<p>Aucun courriel pour le moment.</p>';
    reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Courriels envoyés (développement)',
          `<h1>Courriels envoyés (développement)</h1><p>Dossier : <code>${escapeHtml(dir)}</code></p>${table}`,
        ),
      );
  });

  app.get<{ Params: { file: string } }>('/dev/mails/:file', async (request, reply) => {
    const { file } = request.params;
    const full = path.join(dir, file);
    if (!FILE_PATTERN.test(file) || path.dirname(full) !== dir || !existsSync(full)) {
      return reply.code(404).send({ message: "Ce courriel n'existe pas." });
    }
    const mail = await parse(await readFile(full));
    const html =
      typeof mail.html === 'string'
        ? mail.html
        : page(mail.subject ?? '', `<pre>${escapeHtml(mail.text ?? '')}</pre>`);
    // The message is shown as it would be in a mail client: no script, no form, its own styles.
    return reply
      .header('Cache-Control', 'no-store')
      .header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; font-src *; sandbox allow-popups allow-popups-to-escape-sandbox",
      )
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
