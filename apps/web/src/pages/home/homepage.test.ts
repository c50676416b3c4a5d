import { describe, expect, it } from 'vitest';
import { splitHomePosts } from './homepage.ts';

const posts = (ids: number[]) => ids.map((id) => ({ id }));

describe('splitHomePosts', () => {
  it('shows the 2 first posts, then up to 3 of the last ones not already shown', () => {
    expect(splitHomePosts(posts([1, 2, 3, 4, 5]), 2, 3)).toEqual({
      first: posts([1, 2]),
      last: posts([3, 4, 5]),
    });
    expect(splitHomePosts(posts([1, 2, 3, 4, 5, 6, 7]), 2, 3).last).toEqual(posts([5, 6, 7]));
  });

  it('never shows a post twice, with few posts', () => {
    expect(splitHomePosts(posts([1, 2, 3]), 2, 3)).toEqual({
      first: posts([1, 2]),
      last: posts([3]),
    });
    expect(splitHomePosts([], 2, 3)).toEqual({ first: [], last: [] });
  });
});
