import { describe, expect, it } from 'vitest';
import { MAX_LIST_PAGE } from '@ad/contract';
import { listStateFrom, validCodes, validIds } from './list-params.ts';

describe('list state from a mistyped or old address (decision 0010: the list without it)', () => {
  it('reads a page the API would refuse as the first page', () => {
    const page = (value: string) => listStateFrom(new URLSearchParams({ page: value }), []).page;
    expect(page('3')).toBe(3);
    expect(page(String(MAX_LIST_PAGE))).toBe(MAX_LIST_PAGE);
    expect(page(String(MAX_LIST_PAGE + 1))).toBe(1);
    expect(page('2.5')).toBe(1);
    expect(page('-1')).toBe(1);
  });

  it('keeps only the codes the API takes: trimmed, 1 to 64 characters, once, at most 100', () => {
    expect(validCodes(['33', ' 24 ', '33', ' ', 'x'.repeat(65), 'x'.repeat(64)])).toEqual([
      '33',
      '24',
      'x'.repeat(64),
    ]);
    expect(validCodes(Array.from({ length: 150 }, (_, i) => `c${i}`))).toHaveLength(100);
  });

  it('keeps only positive integer ids', () => {
    expect(validIds(['1', '0', 'abc', '12', '1'])).toEqual(['1', '12']);
  });
});
