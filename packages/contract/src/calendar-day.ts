/**
 * A real calendar day (no 31 February) of the years 1900–2999, which the database takes
 * (PostgreSQL has no year 0, JavaScript does): the one rule of every day the site reads, in the
 * API and in the browser (a day the browser keeps is one the API accepts).
 */
export function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A real day written YYYY-MM-DD (see isRealDay). */
export function isIsoDay(value: string): boolean {
  const found = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return found !== null && isRealDay(Number(found[1]), Number(found[2]), Number(found[3]));
}

/** The months' names in French, January first: the site's dates and the agenda's calendar. */
export const FRENCH_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;
