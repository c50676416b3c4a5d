import type { FastifyInstance } from 'fastify';
import { encodedBody, gzipPage, type PublicResponseCache } from './response-cache.ts';

export interface CacheWarmerOptions {
  cache: PublicResponseCache;
  /** At most this many answers are computed again after a change; 0: none. */
  maxEntries: number;
  /** Quiet time after the last change before they are (a publication makes several changes). */
  delayMs: number;
  /** Computes the answer to an anonymous GET of `key` (which keeps it in the cache). */
  get: (key: string) => Promise<void>;
  onError: (error: unknown, key: string) => void;
}

/**
 * Fills the public cache again after a change of the public content (decision 0005). Every
 * change empties the whole cache, and the next visitor of each page waited for it to be computed:
 * on the map, the region's 21 list pages one after the other on the server. The answers the
 * cache held when it was emptied (the most recently used first, up to `maxEntries`) are computed
 * again in the background, one at a time, once the changes have stopped for `delayMs`. A newer
 * change stops the round: its own round follows, with what was left.
 */
export class CacheWarmer {
  readonly #options: CacheWarmerOptions;
  /** Addresses to compute, the most recently used first, without duplicates. */
  #pending: string[] = [];
  #timer: NodeJS.Timeout | null = null;
  #round: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(options: CacheWarmerOptions) {
    this.#options = options;
  }

  /**
   * The cache is being emptied; `keys` are in it, the most recently used first (read at once:
   * the cache is cleared after this call).
   */
  emptied(keys: Iterable<string>): void {
    const { maxEntries, delayMs } = this.#options;
    if (maxEntries === 0 || this.#closed) return;
    const pending = new Set(this.#pending);
    for (const key of keys) {
      if (pending.size >= maxEntries) break;
      pending.add(key);
    }
    this.#pending = [...pending];
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#round = this.#round.then(() => this.#run());
    }, delayMs);
    this.#timer.unref();
  }

  /** Resolves once no round is running nor waiting (tests). */
  async idle(): Promise<void> {
    while (this.#timer) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.#round;
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
      const key = this.#pending[0]!;
      if (!cache.has(key)) {
        try {
          await get(key);
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
  return async (key: string): Promise<void> => {
    await app.inject({
      method: 'GET',
      url: key,
      headers: { 'accept-encoding': 'identity' },
      remoteAddress: WARMER_ADDRESS,
    });
    const entry = cache.get(key);
    if (entry?.kind === 'json') encodedBody(entry, 'br');
    else if (entry?.kind === 'page') gzipPage(entry);
  };
}
