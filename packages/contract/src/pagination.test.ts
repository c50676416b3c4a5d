import { describe, expect, it } from 'vitest';
import { pageList } from './pagination.ts';

describe('pageList', () => {
  it('lists every page while there are fewer than 14', () => {
    expect(pageList(1, 0)).toEqual([]);
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(5, 13)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('puts one ellipsis after the first pages near the start', () => {
    expect(pageList(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, '...', 19, 20]);
    expect(pageList(7, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, '...', 19, 20]);
  });

  it('puts one ellipsis before the last pages near the end', () => {
    expect(pageList(14, 20)).toEqual([1, 2, '...', 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageList(20, 20)).toEqual([1, 2, '...', 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('frames the current page with two ellipses in the middle', () => {
    expect(pageList(9, 20)).toEqual([1, 2, '...', 6, 7, 8, 9, 10, 11, 12, '...', 19, 20]);
    expect(pageList(500, 1000)).toEqual([
      1,
      2,
      '...',
      497,
      498,
      499,
      500,
      501,
      502,
      503,
      '...',
      999,
      1000,
    ]);
  });
});
