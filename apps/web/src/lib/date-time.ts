/**
 * Short French dates and times in Paris ('05/03/2024', '14:05'), apart from date.ts: the public
 * pages that only write long and relative dates (the home page) load none of this.
 */
import { parisTime, twoDigits } from './french-format.ts';
import { toDate, type DateInput } from './date.ts';

/** '05/03/2024'. */
export function formatShortDate(value: DateInput): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const { day, month, year } = parisTime(date);
  return `${twoDigits(day)}/${twoDigits(month)}/${year}`;
}

/** '14:05', the time in Paris. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const { hour, minute } = parisTime(date);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

/**
 * '05/03/2024 14:05', with `seconds` '05/03/2024 14:05:09' (Paris is a whole number of hours
 * from UTC: its seconds are UTC's).
 */
export function formatShortDateTime(value: DateInput, seconds = false): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const time = formatTime(date);
  return `${formatShortDate(date)} ${seconds ? `${time}:${twoDigits(date.getUTCSeconds())}` : time}`;
}
