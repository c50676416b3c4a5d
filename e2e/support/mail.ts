import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from '@playwright/test';

/** The e-mails the server of the browser tests wrote as .eml files (SMTP_URL unset). */
function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return join(dataDir, 'mail');
}

export interface ReceivedMail {
  subject: string;
  text: string;
  to: string[];
}

/** Waits for the first message to `address` whose subject matches, as the job worker writes it. */
export async function receivedMail(address: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const dir = mailDir();
        if (!existsSync(dir)) return false;
        for (const file of readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()) {
          const parsed = await simpleParser(readFileSync(join(dir, file)));
          const to = [parsed.to]
            .flat()
            .flatMap((a) => a?.value.map((v) => (v.address ?? '').toLowerCase()) ?? []);
          if (to.includes(address.toLowerCase()) && subject.test(parsed.subject ?? '')) {
            found = { subject: parsed.subject ?? '', text: parsed.text ?? '', to };
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

/** The first link of a message's text, as a path of the site (the test server's APP_URL). */
export function firstLink(mail: ReceivedMail): string {
  const found = /https?:\/\/\S+/.exec(mail.text);
  if (!found) throw new Error(`no link in: ${mail.text}`);
  const url = new URL(found[0]);
  return url.pathname + url.search;
}
