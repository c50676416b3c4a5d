/**
 * The site's calendar days are those of the region (Paris time): the events' "today", the days
 * the e-mails announce, the days the daily jobs act on.
 */
export const TIME_ZONE = 'Europe/Paris';

/** 'YYYY-MM-DD' of `instant` in Paris. */
export function parisDay(instant: Date): string {
  // The Swedish locale writes dates as YYYY-MM-DD.
  return instant.toLocaleDateString('sv-SE', { timeZone: TIME_ZONE });
}

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
 * The next midnight in Paris after `instant` (the start of the next Paris day), also on the days
 * the clocks change (23 or 25 hours long).
 */
export function nextParisMidnight(instant: Date): Date {
  const [year, month, day] = parisDay(instant).split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, day + 1);
  // Paris's offset at that instant (01:00 or 02:00 in Paris) is its offset at midnight: the
  // clocks change at 02:00 or 03:00.
  return new Date(utcMidnight - parisOffsetMs(new Date(utcMidnight)));
}

/** The last second of `instant`'s Paris day (23:59:59), what « jusqu'au {day} » promises. */
export function endOfParisDay(instant: Date): Date {
  return new Date(nextParisMidnight(instant).getTime() - 1000);
}
