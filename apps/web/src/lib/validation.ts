/** Shared client-side checks and the global messages of spec §5. */

export const REQUIRED_MESSAGE = 'Vous devez renseigner ce champ. ';
export const INVALID_MESSAGE =
  'Les informations que vous avez fournies ne sont pas valides. Veuillez vérifier le format du champ et réessayer.';

/** A standard address pattern: something@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The message for a required e-mail field, or null when valid. */
export function emailError(value: string): string | null {
  if (!value.trim()) return REQUIRED_MESSAGE;
  return isValidEmail(value) ? null : INVALID_MESSAGE;
}
