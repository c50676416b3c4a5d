/**
 * The built-in newsletter list (double opt-in), used when no e-mail-marketing provider is
 * configured (settings.newsletterFormUrl). Field names are the spec's provider form (§3): EMAIL,
 * the honeypot email_address_check and locale.
 */

/** POST { EMAIL, email_address_check, locale }: asks for a confirmation e-mail. */
export const NEWSLETTER_SUBSCRIBE_PATH = '/api/newsletter/subscriptions';
/**
 * ?token=: the link of the confirmation e-mail. GET is a page whose button POSTs to the same URL,
 * which confirms and redirects to `/#newsletter-subscribed`.
 */
export const NEWSLETTER_CONFIRM_PATH = '/newsletter/confirmation';
/**
 * ?token=: the unsubscribe link of every newsletter message. GET is a page whose button POSTs to
 * the same URL (as mail clients do for a one-click unsubscribe, RFC 8058).
 */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/desinscription';

/** Hashes of the pop-ups the links above land on (app/hash-popups.tsx). */
export const NEWSLETTER_HASHES = {
  subscribed: 'newsletter-subscribed',
  notConfirmed: 'newsletter-not-confirmed',
  unsubscribed: 'newsletter-unsubscribed',
  notUnsubscribed: 'newsletter-unsubscribe-failed',
} as const;

/** Global messages of spec §5, also the server's messages for EMAIL. */
export const FIELD_REQUIRED_MESSAGE = 'Vous devez renseigner ce champ. ';
export const FIELD_INVALID_MESSAGE =
  'Les informations que vous avez fournies ne sont pas valides. Veuillez vérifier le format du champ et réessayer.';

/** Spec §8 failure message of the newsletter form (and of a confirmation link that failed). */
export const NEWSLETTER_FAILURE = "Nous n'avons pas pu confirmer votre inscription.";

/**
 * The answer to a sign-up. The subscription is not confirmed yet (the spec's 'Votre inscription
 * est confirmée.' would be untrue here), and the same answer is given for an address already on
 * the list, so that the form does not tell who is subscribed.
 */
export const NEWSLETTER_CHECK_MAILBOX =
  "Plus qu'une étape : si cette adresse n'est pas déjà inscrite, vous allez recevoir un e-mail contenant un lien pour confirmer votre inscription.";

/** How long the link of the confirmation e-mail stays valid. */
export const NEWSLETTER_CONFIRM_DAYS = 7;
