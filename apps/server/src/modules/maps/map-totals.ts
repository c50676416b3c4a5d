import { LRUCache } from 'lru-cache';

/** What a list read needs of the memo: the total of a filter set, if known, and to record one. */
export interface TotalsScope {
  get(key: string): number | undefined;
  set(key: string, total: number): void;
}

/**
 * The totals of the map lists by filter set, for one generation of the public content (the
 * public response cache's, bumped by every change of public content, platform/public-cache): the
 * pages of a list (the page fetches them all) then share one count, the most expensive part of a
 * page after the page itself. Forgotten when the content changes, exactly like the cached answers.
 */
export class MapTotals {
  readonly #entries = new LRUCache<string, number>({ max: 2_000 });
  readonly #content: { readonly generation: number; readonly keeping?: boolean };
  #generation: number;

  /** `keeping` false: the cache keeps nothing (its instance is deaf to changes), nor does this. */
  constructor(content: { readonly generation: number; readonly keeping?: boolean }) {
    this.#content = content;
    this.#generation = content.generation;
  }

  /**
   * The memo for a request that starts now: what it reads and records holds for the content of
   * now; a total counted while the content changed is not kept.
   */
  scope(): TotalsScope {
    const generation = this.#content.generation;
    if (generation !== this.#generation) {
      this.#entries.clear();
      this.#generation = generation;
    }
    return {
      get: (key) => (generation === this.#generation ? this.#entries.get(key) : undefined),
      set: (key, total) => {
        if (this.#content.keeping === false) return;
        if (generation === this.#content.generation && generation === this.#generation) {
          this.#entries.set(key, total);
        }
      },
    };
  }
}
