/**
 * reCAPTCHA v2 (checkbox), used instead of ALTCHA when RECAPTCHA_SITE_KEY and
 * RECAPTCHA_SECRET_KEY are both set. Google's siteverify answers whether a token is valid; a token
 * is valid for two minutes and only once (Google refuses a second check: 'timeout-or-duplicate').
 */

/** A token is about 500 to 2000 characters. */
const MAX_TOKEN_LENGTH = 4000;
const VERIFY_TIMEOUT_MS = 5000;

export interface RecaptchaVerifyOptions {
  url: string;
  secret: string;
  token: string;
  remoteIp?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type RecaptchaCheck =
  | { ok: true }
  | {
      ok: false;
      reason: 'malformed' | 'rejected' | 'unavailable';
      errorCodes?: string[];
      /** Why Google could not be asked (an HTTP status, a network error), for the log. */
      detail?: string;
    };

/** POSTs the token to siteverify (form-encoded, as Google documents it). Never throws. */
export async function verifyRecaptchaToken(
  options: RecaptchaVerifyOptions,
): Promise<RecaptchaCheck> {
  const { token } = options;
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH)
    return { ok: false, reason: 'malformed' };
  const body = new URLSearchParams({ secret: options.secret, response: token });
  if (options.remoteIp) body.set('remoteip', options.remoteIp);
  try {
    const response = await (options.fetch ?? fetch)(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? VERIFY_TIMEOUT_MS),
    });
    if (!response.ok)
      return { ok: false, reason: 'unavailable', detail: `HTTP ${response.status}` };
    const answer = (await response.json()) as { success?: unknown; 'error-codes'?: unknown };
    if (answer.success === true) return { ok: true };
    const codes = Array.isArray(answer['error-codes'])
      ? answer['error-codes'].filter((c): c is string => typeof c === 'string')
      : [];
    return { ok: false, reason: 'rejected', errorCodes: codes };
  } catch (error) {
    return { ok: false, reason: 'unavailable', detail: String(error) };
  }
}
