import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { pathTo, VALIDATION_MESSAGE } from '@ad/contract';
import { HttpError, MESSAGES } from './errors.ts';
import { standalonePage } from './html-shell/standalone-page.ts';

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
 * The error answers: 422 in the Laravel shape for invalid input, the HttpError's status and
 * body, a French message for the other client errors, and 500 without details otherwise (a page
 * asked by a browser, not the API, gets a page: it must not be shown JSON).
 */
export function errorHandler(appName: string) {
  return function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
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
        .send(serverErrorPage(appName));
    }
    return reply.code(500).send({ message: MESSAGES.serverError });
  };
}

/** A browser asking for a page (a link followed, not the API). */
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

/** A page whose rendering failed (the database down…): a page of its own, outside the app. */
const serverErrorPage = (appName: string) =>
  standalonePage({
    title: 'Erreur',
    text: MESSAGES.serverError,
    appName,
    links: [{ href: pathTo('homepage'), label: "Revenir à l'accueil" }],
  });
