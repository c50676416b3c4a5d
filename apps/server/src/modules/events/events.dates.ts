import { z } from 'zod';
import { FIELD_INVALID_MESSAGE, isRealDay } from '@ad/contract';
import { nextParisMidnight } from '../../platform/paris-time.ts';

/** 'YYYYMMDD' → 'YYYY-MM-DD'. */
export const isoFromCompact = (day: string) =>
  `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;

export const compactFromIso = (day: string) => day.replaceAll('-', '');

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

/**
 * Milliseconds from `now` until just after the next midnight in Paris (at least one second),
 * also on the days the clocks change (23 or 25 hours long).
 */
export function msUntilNextParisMidnight(now: Date): number {
  return Math.max(1000, nextParisMidnight(now).getTime() - now.getTime() + 1000);
}
