/** Tests only: a real answer to the app's ALTCHA challenge, as the browser widget sends it. */
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CAPTCHA_CHALLENGE_PATH } from '@ad/contract';

export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const challenge = (
    await app.inject({ method: 'GET', url: CAPTCHA_CHALLENGE_PATH })
  ).json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  const { parameters, signature } = challenge;
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString(
    'base64',
  );
}
