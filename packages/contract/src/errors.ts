/** Validation error body in the Laravel shape (ARCHITECTURE.md, API conventions). */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

export const VALIDATION_MESSAGE = 'Les données fournies ne sont pas valides.';
