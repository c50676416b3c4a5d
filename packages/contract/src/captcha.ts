/**
 * Anti-robot protection of the anonymous forms (contact a referent, report export, site contact):
 * a captcha and a honeypot. The wire names are the spec's (public-site §3 and §7), whichever
 * provider is configured (self-hosted ALTCHA by default, reCAPTCHA v2 when its keys are set).
 */

/** The captcha's answer: ALTCHA's payload or reCAPTCHA's token. */
export const CAPTCHA_RESPONSE_FIELD = 'recaptcha_response';

/**
 * Sent true instead of an answer after a failed response that did not concern the captcha
 * (spec §4): the server accepts it only from a visitor who solved one in the last
 * CAPTCHA_PROOF_MINUTES (a signed cookie, CAPTCHA_PROOF_COOKIE).
 */
export const CAPTCHA_VERIFIED_FIELD = 'recaptcha_verified';

/** ALTCHA challenge (GET, never cached). */
export const CAPTCHA_CHALLENGE_PATH = '/api/captcha/challenge';

/** HttpOnly cookie proving a recently solved captcha (path /: any form route can read it). */
export const CAPTCHA_PROOF_COOKIE = 'ad_captcha';
export const CAPTCHA_PROOF_MINUTES = 30;

/**
 * Hidden field of every anonymous form (the spec's newsletter form names it so). People never
 * see nor fill it; robots that fill every field do, and the server then answers as if the form
 * had been sent, without doing anything.
 */
export const HONEYPOT_FIELD = 'email_address_check';
