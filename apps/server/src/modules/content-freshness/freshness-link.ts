import { INITIATIVE_UP_TO_DATE_PATH } from '@ad/contract/account/upkeep';
import type { Config } from '../../env.ts';
import { hmac, safeEqual } from '../../platform/auth/tokens.ts';

/**
 * The signed « my initiative is still up to date » link of the freshness and retention e-mails:
 * `/initiative-a-jour/:id?expires=<unix seconds>&signature=<base64url>`, where the
 * signature is HMAC-SHA256 over (initiative id, owner id, expiry) with a key derived from
 * SESSION_SECRET (one secret to manage, a key of its own). Nothing is stored: the owner id is
 * the initiative's current owner, so a link stops working when the initiative changes hands.
 */

export interface FreshnessLinkSubject {
  initiativeId: number;
  ownerId: number;
}

export type FreshnessLinkVerdict = 'valid' | 'expired' | 'invalid';

const keys = new Map<string, string>();

/** The HMAC key of these links, derived once per secret. */
function linkKey(sessionSecret: string): string {
  let key = keys.get(sessionSecret);
  if (key === undefined) {
    key = hmac(sessionSecret, 'initiative-freshness:link-key');
    keys.set(sessionSecret, key);
  }
  return key;
}

export function freshnessSignature(
  sessionSecret: string,
  subject: FreshnessLinkSubject,
  expires: number,
): string {
  return hmac(
    linkKey(sessionSecret),
    `initiative-up-to-date:${subject.initiativeId}:${subject.ownerId}:${expires}`,
  );
}

/** The absolute link for an e-mail, valid until `expiresAt` (rounded down to the second). */
export function freshnessLink(
  config: Pick<Config, 'APP_URL' | 'SESSION_SECRET'>,
  subject: FreshnessLinkSubject,
  expiresAt: Date,
): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const signature = freshnessSignature(config.SESSION_SECRET, subject, expires);
  const path = INITIATIVE_UP_TO_DATE_PATH.replace(':id', String(subject.initiativeId));
  return `${config.APP_URL}${path}?expires=${expires}&signature=${signature}`;
}

/**
 * Checks a link's parameters against the initiative's current owner: 'invalid' when anything was
 * changed (the signature is compared in constant time), 'expired' when it is genuine but late.
 */
export function checkFreshnessLink(
  sessionSecret: string,
  subject: FreshnessLinkSubject,
  query: { expires: unknown; signature: unknown },
  now: Date,
): FreshnessLinkVerdict {
  const { expires, signature } = query;
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
  if (typeof signature !== 'string' || signature.length > 100) return 'invalid';
  const expected = freshnessSignature(sessionSecret, subject, Number(expires));
  if (!safeEqual(signature, expected)) return 'invalid';
  return Number(expires) * 1000 < now.getTime() ? 'expired' : 'valid';
}
