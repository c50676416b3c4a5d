import { z } from 'zod';
import { FIELD_INVALID_MESSAGE } from '@ad/contract';

/** The site's calendar days are those of the region (spec §9: the minimum date is "today"). */
export const TIME_ZONE = 'Europe/Paris';

/** 'YYYY-MM-DD' of `instant` in Paris. */
export function parisDay(instant: Date): string {
  // The Swedish locale writes dates as YYYY-MM-DD.
  return instant.toLocaleDateString('sv-SE', { timeZone: TIME_ZONE });
}

/** 'YYYYMMDD' → 'YYYY-MM-DD'. */
export const isoFromCompact = (day: string) =>
  `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;

export const compactFromIso = (day: string) => day.replaceAll('-', '');

/** A real calendar day (no 20260231). */
function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

const invalid = { error: FIELD_INVALID_MESSAGE };
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** `day` (spec §9): YYYYMMDD, a real day; given as 'YYYY-MM-DD'. */
export const dayParam = z.preprocess(
  emptyAsAbsent,
  z
    .string(invalid)
    .regex(/^\d{8}$/, invalid)
    .refine(
      (v) => isRealDay(Number(v.slice(0, 4)), Number(v.slice(4, 6)), Number(v.slice(6, 8))),
      invalid,
    )
    .transform(isoFromCompact)
    .optional(),
);

/**
 * `date` of GET /api/events/filters: the calendar's month, as YYYYMM or as any day of it
 * (YYYYMMDD); given as the first day of that month, 'YYYY-MM-01'.
 */
export const monthParam = z.preprocess(
  emptyAsAbsent,
  z
    .string(invalid)
    .regex(/^\d{6}(\d{2})?$/, invalid)
    .refine(
      (v) =>
        isRealDay(
          Number(v.slice(0, 4)),
          Number(v.slice(4, 6)),
          v.length === 8 ? Number(v.slice(6)) : 1,
        ),
      invalid,
    )
    .transform((v) => `${v.slice(0, 4)}-${v.slice(4, 6)}-01`)
    .optional(),
);

/** Paris's offset from UTC at `instant`, in milliseconds (1 or 2 hours). */
function parisOffsetMs(instant: Date): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const found = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!found) return 0;
  const minutes = Number(found[2]) * 60 + Number(found[3]);
  return (found[1] === '-' ? -1 : 1) * minutes * 60_000;
}

/**
 * Milliseconds from `now` until just after the next midnight in Paris (at least one second),
 * also on the days the clocks change (23 or 25 hours long).
 */
export function msUntilNextParisMidnight(now: Date): number {
  const [year, month, day] = parisDay(now).split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, day + 1);
  // Paris's offset at that instant (01:00 or 02:00 in Paris) is its offset at midnight: the
  // clocks change at 02:00 or 03:00.
  const midnight = utcMidnight - parisOffsetMs(new Date(utcMidnight));
  return Math.max(1000, midnight - now.getTime() + 1000);
}
