import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { rateLimitCounters } from '../db/schema/platform.ts';
import type { AppDatabase, Clock } from './database.ts';

/**
 * Fixed-window counters every instance sees (brute-force limits must hold across instances):
 * Redis when REDIS_URL is set, else the database's `rate_limit_counters` table.
 */
export interface RateLimitStore {
  /** Counts one hit on `key`; the window starts with the first hit. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: Date }>;
  close(): Promise<void>;
}

export function databaseRateLimitStore(db: AppDatabase, clock: Clock): RateLimitStore {
  let hits = 0;
  return {
    async hit(key, windowMs) {
      const now = clock();
      const resetAt = new Date(now.getTime() + windowMs);
      // One statement: a new window when the previous one is over, else one more hit.
      const rows = await db
        .insert(rateLimitCounters)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`CASE WHEN ${rateLimitCounters.resetAt} <= ${now} THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
            resetAt: sql`CASE WHEN ${rateLimitCounters.resetAt} <= ${now} THEN ${resetAt} ELSE ${rateLimitCounters.resetAt} END`,
          },
        })
        .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
      // Old windows are dropped now and then, not on every hit.
      hits += 1;
      if (hits % 500 === 0) {
        await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.resetAt} < ${now}`);
      }
      const row = rows[0]!;
      return { count: row.count, resetAt: new Date(row.resetAt) };
    },
    async close() {},
  };
}

/** How often a Redis failure is logged while it lasts. */
const REDIS_WARNING_INTERVAL_MS = 60_000;

/**
 * Counters in Redis. Redis down, slow or refusing: the hit is counted by `fallback` (the
 * database's counters, also shared by every instance) and a warning is logged once a minute, so
 * that the forms keep working and the limits keep holding. A command never waits more than a
 * second, and none is queued while Redis is unreachable.
 */
export function redisRateLimitStore(
  url: string,
  deps: { fallback: RateLimitStore; log: { warn: (details: object, message: string) => void } },
): RateLimitStore {
  const redis = new Redis(url, {
    connectTimeout: 2000,
    commandTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  let warnedAt = 0;
  const warn = (error: unknown) => {
    const now = Date.now();
    if (now - warnedAt < REDIS_WARNING_INTERVAL_MS) return;
    warnedAt = now;
    deps.log.warn({ err: error }, 'rate limit: Redis unavailable, counting in the database');
  };
  redis.on('error', warn);
  return {
    async hit(key, windowMs) {
      try {
        const name = `ad:rate:${key}`;
        const result = await redis
          .multi()
          .incr(name)
          .pexpire(name, windowMs, 'NX')
          .pttl(name)
          .exec();
        const failed = result?.find(([error]) => error)?.[0];
        if (!result || failed) throw failed ?? new Error('Redis transaction discarded');
        const count = Number(result[0]?.[1] ?? 1);
        const ttl = Number(result[2]?.[1] ?? windowMs);
        return { count, resetAt: new Date(Date.now() + Math.max(0, ttl)) };
      } catch (error) {
        warn(error);
        return deps.fallback.hit(key, windowMs);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
