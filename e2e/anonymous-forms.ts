/** Helpers of the anonymous forms' browser tests: the real ALTCHA captcha and the e-mails sent. */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, type Page } from '@playwright/test';

/**
 * Solves the form's ALTCHA captcha for real, as a visitor does: ticks its box, then waits until
 * the browser's proof of work is verified (the form's live region says so).
 */
export async function solveCaptcha(page: Page): Promise<void> {
  const widget = page.getByRole('main').locator('altcha-widget');
  await widget.getByRole('checkbox').click();
  await expect(page.getByText('Vérification anti-robot réussie.')).toBeAttached({
    timeout: 20_000,
  });
}

export interface SentMail {
  subject: string;
  text: string;
  to: string[];
  replyTo: string[];
}

/** The e-mails the test server wrote as .eml files (SMTP_URL unset), under E2E_DATA_DIR. */
function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return join(dataDir, 'mail');
}

const addresses = (value: unknown): string[] =>
  [value]
    .flat()
    .flatMap(
      (group) =>
        (group as { value?: { address?: string }[] } | undefined)?.value?.map((v) =>
          (v.address ?? '').toLowerCase(),
        ) ?? [],
    );

/** Waits for the job worker to write a message to `address` whose subject matches. */
export async function waitForMail(address: string, subject: RegExp): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        const dir = mailDir();
        if (!existsSync(dir)) return false;
        for (const file of (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort()) {
          const parsed = await simpleParser(await readFile(join(dir, file)));
          const to = addresses(parsed.to);
          if (to.includes(address.toLowerCase()) && subject.test(parsed.subject ?? '')) {
            found = {
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              to,
              replyTo: addresses(parsed.replyTo),
            };
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${address} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The link of a message's text to `pathname`, as a path of the test server. */
export function linkIn(mail: SentMail, pathname: string): string {
  for (const [href] of mail.text.matchAll(/https?:\/\/[^\s\]]+/g)) {
    const url = new URL(href);
    if (url.pathname === pathname) return url.pathname + url.search;
  }
  throw new Error(`no link to ${pathname} in: ${mail.text}`);
}

/** An address of its own per test and project (both projects share the server). */
export function uniqueEmail(prefix: string, project: string): string {
  return `${prefix}.${project}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemple.fr`;
}
