import { describe, expect, it } from 'vitest';
import { isIsoDay, isRealDay } from './calendar-day.ts';

describe('a real calendar day of the years 1900–2999', () => {
  it('knows the length of each month, leap years included', () => {
    expect(isRealDay(2028, 2, 29)).toBe(true);
    expect(isRealDay(2027, 2, 29)).toBe(false);
    expect(isRealDay(2100, 2, 29)).toBe(false);
    expect(isRealDay(2026, 4, 31)).toBe(false);
    expect(isRealDay(2026, 13, 1)).toBe(false);
    expect(isRealDay(2026, 12, 0)).toBe(false);
  });

  it('takes only the years the database takes', () => {
    expect(isRealDay(1900, 1, 1)).toBe(true);
    expect(isRealDay(2999, 12, 31)).toBe(true);
    expect(isRealDay(1899, 12, 31)).toBe(false);
    expect(isRealDay(3000, 1, 1)).toBe(false);
  });

  it('reads YYYY-MM-DD only', () => {
    expect(isIsoDay('2026-11-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('20261128')).toBe(false);
    expect(isIsoDay('2026-11-28T00:00')).toBe(false);
    expect(isIsoDay('0000-01-01')).toBe(false);
  });
});
