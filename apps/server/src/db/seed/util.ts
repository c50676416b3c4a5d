import type { RelativeDate } from './content/types.ts';

/** YYYY-MM-DD of a date in the server's local time zone (what "today" means to the agenda). */
export function toIsoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(date: Date, days: number): Date {
  const copy = new Date(date.getTime());
  copy.setDate(copy.getDate() + days);
  return copy;
}

/** Resolves a date of the demo content against "now" (day offsets, or day N of a month offset). */
export function resolveRelativeDate(now: Date, value: RelativeDate): string {
  if ('days' in value) return toIsoDate(addDays(now, value.days));
  const first = new Date(now.getFullYear(), now.getMonth() + value.months, 1);
  const lastDay = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return toIsoDate(new Date(first.getFullYear(), first.getMonth(), Math.min(value.day, lastDay)));
}

/** Small deterministic string hash (FNV-1a), used to jitter markers sharing a commune. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Deterministic PRNG (mulberry32): same seed, same sequence. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const pickSome = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      out.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
    }
    return out;
  };
  return { next, int, pick, pickSome, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof createRandom>;

/** Splits rows into chunks so that one INSERT stays well under PostgreSQL's 65,535 parameters. */
export function chunk<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
