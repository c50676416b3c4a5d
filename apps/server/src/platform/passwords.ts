import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, unusable with isolatedModules).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password or a malformed hash; never throws on bad input. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check so a missing account cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Promise<Set<string>> | undefined;

function loadCommonPasswords(): Promise<Set<string>> {
  return (commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    (module) => new Set(module.dictionary['passwords-common'].map((p) => p.toLowerCase())),
  ));
}

/**
 * One of the most common passwords (zxcvbn's list of about 50,000), as is or padded with digits
 * and symbols at its ends ("Password2024!", "123456789azerty" -> "password", "azerty").
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await loadCommonPasswords();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  if (core.length === 0) return true; // digits and symbols only
  if (core !== lower && list.has(core)) return true;
  return /^(.)\1+$/.test(lower); // one character repeated
}
