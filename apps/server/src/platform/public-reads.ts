import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicCache } from './http-cache.ts';
import { keepAndSend } from './public-cache/hook.ts';
import {
  jsonEntry,
  PUBLIC_JSON_MAX_AGE_SECONDS,
  type PublicResponseCache,
} from './public-cache/response-cache.ts';
import { HttpError, MESSAGES, ValidationError } from './errors.ts';
import { normaliseArrayKeys } from './list-input.ts';

/** Answers a public API read from its path parameters and query string. */
export type PublicRead = (input: Record<string, unknown>) => Promise<unknown>;

/**
 * The public API reads by route pattern ('/api/posts/:slug'). The server renderer answers the
 * queries of a page through it, in-process (the web app's `apiQuery` keys name the pattern),
 * with exactly what the API route would answer.
 */
export class PublicReads {
  readonly #reads = new Map<string, PublicRead>();

  add(path: string, read: PublicRead): void {
    if (this.#reads.has(path)) throw new Error(`Public read already registered: ${path}`);
    this.#reads.set(path, read);
  }

  resolve(path: string, input: Record<string, unknown>): Promise<unknown> {
    const read = this.#reads.get(path);
    if (!read) return Promise.reject(new HttpError(404, MESSAGES.notFound));
    return read(input);
  }
}

export interface PublicGetDeps {
  reads: PublicReads;
  cache: PublicResponseCache;
}

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

export interface PublicGetOptions<R extends z.ZodType, I extends ObjectSchema> {
  path: string;
  /** Path parameters and query string, in one schema (names never overlap in the spec). */
  input?: I;
  response: R;
  /** The one service call; its result is checked against `response` before it leaves. */
  read: (input: z.infer<I>) => Promise<z.input<R>>;
  /** How long browsers and proxies may keep the answer without asking again: 60 s unless told. */
  maxAgeSeconds?: number;
}

/**
 * Declares a public GET of the API: the Fastify route (schemas, Cache-Control, ETag) and the same
 * read for the server renderer. Anonymous answers are kept in the public response cache, which
 * serves them again before any session, database or serialisation work (public-cache/hook.ts).
 */
export function publicGet<R extends z.ZodType, I extends ObjectSchema>(
  app: FastifyInstance,
  deps: PublicGetDeps,
  options: PublicGetOptions<R, I>,
): void {
  const input = (options.input ?? z.object({})) as I;
  const maxAgeSeconds = options.maxAgeSeconds ?? PUBLIC_JSON_MAX_AGE_SECONDS;
  const answer = async (raw: Record<string, unknown>) => {
    const parsed = input.safeParse(normaliseArrayKeys(raw));
    if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
    return options.response.parse(await options.read(parsed.data));
  };
  deps.reads.add(options.path, answer);

  // The handler sends the JSON it serialised itself (a string skips Fastify's serialiser): the
  // same text is stored in the cache, and `answer` already checked it against the schema.
  app.get(
    options.path,
    {
      // The input is checked by `answer`, the same way for the API and the server renderer;
      // the response schema documents the route.
      schema: { response: { 200: options.response as z.ZodType } },
      // The same lifetime as the cached answers of public-cache/hook.ts.
      preHandler: publicCache(maxAgeSeconds),
    },
    async (request, reply) => {
      const generation = deps.cache.generation;
      const value = await answer({
        ...(request.query as object),
        ...(request.params as object),
      });
      // The bytes, ETag and compressed forms the cache keeps are the ones sent (encoded, hashed
      // and compressed once: a map list page is about 250 KB).
      const entry = jsonEntry(JSON.stringify(value), { maxAgeSeconds });
      return keepAndSend(deps.cache, request, reply, entry, generation);
    },
  );
}

/** Zod issues as Laravel's per-field messages. */
function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    (errors[issue.path.join('.') || 'query'] ??= []).push(issue.message);
  }
  return errors;
}
