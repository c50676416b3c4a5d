import { afterEach, describe, expect, it } from 'vitest';
import { CacheWarmer } from './cache-warmer.ts';
import { jsonEntry, PublicResponseCache } from './response-cache.ts';

/** A cache and its warmer, whose `get` records each address and keeps an answer for it. */
function setUp(maxEntries = 10, onGet: (key: string) => void = () => {}) {
  const cache = new PublicResponseCache();
  const fetched: string[] = [];
  const warmer = new CacheWarmer({
    cache,
    maxEntries,
    delayMs: 5,
    get: async (key) => {
      // As a request does: the generation read first, the answer refused after a change.
      const generation = cache.generation;
      fetched.push(key);
      onGet(key);
      cache.set(key, jsonEntry('{}'), generation);
    },
    onError: (error) => {
      throw error;
    },
  });
  cache.onEmptied((keys) => warmer.emptied(keys));
  warmers.push(warmer);
  const keep = (...keys: string[]) => {
    for (const key of keys) cache.set(key, jsonEntry('{}'), cache.generation);
  };
  return { cache, warmer, fetched, keep };
}

const warmers: CacheWarmer[] = [];
afterEach(async () => {
  for (const warmer of warmers.splice(0)) await warmer.close();
});

describe('CacheWarmer', () => {
  it('computes again, after a change, what the cache held: the most recently used first', async () => {
    const { cache, warmer, fetched, keep } = setUp(2);
    keep('/a', '/b', '/c');
    cache.get('/a'); // used last
    cache.invalidate();
    expect(cache.size).toBe(0);
    await warmer.idle();
    expect(fetched).toEqual(['/a', '/c']);
    expect(cache.has('/a') && cache.has('/c')).toBe(true);
  });

  it('waits for the changes to stop, then makes one round of what every change emptied', async () => {
    const { cache, warmer, fetched, keep } = setUp();
    keep('/a');
    cache.invalidate();
    keep('/b'); // a visitor between two changes of one publication
    cache.invalidate();
    await warmer.idle();
    expect(fetched).toEqual(['/a', '/b']);
  });

  it('skips what a visitor computed meanwhile', async () => {
    const { cache, warmer, fetched, keep } = setUp();
    keep('/a', '/b');
    cache.invalidate();
    keep('/a');
    await warmer.idle();
    expect(fetched).toEqual(['/b']);
  });

  it('stops its round at a newer change, and the next round computes what was left', async () => {
    let cache: PublicResponseCache | null = null;
    const setup = setUp(10, (key) => {
      if (key === '/a' && setup.fetched.length === 1) cache!.invalidate();
    });
    cache = setup.cache;
    setup.keep('/c', '/b', '/a');
    cache.invalidate();
    await setup.warmer.idle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await setup.warmer.idle();
    // '/a' computed in the first round (its answer refused: computed before the change), then
    // again with the rest in the second.
    expect(setup.fetched).toEqual(['/a', '/a', '/b', '/c']);
    expect(['/a', '/b', '/c'].every((key) => cache!.has(key))).toBe(true);
  });

  it('computes nothing when told to keep none', async () => {
    const { cache, warmer, fetched, keep } = setUp(0);
    keep('/a');
    cache.invalidate();
    await warmer.idle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetched).toEqual([]);
  });
});
