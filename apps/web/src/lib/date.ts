/** French date formatting (spec: absolute dates as DD MMMM YYYY, relative dates on cards). */

import { FRENCH_MONTHS } from '@ad/contract';
import { formatRelativeCount, parisTime, twoDigits } from './french-format.ts';

export type DateInput = Date | string | number;

export function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  // A bare YYYY-MM-DD is a calendar day: read at noon UTC, it is that day in Paris (and
  // wherever the browser is, within twelve hours of UTC).
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d, 12));
  }
  return new Date(value);
}

/** '05 mars 2024' (DD MMMM YYYY), the day in Paris: the same on the server and in any browser. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const { day, month, year } = parisTime(date);
  return `${twoDigits(day)} ${FRENCH_MONTHS[month - 1]} ${year}`;
}

/** Calendar days from `now` to `date` in Paris (-1: yesterday), whatever the hours. */
function calendarDays(date: Date, now: Date): number {
  const utc = (value: Date) => {
    const { year, month, day } = parisTime(value);
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((utc(date) - utc(now)) / 86_400_000);
}

/**
 * Relative form ('il y a 3 jours', 'hier', 'dans 2 mois'), with the usual thresholds
 * (45 s, 45 min, 22 h, 26 days, 11 months). Days are calendar days in Paris: 'hier' is the day
 * before today, whatever the hour. `byDay`: no unit under the day ('aujourd’hui' for a moment of
 * today), a text that stays true until midnight (a page kept in the public cache, which is
 * emptied at midnight).
 */
export function formatRelative(value: DateInput, now: Date = new Date(), byDay = false): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const minutes = seconds / 60;
  const hours = minutes / 60;
  if (!byDay) {
    if (Math.abs(seconds) < 45)
      return seconds <= 0 ? 'il y a quelques secondes' : 'dans quelques secondes';
    if (Math.abs(minutes) < 45) return formatRelativeCount(Math.round(minutes), 'minute', true);
    if (Math.abs(hours) < 22) return formatRelativeCount(Math.round(hours), 'hour', true);
  }
  const days = hours / 24;
  if (Math.abs(days) < 26) return formatRelativeCount(calendarDays(date, now), 'day', true);
  const months = days / 30.4375;
  // « il y a 1 mois », not « le mois dernier »: months and years are counted from the time
  // elapsed, which calendar words (last month, last year) would contradict now and then.
  if (Math.abs(months) < 11) return formatRelativeCount(Math.round(months), 'month');
  return formatRelativeCount(Math.round(days / 365.25), 'year');
}
