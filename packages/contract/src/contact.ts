/**
 * The site contact form ('Nous contacter') and the "contact the referent" form of a directory or
 * map contact (spec public-site §3, §5, §7, §8). Plain constants: the pages import them without
 * the zod schemas of `@ad/contract/schemas`.
 */

/** GET: thematics and address blocks of the contact page (public, cached). */
export const CONTACT_US_OPTIONS_PATH = '/api/contact-us/options';
/** POST: the site contact form. */
export const CONTACT_US_PATH = '/api/contact-us';
/** POST: a message to a contact's society_email ('Contacter la personne référente'). */
export const ASK_CONTACT_PATH = '/api/contacts/ask/:contactId';

export const askContactPath = (contactId: number | string): string =>
  ASK_CONTACT_PATH.replace(':contactId', encodeURIComponent(String(contactId)));

/** Spec §8 success messages. */
export const CONTACT_US_SENT = 'Votre message a bien été envoyé.';
export const ASK_CONTACT_SENT = 'Merci, votre demande a bien été envoyée.';

/** Longest message accepted by both forms (characters). */
export const CONTACT_MESSAGE_MAX = 5000;

/** One subject of the contact form (GET /api/contact-us/options). */
export interface ContactUsThematic {
  id: number;
  name: string;
}

/** An address block shown for a subject (GET /api/contact-us/options). */
export interface ContactUsAddress {
  name: string;
  address_line_1: string | null;
  address_line_2: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  phone: string | null;
  thematic_id: number | null;
}

export interface ContactUsOptions {
  thematics: ContactUsThematic[];
  addresses: ContactUsAddress[];
}
