/**
 * Calendar arithmetic of the agenda, on plain strings: days as YYYYMMDD (spec §9 day filter),
 * months as YYYYMM, event dates as YYYY-MM-DD. Computed in UTC so that the server's renderer and
 * every visitor's browser draw the same grid whatever their time zone.
 */
import { FRENCH_MONTHS, isRealDay } from '@ad/contract';
import { parisTime } from '../../lib/french-format.ts';

/** A calendar range of an event (spec §3 'Event (calendar)'); ended_at null is a one-day event. */
export interface CalendarEvent {
  started_at: string;
  ended_at: string | null;
}

export const WEEKDAYS = [
  { short: 'lun.', long: 'lundi' },
  { short: 'mar.', long: 'mardi' },
  { short: 'mer.', long: 'mercredi' },
  { short: 'jeu.', long: 'jeudi' },
  { short: 'ven.', long: 'vendredi' },
  { short: 'sam.', long: 'samedi' },
  { short: 'dim.', long: 'dimanche' },
] as const;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** 'YYYYMMDD' (or 'YYYY-MM-DD') → 'YYYYMM'. */
export const monthOfDay = (day: string) => day.replaceAll('-', '').slice(0, 6);

/**
 * A real day written YYYYMMDD (the `day` query parameter may be anything), of the years the API
 * accepts: any other day is ignored, not sent.
 */
export function isValidDay(day: string | null | undefined): day is string {
  if (!day || !/^\d{8}$/.test(day)) return false;
  return isRealDay(Number(day.slice(0, 4)), Number(day.slice(4, 6)), Number(day.slice(6)));
}

function monthParts(month: string): [year: number, monthIndex: number] {
  return [Number(month.slice(0, 4)), Number(month.slice(4, 6)) - 1];
}

/** `month` moved by `delta` months. */
export function addMonths(month: string, delta: number): string {
  const [year, index] = monthParts(month);
  const date = new Date(Date.UTC(year, index + delta, 1));
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}`;
}

export const dayOf = (month: string, dayOfMonth: number) => `${month}${pad(dayOfMonth)}`;

/**
 * The weeks of `month`, Monday first (spec §9): each week is 7 cells, a day of the month or null
 * for the days of the neighbouring months.
 */
export function monthWeeks(month: string): (number | null)[][] {
  const [year, index] = monthParts(month);
  const length = new Date(Date.UTC(year, index + 1, 0)).getUTCDate();
  // getUTCDay(): 0 is Sunday; Monday-first offset of the 1st.
  const offset = (new Date(Date.UTC(year, index, 1)).getUTCDay() + 6) % 7;
  const cells: (number | null)[] = [
    ...Array<null>(offset).fill(null),
    ...Array.from({ length }, (_, i) => i + 1),
  ];
  while (cells.length % 7) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The days of `month` (1…31) inside at least one event range. */
export function eventDaysOf(events: readonly CalendarEvent[], month: string): Set<number> {
  const days = new Set<number>();
  const [year, index] = monthParts(month);
  const first = `${year}-${pad(index + 1)}-01`;
  const length = new Date(Date.UTC(year, index + 1, 0)).getUTCDate();
  const last = `${year}-${pad(index + 1)}-${pad(length)}`;
  for (const event of events) {
    const start = event.started_at;
    const end = event.ended_at && event.ended_at > start ? event.ended_at : start;
    if (end < first || start > last) continue;
    const from = start < first ? 1 : Number(start.slice(8, 10));
    const to = end > last ? length : Number(end.slice(8, 10));
    for (let day = from; day <= to; day += 1) days.add(day);
  }
  return days;
}

/** Today in the region (Paris time), YYYYMMDD: the same on the server and in the browser. */
export function todayInParis(now: Date = new Date()): string {
  const { year, month, day } = parisTime(now);
  return `${year}${pad(month)}${pad(day)}`;
}

/** 'mardi 24 novembre 2026'. */
export function formatLongDay(day: string): string {
  const [year, index] = monthParts(day);
  const dayOfMonth = Number(day.slice(6, 8));
  const weekday = (new Date(Date.UTC(year, index, dayOfMonth)).getUTCDay() + 6) % 7;
  return `${WEEKDAYS[weekday]?.long ?? ''} ${dayOfMonth} ${FRENCH_MONTHS[index] ?? ''} ${year}`;
}

/** 'Novembre 2026'. */
export function formatMonth(month: string): string {
  const [year, index] = monthParts(month);
  const name = FRENCH_MONTHS[index] ?? '';
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`;
}
