/** Shared client-side checks and the global messages of spec §5. */
import { FIELD_INVALID_MESSAGE, FIELD_REQUIRED_MESSAGE } from '@ad/contract';

export const REQUIRED_MESSAGE = FIELD_REQUIRED_MESSAGE;
export const INVALID_MESSAGE = FIELD_INVALID_MESSAGE;

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
