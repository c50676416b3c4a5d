import { HONEYPOT_FIELD } from '@ad/contract';

export { HONEYPOT_FIELD };

/**
 * True when the hidden honeypot field (HONEYPOT_FIELD, `email_address_check`) of an anonymous
 * form was filled: a robot. The route then answers exactly as if the form had been sent (same
 * status and message) but does nothing, so that the robot learns nothing:
 *
 *   if (honeypotFilled(request.body)) return { message: SUCCESS_MESSAGE };
 *
 * Keep the field in the body schema (`captchaFields` of `@ad/contract/schemas`), otherwise the
 * validated body no longer carries it.
 */
export function honeypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (typeof value === 'string') return value.trim() !== '';
  return value !== undefined && value !== null && value !== false;
}
