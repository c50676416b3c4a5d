/**
 * Self-hosted ALTCHA (altcha-lib v2 proof of work, the format of the `altcha` 3.x widget).
 *
 * Difficulty: PBKDF2/SHA-256 with 250 iterations per attempt, and a secret counter drawn between
 * 500 and 3000 (deterministic mode: the widget must try every counter up to it). On average about
 * 440 000 PBKDF2 iterations, spread over the browser's workers: a few tenths of a second on a
 * phone (Node solves it in about 0.2 s on one core), while checking an answer costs one HMAC (the
 * derived key is signed into the challenge). PBKDF2 runs natively in WebCrypto, so a robot gains
 * little over a browser per attempt.
 */
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { hmac, sha256Hex } from '../auth/tokens.ts';

export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const ALTCHA_COST = 250;
export const ALTCHA_COUNTER_MIN = 500;
export const ALTCHA_COUNTER_MAX = 3000;
/** How long a challenge can be solved and its answer sent. */
export const ALTCHA_CHALLENGE_LIFETIME_MS = 10 * 60_000;
/** A widget payload is about 600 characters; anything much longer is not one. */
const MAX_PAYLOAD_LENGTH = 4000;

export interface AltchaSecrets {
  /** Signs the challenge parameters. */
  signature: string;
  /** Signs the derived key the solver must find. */
  key: string;
}

/** Both HMAC keys derived from SESSION_SECRET (one secret to manage, separate purposes). */
export function altchaSecrets(sessionSecret: string): AltchaSecrets {
  return {
    signature: hmac(sessionSecret, 'altcha:challenge-signature'),
    key: hmac(sessionSecret, 'altcha:key-signature'),
  };
}

export interface AltchaDifficulty {
  cost: number;
  counterMin: number;
  counterMax: number;
}

export const ALTCHA_DIFFICULTY: AltchaDifficulty = {
  cost: ALTCHA_COST,
  counterMin: ALTCHA_COUNTER_MIN,
  counterMax: ALTCHA_COUNTER_MAX,
};

export function createAltchaChallenge(
  secrets: AltchaSecrets,
  now: Date,
  difficulty: AltchaDifficulty = ALTCHA_DIFFICULTY,
): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: difficulty.cost,
    counter: randomInt(difficulty.counterMax, difficulty.counterMin),
    deriveKey,
    expiresAt: new Date(now.getTime() + ALTCHA_CHALLENGE_LIFETIME_MS),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  });
}

export type AltchaCheck =
  | {
      ok: true;
      /** sha256 of the challenge's signature: what makes the answer usable once. */
      id: string;
      expiresAt: Date;
    }
  | { ok: false };

const INVALID: AltchaCheck = { ok: false };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the widget's payload (base64 of `{ challenge, solution }`): a challenge this server
 * signed, not expired (by the library against the system time and here against the app clock),
 * and solved. Never throws for a malformed payload.
 */
export async function checkAltchaPayload(
  payload: string,
  secrets: AltchaSecrets,
  now: Date,
): Promise<AltchaCheck> {
  if (payload.length > MAX_PAYLOAD_LENGTH) return INVALID;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return INVALID;
  }
  if (!isRecord(decoded) || !isRecord(decoded.challenge) || !isRecord(decoded.solution))
    return INVALID;
  const { parameters, signature } = decoded.challenge;
  const { counter, derivedKey } = decoded.solution;
  if (
    !isRecord(parameters) ||
    typeof signature !== 'string' ||
    typeof counter !== 'number' ||
    typeof derivedKey !== 'string'
  )
    return INVALID;
  // Always set (and signed) by createAltchaChallenge: a challenge without it is not ours.
  const expiresAt = parameters.expiresAt;
  if (typeof expiresAt !== 'number' || expiresAt * 1000 <= now.getTime()) return INVALID;

  try {
    const result = await verifySolution({
      challenge: { parameters: parameters as unknown as Challenge['parameters'], signature },
      solution: { counter, derivedKey },
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.key,
    });
    if (!result.verified) return INVALID;
  } catch {
    return INVALID;
  }
  return { ok: true, id: sha256Hex(`altcha:${signature}`), expiresAt: new Date(expiresAt * 1000) };
}
