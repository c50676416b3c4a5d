import type { FastifyInstance } from 'fastify';
import { encodedBody, gzipPage, type PublicResponseCache } from './response-cache.ts';

/** Only what a visitor read within this time is computed again. */
const READ_WITHIN_MS = 24 * 60 * 60 * 1000;

export interface CacheWarmerOptions {
  cache: PublicResponseCache;
  /** At most this many answers are computed again after a change; 0: none. */
  maxEntries: number;
  /** Quiet time after the last change before they are (a publication makes several changes). */
  delayMs: number;
  /**
   * Computes the answer to an anonymous GET of `key` (which keeps it in the cache) and leaves
   * its time of last reading at `readAt` (computing it again is no reading).
   */
  get: (key: string, readAt: number) => Promise<void>;
  onError: (error: unknown, key: string) => void;
}

/**
 * Fills the public cache again after a change of the public content (decision 0005). Every
 * change empties the whole cache, and the next visitor of each page waited for it to be computed:
 * on the map, the region's 21 list pages one after the other on the server. The answers the
 * cache held when it was emptied that a visitor read within the last day (the most recently read
 * first, up to `maxEntries`) are computed again in the background, one at a time, once the
 * changes have stopped for `delayMs`. A newer change stops the round: its own round follows,
 * with what was left.
 */
export class CacheWarmer {
  readonly #options: CacheWarmerOptions;
  /** Addresses to compute and when a visitor last read them, the most recent first. */
  #pending: [key: string, readAt: number][] = [];
  #timer: NodeJS.Timeout | null = null;
  #round: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(options: CacheWarmerOptions) {
    this.#options = options;
  }

  /** The cache was emptied of `entries`: each address and when a visitor last read it. */
  emptied(entries: Iterable<readonly [key: string, readAt: number]>): void {
    const { maxEntries, delayMs } = this.#options;
    if (maxEntries === 0 || this.#closed) return;
    const since = Date.now() - READ_WITHIN_MS;
    const readAt = new Map(this.#pending);
    for (const [key, at] of entries) {
      if (at >= since) readAt.set(key, Math.max(at, readAt.get(key) ?? 0));
    }
    this.#pending = [...readAt].sort((a, b) => b[1] - a[1]).slice(0, maxEntries);
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      // #run reports each failure itself: a failing report must not stop the later rounds.
      this.#round = this.#round.then(() => this.#run()).catch(() => undefined);
    }, delayMs);
    this.#timer.unref();
  }

  /** Resolves once no round is running nor waiting (tests). */
  async idle(): Promise<void> {
    do {
      while (this.#timer) await new Promise((resolve) => setTimeout(resolve, 10));
      await this.#round;
    } while (this.#timer);
  }

  /** Stops: no new round; the running one ends after its current answer. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#round;
  }

  async #run(): Promise<void> {
    const { cache, get, onError } = this.#options;
    const generation = cache.generation;
    while (this.#pending.length > 0) {
      // A newer change (its own round follows) or the cache off: stop here.
      if (this.#closed || cache.generation !== generation || !cache.keeping) return;
      const [key, readAt] = this.#pending[0]!;
      if (!cache.peek(key)) {
        try {
          await get(key, readAt);
        } catch (error) {
          onError(error, key);
        }
        // Computed from what was read before a newer change (not kept): first of the next round.
        if (cache.generation !== generation) return;
      } // else a visitor was quicker
      this.#pending.shift();
    }
  }
}

/** The address the warmer's requests come from (their own bucket of the read rate limit). */
const WARMER_ADDRESS = '127.0.0.254';

/**
 * Computes the answer to `key` as an anonymous visitor's request would (through every hook and
 * the route, which keeps it in the cache), then its compressed form a browser will ask for:
 * brotli for JSON, gzip for a page.
 */
export function warmThroughApp(app: FastifyInstance, cache: PublicResponseCache) {
  return async (key: string, readAt: number): Promise<void> => {
    // The injected request's address is parsed and written again: an address that this changes
    // (a raw space, `..`) would be computed and kept under another key.
    const parsed = new URL(key, 'http://warmer.invalid');
    if (parsed.pathname + parsed.search !== key) return;
    const response = await app.inject({
      method: 'GET',
      url: key,
      headers: { 'accept-encoding': 'identity' },
      remoteAddress: WARMER_ADDRESS,
    });
    if (response.statusCode >= 400) throw new Error(`answered ${response.statusCode}`);
    const entry = cache.peek(key);
    if (!entry) return;
    entry.readAt = readAt;
    if (entry.kind === 'json') encodedBody(entry, 'br');
    else if (entry.kind === 'page') gzipPage(entry);
  };
}
