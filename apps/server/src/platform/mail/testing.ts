/** Reading the messages the `.eml` transport wrote (tests only; mailparser is a dev dependency). */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

export interface TestMail {
  /** File name under the mail folder (sorted by time). */
  file: string;
  from: string;
  /** Recipient addresses, lower-cased. */
  to: string[];
  /** Kept in the .eml files of the development transport (SMTP never shows it). */
  bcc: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  date: Date | undefined;
  attachments: { filename: string | undefined; contentType: string; content: Buffer }[];
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** Parses one raw message. */
export async function parseMail(raw: Buffer | string, file = ''): Promise<TestMail> {
  const parsed = await simpleParser(raw);
  return {
    file,
    from: parsed.from?.text ?? '',
    to: addresses(parsed.to),
    bcc: addresses(parsed.bcc),
    replyTo: addresses(parsed.replyTo),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    messageId: parsed.messageId,
    date: parsed.date,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

/** Every message of `dir` (a test app's `mailDir`), oldest first. */
export async function readMails(dir: string): Promise<TestMail[]> {
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => parseMail(await readFile(path.join(dir, file)), file)),
  );
}

/**
 * The first message of `dir` matching `predicate`, once the worker has written it (messages are
 * sent by a job, after the request has answered). Throws after `timeoutMs`.
 */
export async function waitForMail(
  dir: string,
  predicate: (mail: TestMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<TestMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMails(dir)).find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Mail addressed to `address` (case-insensitive). */
export const mailTo =
  (address: string) =>
  (mail: TestMail): boolean =>
    mail.to.includes(address.toLowerCase());
