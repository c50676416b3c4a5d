import type { FastifyInstance } from 'fastify';
import { HttpError, MESSAGES, ValidationError } from './errors.ts';

/**
 * The NUL character (U+0000) is refused wherever input comes in: PostgreSQL's text and JSONB
 * cannot store it, and no form can type it. Without this, `%00` in a path or a query, or `\u0000`
 * in a JSON string, reached the database and failed there with a 500.
 */

export const NUL_CHARACTER_MESSAGE = 'Ce champ contient un caractère non autorisé.';

/** A 422 on `field` (a dotted path, as the other validation errors). */
export const nulCharacterError = (field: string) =>
  new ValidationError({ [field || 'body']: [NUL_CHARACTER_MESSAGE] });

/** The dotted path of the first string holding a NUL, or null. */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\0')) return path ? `${path}.${key}` : key;
    const found = findNulCharacter(child, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A URL holding `%00` is malformed (400); a JSON body holding a NUL is a 422 on its field.
 * Multipart forms check their fields as they are read (readMultipartForm).
 */
export function registerNulCharacterGuard(app: FastifyInstance) {
  // Callback hooks: these run on every request, and an async one costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.includes('%00') ? new HttpError(400, MESSAGES.badRequest) : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const field = request.body == null ? null : findNulCharacter(request.body);
    done(field === null ? undefined : nulCharacterError(field));
  });
}
