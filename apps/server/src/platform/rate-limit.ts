import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../env.ts';
import { MESSAGES } from './errors.ts';
import { decodedPathname } from './url-path.ts';

/**
 * Three tiers (ARCHITECTURE.md security baseline), counted per client address:
 * - read: every request (global default),
 * - write: member submissions and other state changes,
 * - auth: login, sign-up, password reset and anonymous forms (contact, export, captcha).
 * Counters live in process memory for now; the scale-out plan moves them to PostgreSQL/Redis
 * through the plugin's `redis`/`store` option without touching the routes.
 */
export type RateLimitTier = 'read' | 'write' | 'auth';

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

/**
 * Per-route option: `{ config: { rateLimit: rateLimitTier(config, 'auth') } }`.
 * Each tier has its own counter (keyed by tier), so a burst of reads never blocks a login.
 */
export function rateLimitTier(config: Config, tier: RateLimitTier): RateLimitOptions {
  return {
    max: tierMax(config, tier),
    timeWindow: config.RATE_LIMIT_WINDOW,
    keyGenerator: (request: FastifyRequest) => `${tier}:${request.ip}`,
  };
}

/** Shorthand for route options: `{ ...routeRateLimit(config, 'write') }`. */
export function routeRateLimit(config: Config, tier: RateLimitTier) {
  return { config: { rateLimit: rateLimitTier(config, tier) } };
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

export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.RATE_LIMIT_ENABLED) return;
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_READ_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW,
    keyGenerator: (request) => `read:${request.ip}`,
    allowList: (request) => {
      const pathname = decodedPathname(request.url);
      return UNLIMITED_PREFIXES.some((p) => pathname.startsWith(p));
    },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      // Thrown by the plugin and answered by the global error handler.
      return Object.assign(new Error(MESSAGES.tooManyRequests(seconds)), {
        statusCode: context.statusCode,
      });
    },
  });
}
