import { describe, expect, it } from 'vitest';
import { hashTarget } from './url-hash.ts';

describe('hashTarget', () => {
  it('decodes the id a hash names', () => {
    expect(hashTarget('#lettre-e')).toBe('lettre-e');
    expect(hashTarget('#%C3%A9picerie')).toBe('épicerie');
    expect(hashTarget('')).toBe('');
  });

  it('keeps a malformed escape as it is instead of throwing', () => {
    expect(hashTarget('#%')).toBe('%');
    expect(hashTarget('#%E9picerie')).toBe('%E9picerie');
  });
});
