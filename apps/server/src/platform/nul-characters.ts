import type { FastifyInstance } from 'fastify';
import { HttpError, MESSAGES, ValidationError } from './errors.ts';

/**
 * The NUL character (U+0000) is refused wherever input comes in: PostgreSQL's text and JSONB
 * cannot store it, and no form can type it. Without this, `%00` in a path or a query, or `\u0000`
 * in a JSON string, reached the database and failed there with a 500.
 */

const NUL_CHARACTER_MESSAGE = 'Ce champ contient un caractère non autorisé.';

/** A 422 on `field` (a dotted path, as the other validation errors). */
export const nulCharacterError = (field: string) =>
  new ValidationError({ [field || 'body']: [NUL_CHARACTER_MESSAGE] });

/** Deeper than this, a field is named `body`: no form nests its fields so deep. */
const MAX_NAMED_DEPTH = 16;

/**
 * The dotted path of the first string (or key) holding a NUL, or null. Walked with a stack of its
 * own: a body of deeply nested arrays parses, and must not overflow the call stack here.
 */
export function findNulCharacter(value: unknown): string | null {
  const stack: [unknown, string[]][] = [[value, []]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, path] = next;
    const name = () => (path.length > MAX_NAMED_DEPTH ? 'body' : path.join('.'));
    if (typeof node === 'string') {
      if (node.includes('\0')) return name();
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    // Pushed last first: the fields are walked in their order.
    for (const [key, child] of Object.entries(node).reverse()) {
      const childPath = path.length > MAX_NAMED_DEPTH ? path : [...path, key];
      if (key.includes('\0')) return path.length >= MAX_NAMED_DEPTH ? 'body' : childPath.join('.');
      stack.push([child, childPath]);
    }
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
