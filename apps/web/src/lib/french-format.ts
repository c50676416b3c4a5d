/**
 * French dates and numbers without `Intl` (decision 0020). A browser builds Intl's table of the
 * locales it knows the first time a page formats a date or a number: 30 to 60 ms of the main
 * thread here, which a slow phone pays four times over, during the hydration of every page.
 * The site writes one language in one time zone: these few rules give the same text as
 * `Intl` in 'fr-FR' and 'Europe/Paris' (the tests compare both), on the server and in the browser.
 */

export const MONTHS = [
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

/** Sunday first, as `Date.prototype.getDay`. */
export const WEEKDAYS = [
  'dimanche',
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
] as const;

/** A day and a time on a wall clock. */
export interface WallTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 (Sunday) to 6. */
  weekday: number;
}

const HOUR = 3_600_000;

/** The last Sunday of a month (0-based) at 01:00 UTC, in milliseconds. */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR;
}

/** What a clock in UTC shows at `time` (milliseconds). */
function wallTime(time: number): WallTime {
  const date = new Date(time);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    weekday: date.getUTCDay(),
  };
}

/**
 * What a clock in Paris shows at `date`: UTC+1, and UTC+2 in summer time, from the last Sunday of
 * March to the last Sunday of October at 01:00 UTC (the European rule since 1996).
 */
export function parisTime(date: Date): WallTime {
  const time = date.getTime();
  const year = date.getUTCFullYear();
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  return wallTime(time + (summer ? 2 : 1) * HOUR);
}

/** What a clock in UTC shows at `date` (a calendar day stored as midnight or noon UTC). */
export const utcTime = (date: Date): WallTime => wallTime(date.getTime());

export const twoDigits = (value: number) => String(value).padStart(2, '0');

/** French groups thousands with a narrow no-break space. */
const GROUP_SEPARATOR = '\u202f';

/**
 * `value` (not negative) with `digits` decimals, rounded half up on its decimal writing (the
 * shortest that reads back as it), as Intl rounds: 1.005 is 1.00499… in binary, and gives 1,01.
 */
function roundedDigits(value: number, digits: number): [whole: string, fraction: string] {
  const text = String(value);
  if (text.includes('e')) {
    const [whole = '0', fraction = ''] = value.toFixed(digits).split('.');
    return [whole, fraction];
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  if ((fraction[digits] ?? '0') < '5') return [whole, kept];
  const up = String(BigInt(whole + kept) + 1n).padStart(digits + 1, '0');
  return [up.slice(0, up.length - digits), up.slice(up.length - digits)];
}

/**
 * '20 000', '1,5', '12 500,50': at most `maximumFractionDigits` decimals (rounded half away from
 * zero), at least `minimumFractionDigits`.
 */
export function formatNumber(
  value: number,
  { minimumFractionDigits = 0, maximumFractionDigits = 0 } = {},
): string {
  const [whole, fraction] = roundedDigits(Math.abs(value), maximumFractionDigits);
  const decimals = fraction.replace(/0+$/, '').padEnd(minimumFractionDigits, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);
  return `${sign}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/** '12 500 €', or '12 500,50 €' with cents. */
export function formatEuros(value: number): string {
  const cents = Number.isInteger(value) ? 0 : 2;
  const amount = formatNumber(value, {
    minimumFractionDigits: cents,
    maximumFractionDigits: cents,
  });
  return `${amount}\u00a0€`;
}

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
  const counted = `${formatNumber(size)} ${size >= 2 ? plural : singular}`;
  return count < 0 || Object.is(count, -0) ? `il y a ${counted}` : `dans ${counted}`;
}
