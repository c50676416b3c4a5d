import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import type { Config } from '../env.ts';
import { clientAddress } from './client-address.ts';
import type { AppDatabase, Clock } from './database.ts';
import { HttpError, MESSAGES } from './errors.ts';
import {
  databaseRateLimitStore,
  redisRateLimitStore,
  type RateLimitStore,
} from './rate-limit-store.ts';
import { decodedPathname } from './url-path.ts';

/**
 * Three tiers (ARCHITECTURE.md security baseline), counted per client address:
 * - read: every request (global default), counted in process memory: a flood guard that must
 *   not cost a database round trip on cached public pages (decision record 0005);
 * - write: member submissions and other state changes,
 * - auth: sign-in, sign-up, password reset and anonymous forms (contact, export, captcha).
 * The write and auth tiers, and the per-account limits (`limiter.consume`), use counters every
 * instance shares: Redis with REDIS_URL, else the database.
 */
export type RateLimitTier = 'read' | 'write' | 'auth';
type SharedTier = Exclude<RateLimitTier, 'read'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Shared tier of the route (routeRateLimit). */
    sharedRateLimit?: SharedTier;
  }
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** Per-account attempts (sign-in, sign-up, reset) are counted over this window. */
export const ACCOUNT_WINDOW_MS = 15 * 60_000;

export function tierMax(config: Config, tier: RateLimitTier): number {
  switch (tier) {
    case 'read':
      return config.RATE_LIMIT_READ_MAX;
    case 'write':
      return config.RATE_LIMIT_WRITE_MAX;
    case 'auth':
      return config.RATE_LIMIT_AUTH_MAX;
  }
}

const UNITS: Record<string, number> = {
  ms: 1,
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

/** RATE_LIMIT_WINDOW ("1 minute", "30 seconds", "500") in milliseconds. */
export function windowMs(config: Config): number {
  const found = /^(\d+)\s*([a-z]*?)s?$/.exec(config.RATE_LIMIT_WINDOW.trim());
  if (!found) return 60_000;
  return Number(found[1]) * (UNITS[found[2] || 'ms'] ?? 1);
}

/** Route option of the write and auth tiers: `{ ...routeRateLimit(config, 'auth') }`. */
export function routeRateLimit(_config: Config, tier: SharedTier) {
  return { config: { sharedRateLimit: tier } };
}

export interface RateLimiter {
  /** Counts one attempt on `key`; throws 429 with a French message past `max` per window. */
  consume(key: string, max: number, windowMs: number): Promise<void>;
}

function tooMany(resetAt: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new HttpError(429, MESSAGES.tooManyRequests(seconds));
}

/** Static files (a page load fetches about twenty) and the health probe are not counted. */
const UNLIMITED_PREFIXES = [
  '/assets/',
  '/dsfr/',
  '/uploads/',
  '/favicon',
  '/healthz',
  '/@',
  '/src/',
  '/node_modules/',
];

/** Addresses whose read counts are kept (the least recent are dropped), as the plugin's own store. */
const READ_COUNTERS_MAX_KEYS = 5000;

/**
 * The read tier's fixed-window counters, in process memory. One instance is the rate-limit
 * plugin's store (its documented `store` option) and also counts the answers the public cache
 * sends before Fastify (its front door), so both paths count against the same limit.
 */
class ReadCounters {
  readonly #windows = new LRUCache<string, { count: number; startedAt: number }>({
    max: READ_COUNTERS_MAX_KEYS,
  });

  constructor(readonly windowMs: number) {}

  /** One more read by `key`: the count in the current window and the milliseconds it has left. */
  hit(key: string): { count: number; ttlMs: number } {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.startedAt + this.windowMs <= now) {
      window = { count: 0, startedAt: now };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, ttlMs: window.startedAt + this.windowMs - now };
  }
}

/**
 * The read tier for an answer sent without Fastify (the public cache's front door): counts the
 * request as the plugin's hook would, and gives the headers it would add, or null when the
 * request is over the limit (Fastify's path then answers the 429).
 */
export type ReadLimit = (request: IncomingMessage) => [name: string, value: string][] | null;

const isUnlimited = (url: string | undefined): boolean => {
  const pathname = decodedPathname(url ?? '/');
  return UNLIMITED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
};

/**
 * Registers the three tiers; returns the read tier for the public cache's front door (null when
 * rate limiting is off).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: { config: Config; db: AppDatabase; clock: Clock },
): Promise<ReadLimit | null> {
  const { config, clock } = deps;
  const inDatabase = databaseRateLimitStore(deps.db, clock);
  const store: RateLimitStore = config.REDIS_URL
    ? redisRateLimitStore(config.REDIS_URL, { fallback: inDatabase, log: app.log })
    : inDatabase;
  app.addHook('onClose', async () => store.close());

  const limiter: RateLimiter = {
    async consume(key, max, window) {
      if (!config.RATE_LIMIT_ENABLED) return;
      const { count, resetAt } = await store.hit(key, window);
      if (count > max) throw tooMany(resetAt, clock());
    },
  };
  app.decorate('rateLimiter', limiter);
  if (!config.RATE_LIMIT_ENABLED) return null;

  const tierWindow = windowMs(config);
  // Callback style: on every other route (cached pages included) it returns at once.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const tier = request.routeOptions.config.sharedRateLimit;
    if (!tier) return done();
    limiter.consume(`${tier}:${request.ip}`, tierMax(config, tier), tierWindow).then(
      () => done(),
      (error: Error) => done(error),
    );
  });

  const readMax = config.RATE_LIMIT_READ_MAX;
  const counters = new ReadCounters(tierWindow);
  const addressOf = clientAddress(config.TRUST_PROXY);
  const readKey = (request: IncomingMessage) => `read:${addressOf(request)}`;
  class ReadStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    ) {
      const { count, ttlMs } = counters.hit(key);
      callback(null, { current: count, ttl: ttlMs });
    }
    // The read tier has no per-route settings: every route counts in the same window.
    child() {
      return this;
    }
  }
  await app.register(rateLimit, {
    // Not per route: see the app-wide hook below.
    global: false,
    max: readMax,
    timeWindow: tierWindow,
    store: ReadStore,
    keyGenerator: (request) => readKey(request.raw),
    allowList: (request) => isUnlimited(request.url),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      // Thrown by the plugin and answered by the global error handler.
      return Object.assign(new Error(MESSAGES.tooManyRequests(seconds)), {
        statusCode: context.statusCode,
      });
    },
  });
  // The read tier as an app-wide hook, registered before the public response cache's hook
  // (decision 0005), so that answers from the cache are counted too. Added to each route
  // (`global: true`), it ran after every app-wide hook, and a cached answer, which ends the
  // request in an app-wide hook, was never counted.
  app.addHook('onRequest', app.rateLimit());

  return (request) => {
    if (isUnlimited(request.url)) return [];
    const { count, ttlMs } = counters.hit(readKey(request));
    if (count > readMax) return null;
    // The plugin's headers, as it writes them below the limit.
    return [
      ['x-ratelimit-limit', String(readMax)],
      ['x-ratelimit-remaining', String(Math.max(0, readMax - count))],
      ['x-ratelimit-reset', String(Math.ceil(ttlMs / 1000))],
    ];
  };
}
