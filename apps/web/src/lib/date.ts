/** French date formatting (spec: absolute dates as DD MMMM YYYY, relative dates on cards). */

const LOCALE = 'fr-FR';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  // A bare YYYY-MM-DD is a calendar day: read at noon UTC, it is that day in Paris (and
  // wherever the browser is, within twelve hours of UTC).
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d, 12));
  }
  return new Date(value);
}

// The region's calendar, on the server and in any browser (the same text once hydrated).
const TIME_ZONE = 'Europe/Paris';

const longDate = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

/** '05 mars 2024' (DD MMMM YYYY). */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}

const shortDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeZone: TIME_ZONE });

/** '05/03/2024'. */
export function formatShortDate(value: DateInput): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : shortDate.format(date);
}

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
// « il y a 1 mois », not « le mois dernier »: months and years are counted from the time elapsed,
// which calendar words (last month, last year) would contradict now and then.
const relativeCount = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });
// The Swedish locale writes dates as YYYY-MM-DD.
const parisDay = new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE });

/** Calendar days from `now` to `date` in Paris (-1: yesterday), whatever the hours. */
function calendarDays(date: Date, now: Date): number {
  const utc = (value: Date) => Date.parse(`${parisDay.format(value)}T00:00:00Z`);
  return Math.round((utc(date) - utc(now)) / 86_400_000);
}

/**
 * Relative form ('il y a 3 jours', 'hier', 'dans 2 mois'), with the usual thresholds
 * (45 s, 45 min, 22 h, 26 days, 11 months). Days are calendar days in Paris: 'hier' is the day
 * before today, whatever the hour.
 */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const abs = Math.abs(seconds);
  if (abs < 45) return seconds <= 0 ? 'il y a quelques secondes' : 'dans quelques secondes';
  const minutes = seconds / 60;
  if (Math.abs(minutes) < 45) return relative.format(Math.round(minutes), 'minute');
  const hours = minutes / 60;
  if (Math.abs(hours) < 22) return relative.format(Math.round(hours), 'hour');
  const days = hours / 24;
  if (Math.abs(days) < 26) return relative.format(calendarDays(date, now), 'day');
  const months = days / 30.4375;
  if (Math.abs(months) < 11) return relativeCount.format(Math.round(months), 'month');
  return relativeCount.format(Math.round(days / 365.25), 'year');
}
