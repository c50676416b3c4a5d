import { afterEach, describe, expect, it } from 'vitest';
import { CacheWarmer } from './cache-warmer.ts';
import { jsonEntry, PublicResponseCache } from './response-cache.ts';

const HOUR = 60 * 60 * 1000;

/** A cache and its warmer, whose `get` records each address and keeps an answer for it. */
function setUp(maxEntries = 10, onGet: (key: string) => void = () => {}) {
  const cache = new PublicResponseCache();
  const fetched: string[] = [];
  const errors: unknown[] = [];
  const warmer = new CacheWarmer({
    cache,
    maxEntries,
    delayMs: 5,
    get: async (key, readAt) => {
      // As a request does: the generation read first, the answer refused after a change.
      const generation = cache.generation;
      fetched.push(key);
      onGet(key);
      const entry = jsonEntry('{}');
      entry.readAt = readAt;
      cache.set(key, entry, generation);
    },
    onError: (error) => errors.push(error),
  });
  cache.onEmptied((entries) => warmer.emptied(entries));
  warmers.push(warmer);
  /** Answers computed for visitors, read `hoursAgo` (the first one read last by default). */
  const keep = (keys: string[], hoursAgo: number[] = keys.map((_, i) => i / 100)) => {
    keys.forEach((key, i) => {
      const entry = jsonEntry('{}');
      entry.readAt = Date.now() - hoursAgo[i]! * HOUR;
      cache.set(key, entry, cache.generation);
    });
  };
  return { cache, warmer, fetched, errors, keep };
}

const warmers: CacheWarmer[] = [];
afterEach(async () => {
  for (const warmer of warmers.splice(0)) await warmer.close();
});

describe('CacheWarmer', () => {
  it('computes again, after a change, what visitors read last, the most recent first', async () => {
    const { cache, warmer, fetched, errors, keep } = setUp(2);
    keep(['/b', '/c', '/a'], [2, 3, 1]);
    cache.invalidate();
    expect(cache.size).toBe(0);
    await warmer.idle();
    expect(fetched).toEqual(['/a', '/b']);
    expect(cache.peek('/a') && cache.peek('/b')).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('leaves out what no visitor read within a day, and computing is no reading', async () => {
    const { cache, warmer, fetched, keep } = setUp();
    keep(['/read', '/old'], [23, 25]);
    cache.invalidate();
    await warmer.idle();
    expect(fetched).toEqual(['/read']);
    // Its time of reading is still the visitor's, 23 hours ago: it goes out of the set with it.
    expect(Date.now() - cache.peek('/read')!.readAt!).toBeGreaterThan(22 * HOUR);
    cache.get('/read'); // a visitor
    expect(Date.now() - cache.peek('/read')!.readAt!).toBeLessThan(HOUR);
  });

  it('waits for the changes to stop, then makes one round of what every change emptied', async () => {
    const { cache, warmer, fetched, keep } = setUp();
    keep(['/a'], [1]);
    cache.invalidate();
    keep(['/b'], [0]); // a visitor between two changes of one publication
    cache.invalidate();
    await warmer.idle();
    expect(fetched).toEqual(['/b', '/a']);
  });

  it('skips what a visitor computed meanwhile', async () => {
    const { cache, warmer, fetched, keep } = setUp();
    keep(['/a', '/b']);
    cache.invalidate();
    keep(['/a']);
    await warmer.idle();
    expect(fetched).toEqual(['/b']);
  });

  it('stops its round at a newer change, and the next round computes what was left', async () => {
    let cache: PublicResponseCache | null = null;
    const setup = setUp(10, (key) => {
      if (key === '/a' && setup.fetched.length === 1) cache!.invalidate();
    });
    cache = setup.cache;
    setup.keep(['/a', '/b', '/c']);
    cache.invalidate();
    await setup.warmer.idle();
    // '/a' computed in the first round (its answer refused: computed before the change), then
    // again with the rest in the second.
    expect(setup.fetched).toEqual(['/a', '/a', '/b', '/c']);
    expect(['/a', '/b', '/c'].every((key) => cache!.peek(key))).toBe(true);
  });

  it('goes on after a failed answer, which it reports', async () => {
    const { cache, warmer, fetched, errors, keep } = setUp(10, (key) => {
      if (key === '/a') throw new Error('down');
    });
    keep(['/a', '/b']);
    cache.invalidate();
    await warmer.idle();
    expect(fetched).toEqual(['/a', '/b']);
    expect(errors).toEqual([new Error('down')]);
  });

  it('computes nothing when told to keep none, nor once closed', async () => {
    const none = setUp(0);
    none.keep(['/a']);
    none.cache.invalidate();
    await none.warmer.idle();
    expect(none.fetched).toEqual([]);

    const closed = setUp();
    closed.keep(['/a']);
    closed.cache.invalidate();
    await closed.warmer.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed.fetched).toEqual([]);
  });
});
