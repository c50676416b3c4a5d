/**
 * French dates without `Intl` (decision 0020; the numbers are in french-numbers.ts). A browser
 * builds Intl's table of the locales it knows the first time a page formats a date or a number:
 * 30 to 60 ms of the main thread here, which a slow phone pays four times over, during the
 * hydration of every page.
 * The site writes one language in one time zone: these few rules give the same text as
 * `Intl` in 'fr-FR' and 'Europe/Paris' (the tests compare both), on the server and in the browser.
 */

/** A day and a time on a wall clock. */
export interface WallTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const HOUR = 3_600_000;

/** The last Sunday of a month (0-based) at 01:00 UTC, in milliseconds. */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR;
}

/**
 * What a clock in Paris shows at `date`: UTC+1, and UTC+2 in summer time, from the last Sunday of
 * March to the last Sunday of October at 01:00 UTC (the European rule since 1996).
 */
export function parisTime(date: Date): WallTime {
  const time = date.getTime();
  const year = date.getUTCFullYear();
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  const paris = new Date(time + (summer ? 2 : 1) * HOUR);
  return {
    year: paris.getUTCFullYear(),
    month: paris.getUTCMonth() + 1,
    day: paris.getUTCDate(),
    hour: paris.getUTCHours(),
    minute: paris.getUTCMinutes(),
  };
}

export const twoDigits = (value: number) => String(value).padStart(2, '0');

/** '20 000': French groups the digits of a whole number with a narrow no-break space. */
export const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, '\u202f');

export type RelativeUnit = 'minute' | 'hour' | 'day' | 'month' | 'year';

const UNIT_NAMES: Record<RelativeUnit, [singular: string, plural: string]> = {
  minute: ['minute', 'minutes'],
  hour: ['heure', 'heures'],
  day: ['jour', 'jours'],
  month: ['mois', 'mois'],
  year: ['an', 'ans'],
};

/** The words French uses for some days, minutes and hours instead of a count. */
const NAMED: Partial<Record<RelativeUnit, Record<number, string>>> = {
  minute: { 0: 'cette minute-ci' },
  hour: { 0: 'cette heure-ci' },
  day: { [-2]: 'avant-hier', [-1]: 'hier', 0: 'aujourd’hui', 1: 'demain', 2: 'après-demain' },
};

/**
 * 'il y a 3 jours', 'dans 2 mois'; with `named`, 'hier', 'demain', 'aujourd’hui' where French has
 * a word (Intl's numeric 'auto').
 */
export function formatRelativeCount(count: number, unit: RelativeUnit, named = false): string {
  const word = named ? NAMED[unit]?.[count] : undefined;
  if (word) return word;
  const size = Math.abs(count);
  const [singular, plural] = UNIT_NAMES[unit];
  const counted = `${groupDigits(String(size))} ${size >= 2 ? plural : singular}`;
  return count < 0 || Object.is(count, -0) ? `il y a ${counted}` : `dans ${counted}`;
}
