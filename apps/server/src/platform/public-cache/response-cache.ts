import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { compressPage, type GzipPage } from './page-gzip.ts';

/**
 * Brotli quality 5 and gzip level 6 for JSON compressed on demand (static files are compressed at
 * their highest levels when built). Measured on answers of 1, 4 and 15 KB: brotli 11 took 1.7, 5.7
 * and 20.8 ms, on the path of a request, for output at most 8 % smaller than quality 5's (0.05 to
 * 0.08 ms); gzip 9 gave the same bytes as gzip 6. A map list page (250 KB) takes 3 to 4 ms.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/** Browser and proxy lifetime of public JSON, for its route (publicGet) and its cached answers. */
export const PUBLIC_JSON_MAX_AGE_SECONDS = 60;

interface Kept {
  /** When a visitor last got this answer (ms since the epoch): the cache warmer's order. */
  readAt?: number;
}

/**
 * A public answer computed once (the API's JSON; also the sitemap's XML), stored with its ETag,
 * its headers and, once asked for, its compressed forms.
 */
export interface CachedJson extends Kept {
  kind: 'json';
  body: Buffer;
  etag: string;
  /** Content-Type and Cache-Control, as the route sends them. */
  type: string;
  cacheControl: string;
  /** Compressed bodies by encoding ('br', 'gzip'), made on first demand. */
  encoded: Map<string, Buffer>;
}

/** A server-rendered page, cut where the visitor's CSRF token goes (encoded once). */
export interface CachedPage extends Kept {
  kind: 'page';
  status: number;
  before: Buffer;
  after: Buffer;
  /** Its gzip form but for the token, made on the first request that accepts gzip. */
  gzip?: GzipPage;
}

export interface CachedRedirect extends Kept {
  kind: 'redirect';
  status: 301 | 302;
  location: string;
}

export type CachedResponse = CachedJson | CachedPage | CachedRedirect;

const size = (entry: CachedResponse): number => {
  switch (entry.kind) {
    case 'json':
      return entry.body.length * 2 + 200; // the body and, at most, its two compressed forms
    case 'page':
      // The page and, at most, its gzip form.
      return Math.ceil((entry.before.length + entry.after.length) * 1.3) + 200;
    case 'redirect':
      return entry.location.length * 2 + 200;
  }
};

/** An answer to keep: JSON for a minute unless told otherwise. */
export function jsonEntry(
  body: string,
  options: { type?: string; maxAgeSeconds?: number } = {},
): CachedJson {
  const buffer = Buffer.from(body);
  const etag = `W/"${createHash('sha1').update(buffer).digest('base64url')}"`;
  return {
    kind: 'json',
    body: buffer,
    etag,
    type: options.type ?? 'application/json; charset=utf-8',
    cacheControl: `public, max-age=${options.maxAgeSeconds ?? PUBLIC_JSON_MAX_AGE_SECONDS}`,
    encoded: new Map(),
  };
}

/** The body of a cached JSON answer in `encoding`, compressed once and kept with the entry. */
export function encodedBody(entry: CachedJson, encoding: 'br' | 'gzip'): Buffer {
  let body = entry.encoded.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(entry.body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
          })
        : gzipSync(entry.body, { level: GZIP_LEVEL });
    entry.encoded.set(encoding, body);
  }
  return body;
}

/**
 * In-process cache of the answers to anonymous GETs of public pages and JSON (decision record
 * 0005), keyed by path and query. Safe to drop at any time: another instance never needs it.
 *
 * Invalidation bumps a generation: an answer computed from data read before a change can no
 * longer be stored once the change is known (`set` with the generation read at the start of
 * the request), so a slow render never puts stale content back into the cache.
 */
export class PublicResponseCache {
  readonly #entries: LRUCache<string, CachedResponse>;
  readonly #enabled: boolean;
  #generation = 0;
  /** Set while this instance cannot hear the others' changes: nothing is kept meanwhile. */
  #paused = false;
  #onEmptied: ((entries: [key: string, readAt: number][]) => void) | null = null;

  /** `enabled: false` (development with Vite): edited components must show on the next load. */
  constructor(options: { maxBytes?: number; enabled?: boolean } = {}) {
    this.#enabled = options.enabled ?? true;
    this.#entries = new LRUCache<string, CachedResponse>({
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: size,
    });
  }

  get generation(): number {
    return this.#generation;
  }

  /** Whether answers may be kept (see `pause`): the memos that follow the cache ask too. */
  get keeping(): boolean {
    return this.#enabled && !this.#paused;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The answer kept for `key`, for a visitor: it counts as read now. */
  get(key: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (entry) entry.readAt = Date.now();
    return entry;
  }

  /** The answer kept for `key`, not for a visitor (no reading, no recency). */
  peek(key: string): CachedResponse | undefined {
    return this.#entries.peek(key);
  }

  /**
   * `listener` is called whenever the cache is emptied, with each address it held and when a
   * visitor last read it (the cache warmer).
   */
  onEmptied(listener: (entries: [key: string, readAt: number][]) => void): void {
    this.#onEmptied = listener;
  }

  /** Stores `entry` unless the content changed since `generation` was read. */
  set(key: string, entry: CachedResponse, generation: number): boolean {
    if (!this.#enabled || this.#paused || generation !== this.#generation) return false;
    entry.readAt ??= Date.now(); // computed for a visitor
    this.#entries.set(key, entry);
    return true;
  }

  /** Forgets every answer: the public content changed. */
  invalidate(): void {
    this.#generation += 1;
    const forgotten = this.#onEmptied
      ? [...this.#entries.entries()].map(
          ([key, entry]) => [key, entry.readAt ?? 0] as [string, number],
        )
      : [];
    this.#entries.clear();
    try {
      this.#onEmptied?.(forgotten);
    } catch {
      // The cache is empty whatever its listener does.
    }
  }

  /**
   * The changes of the other instances can no longer be heard (their notifications' connection
   * is lost): every answer is forgotten, and none is kept until `resume`.
   */
  pause(): void {
    this.#paused = true;
    this.invalidate();
  }

  /** Heard again: answers are kept again (after forgetting what may have changed meanwhile). */
  resume(): void {
    this.#paused = false;
    this.invalidate();
  }
}

/** The gzip form of a cached page, compressed once and kept with the entry. */
export function gzipPage(entry: CachedPage): GzipPage {
  return (entry.gzip ??= compressPage(entry.before, entry.after));
}

/** The page with the visitor's CSRF token (already HTML-safe) in its slot. */
export function pageBody(entry: Pick<CachedPage, 'before' | 'after'>, token: string): Buffer {
  return Buffer.concat([entry.before, Buffer.from(token), entry.after]);
}
