import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { VALIDATION_MESSAGE } from '@ad/contract';
import { HttpError, MESSAGES } from './errors.ts';

function clientErrorMessage(error: FastifyError, status: number): string {
  if (status === 429) return error.message;
  if (status === 404) return MESSAGES.notFound;
  if (status === 413) return MESSAGES.tooLarge;
  if (status === 415) return MESSAGES.unsupportedMediaType;
  return MESSAGES.badRequest;
}

/** Zod issues -> Laravel `errors` keyed by dotted field path (body fields first). */
function validationErrors(
  issues: { instancePath: string; message?: string }[],
  context: string | undefined,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (context ?? 'body');
    (errors[field] ??= []).push(issue.message ?? VALIDATION_MESSAGE);
  }
  return errors;
}

/**
 * The API's error answers: 422 in the Laravel shape for invalid input, the HttpError's status and
 * body, a French message for the other client errors, and 500 without details otherwise.
 */
export function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = validationErrors(error.validation, error.validationContext);
    const message = Object.values(errors)[0]?.[0] ?? VALIDATION_MESSAGE;
    return reply.code(422).send({ message, errors });
  }
  if (error instanceof HttpError) return reply.code(error.statusCode).send(error.toBody());
  const status = error.statusCode ?? 500;
  if (!isResponseSerializationError(error) && status >= 400 && status < 500) {
    if (status !== 429) request.log.info({ err: error }, 'client error');
    return reply.code(status).send({ message: clientErrorMessage(error, status) });
  }
  request.log.error({ err: error }, 'unexpected error');
  if (isPageRequest(request)) {
    return reply
      .code(500)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(SERVER_ERROR_PAGE);
  }
  return reply.code(500).send({ message: MESSAGES.serverError });
}

/** A browser asking for a page (a link followed, not the API): an error must not show it JSON. */
function isPageRequest(request: FastifyRequest): boolean {
  const path = request.url;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    path !== '/api' &&
    !path.startsWith('/api/') &&
    !path.startsWith('/api?') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * The page of a page whose rendering failed (the database down…): plain HTML of its own, since
 * the failure may be in what renders the site's pages.
 */
const SERVER_ERROR_PAGE = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>Erreur</title>
  </head>
  <body>
    <main>
      <h1>Erreur</h1>
      <p>${MESSAGES.serverError}</p>
      <p><a href="/">Retour à l'accueil</a></p>
    </main>
  </body>
</html>
`;
