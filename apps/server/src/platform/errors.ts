import type { ValidationErrorBody } from '@ad/contract';
import { VALIDATION_MESSAGE } from '@ad/contract';

/** An error with an HTTP status and a French message safe to show to the visitor. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): { message: string; errors?: Record<string, string[]> } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const MESSAGES = {
  notFound: "La ressource demandée n'existe pas.",
  unauthenticated: 'Vous devez être connecté pour accéder à cette ressource.',
  forbidden: "Vous n'avez pas l'autorisation d'effectuer cette action.",
  csrf: 'La session a expiré, veuillez recharger la page.',
  serverError: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  badRequest: 'La requête est invalide.',
  tooLarge: 'Le contenu envoyé est trop volumineux.',
  unsupportedMediaType: "Le format du contenu envoyé n'est pas pris en charge.",
  tooManyRequests: (seconds: number) =>
    `Trop de requêtes. Veuillez réessayer dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`,
  invalidCredentials: 'Ces identifiants ne correspondent pas à nos enregistrements.',
  emailNotVerified:
    "Votre adresse e-mail n'a pas encore été confirmée : cliquez sur le lien que nous vous avons envoyé, ou demandez-en un nouveau.",
  captchaRequired: "Veuillez confirmer que vous n'êtes pas un robot.",
  captchaInvalid: 'La vérification anti-robot a échoué ou a expiré, veuillez réessayer.',
} as const;

/** 422 in the Laravel shape: the first message of the first field as `message`. */
export class ValidationError extends HttpError {
  constructor(errors: Record<string, string[]>, message?: string) {
    super(422, message ?? Object.values(errors)[0]?.[0] ?? VALIDATION_MESSAGE, errors);
    this.name = 'ValidationError';
  }

  override toBody(): ValidationErrorBody {
    return { message: this.message, errors: this.errors ?? {} };
  }
}

/** A PostgreSQL unique violation (23505), as the driver or Drizzle (its `cause`) reports it. */
export const isUniqueViolation = (error: unknown): boolean =>
  !!error &&
  typeof error === 'object' &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, MESSAGES.unauthenticated);
