/**
 * The proof that a visitor solved a captcha a short while ago (spec §4: after a failed response
 * that did not concern the captcha, the form sends `recaptcha_verified` instead of asking again).
 * A cookie `<id>.<expiry in seconds>.<HMAC>`, bound to the visitor's session or anonymous CSRF
 * nonce: it cannot be moved to another browser, changed or extended. Each proof is usable once
 * (its id goes to captcha_solutions); a response that fails again carries a fresh one with the
 * same expiry.
 */
import { hmac, randomNonce, safeEqual } from '../auth/tokens.ts';

export interface Proof {
  id: string;
  /** Unix time in seconds. */
  expiresAt: number;
}

function mac(secret: string, binding: string, id: string, expiresAt: number): string {
  return hmac(secret, `captcha-proof:${binding}:${id}:${expiresAt}`);
}

export function newProof(expiresAt: number): Proof {
  return { id: randomNonce(), expiresAt };
}

export function signProof(secret: string, binding: string, proof: Proof): string {
  return `${proof.id}.${proof.expiresAt}.${mac(secret, binding, proof.id, proof.expiresAt)}`;
}

/** The proof in `value` if it is intact, bound to `binding` and not expired at `nowSeconds`. */
export function readProof(
  secret: string,
  binding: string,
  value: string,
  nowSeconds: number,
): Proof | null {
  const found = /^([0-9a-f]{32})\.(\d{1,12})\.([\w-]{43})$/.exec(value);
  if (!found) return null;
  const [, id, exp, signature] = found as unknown as [string, string, string, string];
  const expiresAt = Number(exp);
  if (!safeEqual(signature, mac(secret, binding, id, expiresAt))) return null;
  if (expiresAt <= nowSeconds) return null;
  return { id, expiresAt };
}
