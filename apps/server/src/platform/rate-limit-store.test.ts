import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-db.ts';
import { databaseRateLimitStore, redisRateLimitStore } from './rate-limit-store.ts';

/** The local Redis of the development and CI machines (README). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate-limit stores', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const clock = () => new Date();
  const warnings: string[] = [];
  const log = { warn: (_: object, message: string) => void warnings.push(message) };

  it('counts hits in a window, in the database', async () => {
    const store = databaseRateLimitStore(database.db, clock);
    const key = `test:${randomUUID()}`;
    expect((await store.hit(key, 60_000)).count).toBe(1);
    const second = await store.hit(key, 60_000);
    expect(second.count).toBe(2);
    expect(second.resetAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('counts hits in Redis', async () => {
    const fallback = databaseRateLimitStore(database.db, clock);
    const store = redisRateLimitStore(REDIS_URL, { fallback, log });
    try {
      const key = `test:${randomUUID()}`;
      // The first hits may come before the connection is ready: counted by the fallback.
      await expect
        .poll(async () => (await store.hit(`${key}:ready`, 60_000)).count)
        .toBeGreaterThan(1);
      expect((await store.hit(key, 60_000)).count).toBe(1);
      const second = await store.hit(key, 60_000);
      expect(second.count).toBe(2);
      expect(second.resetAt.getTime() - Date.now()).toBeGreaterThan(50_000);
      // In Redis itself, not in the fallback.
      const direct = new Redis(REDIS_URL);
      try {
        expect(await direct.get(`ad:rate:${key}`)).toBe('2');
      } finally {
        direct.disconnect();
      }
    } finally {
      await store.close();
    }
  });

  it('counts in the database when Redis cannot be reached, and says so once', async () => {
    warnings.length = 0;
    const fallback = databaseRateLimitStore(database.db, clock);
    // Nothing listens on port 1.
    const store = redisRateLimitStore('redis://127.0.0.1:1', { fallback, log });
    try {
      const key = `test:${randomUUID()}`;
      const started = Date.now();
      expect((await store.hit(key, 60_000)).count).toBe(1);
      expect((await store.hit(key, 60_000)).count).toBe(2);
      expect((await store.hit(key, 60_000)).count).toBe(3);
      // No hit waited for a connection.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(warnings).toEqual(['rate limit: Redis unavailable, counting in the database']);
    } finally {
      await store.close();
    }
  });
});
