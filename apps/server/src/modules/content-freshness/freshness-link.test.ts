import { describe, expect, it } from 'vitest';
import { hmac } from '../../platform/auth/tokens.ts';
import { checkFreshnessLink, freshnessLink, freshnessSignature } from './freshness-link.ts';

const config = {
  APP_URL: 'https://exemple.fr',
  SESSION_SECRET: 'a-test-secret-of-at-least-32-characters!!',
};
const subject = { initiativeId: 42, ownerId: 7 };
const now = new Date('2030-05-01T10:00:00Z');
const expiresAt = new Date('2030-06-30T10:00:00.750Z');

function parts(link: string) {
  const url = new URL(link);
  return {
    url,
    query: {
      expires: url.searchParams.get('expires') ?? undefined,
      signature: url.searchParams.get('signature') ?? undefined,
    },
  };
}

describe('the signed freshness link', () => {
  it('points at the initiative with its expiry in seconds and a URL-safe signature', () => {
    const { url, query } = parts(freshnessLink(config, subject, expiresAt));
    expect(url.origin + url.pathname).toBe('https://exemple.fr/initiative-a-jour/42');
    expect(query.expires).toBe(String(Math.floor(expiresAt.getTime() / 1000)));
    expect(query.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(checkFreshnessLink(config.SESSION_SECRET, subject, query, now)).toBe('valid');
  });

  it('expires at the second it names, and not before', () => {
    const { query } = parts(freshnessLink(config, subject, expiresAt));
    const last = new Date(Number(query.expires) * 1000);
    expect(checkFreshnessLink(config.SESSION_SECRET, subject, query, last)).toBe('valid');
    const after = new Date(last.getTime() + 1);
    expect(checkFreshnessLink(config.SESSION_SECRET, subject, query, after)).toBe('expired');
  });

  it('refuses any change: expiry, signature, initiative, owner or secret', () => {
    const { query } = parts(freshnessLink(config, subject, expiresAt));
    const check = (q: { expires?: unknown; signature?: unknown }, s = subject, secret?: string) =>
      checkFreshnessLink(
        secret ?? config.SESSION_SECRET,
        s,
        { expires: q.expires, signature: q.signature },
        now,
      );
    const later = String(Number(query.expires) + 86_400);
    expect(check({ ...query, expires: later })).toBe('invalid');
    const flipped = `${query.signature!.slice(0, -1)}${query.signature!.endsWith('A') ? 'B' : 'A'}`;
    expect(check({ ...query, signature: flipped })).toBe('invalid');
    expect(check(query, { ...subject, initiativeId: 43 })).toBe('invalid');
    expect(check(query, { ...subject, ownerId: 8 })).toBe('invalid');
    expect(check(query, subject, 'another-secret-of-at-least-32-characters!')).toBe('invalid');
    expect(check({})).toBe('invalid');
    expect(check({ expires: ['1'], signature: query.signature })).toBe('invalid');
    expect(check({ expires: '-1', signature: query.signature })).toBe('invalid');
    expect(check({ expires: query.expires, signature: 'x'.repeat(500) })).toBe('invalid');
  });

  it('signs with a key of its own, not SESSION_SECRET itself', () => {
    const signature = freshnessSignature(config.SESSION_SECRET, subject, 1);
    expect(signature).toBe(freshnessSignature(config.SESSION_SECRET, subject, 1));
    expect(signature).not.toBe(hmac(config.SESSION_SECRET, 'initiative-up-to-date:42:7:1'));
  });
});
