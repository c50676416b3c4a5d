import { describe, expect, it } from 'vitest';
import { formatRelativeCount, parisTime, type RelativeUnit } from './french-format.ts';
import { formatEuros, formatNumber } from './french-numbers.ts';

// The module replaces Intl in the browser: Node's Intl (full ICU) is the reference here.

const HOUR = 3_600_000;

const PARIS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

function intlParis(date: Date) {
  const parts = PARIS.formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
  };
}

describe('Paris time', () => {
  it('is the time zone database’s around every change of hour from 1996 to 2060', () => {
    for (let year = 1996; year <= 2060; year += 1) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (let minutes = -150; minutes <= 150; minutes += 15) {
          const date = new Date(change + minutes * 60_000);
          expect(parisTime(date), date.toISOString()).toEqual(intlParis(date));
        }
      }
    }
  });

  it('is the time zone database’s at any moment (every 31 hours and 13 minutes, 1996 to 2060)', () => {
    const end = Date.UTC(2061, 0, 1);
    for (let time = Date.UTC(1996, 0, 1); time < end; time += 31 * HOUR + 13 * 60_000 + 17_000) {
      const date = new Date(time);
      expect(parisTime(date), date.toISOString()).toEqual(intlParis(date));
    }
  });

  it('crosses the new year in Paris an hour before UTC', () => {
    expect(parisTime(new Date('2026-12-31T23:30:00Z'))).toMatchObject({
      year: 2027,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
    });
  });
});

describe('French numbers', () => {
  const formats = new Map<string, Intl.NumberFormat>();
  const reference = (value: number, min: number, max: number) => {
    const key = `${min}-${max}`;
    let format = formats.get(key);
    if (!format) {
      format = new Intl.NumberFormat('fr-FR', {
        minimumFractionDigits: min,
        maximumFractionDigits: max,
      });
      formats.set(key, format);
    }
    return format.format(value);
  };

  it('writes what Intl writes in French', () => {
    const values = [0, 1, 9, 999, 1000, 1024, 12_500, 20_000, 999_999, 1_234_567, 10 ** 9];
    for (let i = 0; i < 500; i += 1)
      values.push((i * 7919) % 100_003, ((i * 104_729) % 9_999_991) / 1024);
    values.push(
      1.25,
      1.75,
      0.05,
      2.5,
      12_500.5,
      12_500.55,
      -3,
      -1500.25,
      1.005,
      0.145,
      2.675,
      -0.04,
    );
    for (let cents = 0; cents < 2000; cents += 1) values.push(cents / 1000, cents / 100 + 0.005);
    for (const value of values) {
      for (const [min, max] of [
        [0, 0],
        [0, 1],
        [1, 1],
        [2, 2],
      ] as const) {
        expect(
          formatNumber(value, { minimumFractionDigits: min, maximumFractionDigits: max }),
          `${value}`,
        ).toBe(reference(value, min, max));
      }
    }
  });

  it('writes euros as Intl does, cents only when there are some', () => {
    const whole = new Intl.NumberFormat('fr-FR', {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
    });
    const cents = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    for (const value of [0, 5, 1000, 12_500, 2_000_000])
      expect(formatEuros(value)).toBe(whole.format(value));
    for (const value of [0.5, 12_500.5, 99.99, 1_234_567.89])
      expect(formatEuros(value)).toBe(cents.format(value));
    expect(formatEuros(12_500)).toBe('12\u202f500\u00a0€');
  });
});

describe('French relative times', () => {
  it('writes what Intl writes in French, counted or named', () => {
    const named = new Intl.RelativeTimeFormat('fr-FR', { numeric: 'auto' });
    const counted = new Intl.RelativeTimeFormat('fr-FR', { numeric: 'always' });
    const units: RelativeUnit[] = ['minute', 'hour', 'day', 'month', 'year'];
    for (const unit of units) {
      for (let count = -1200; count <= 1200; count += 1) {
        // The site names minutes, hours and days only (« le mois dernier » is never written).
        if (unit === 'minute' || unit === 'hour' || unit === 'day')
          expect(formatRelativeCount(count, unit, true), `${count} ${unit}`).toBe(
            named.format(count, unit),
          );
        expect(formatRelativeCount(count, unit), `${count} ${unit}`).toBe(
          counted.format(count, unit),
        );
      }
    }
    expect(formatRelativeCount(-1, 'day', true)).toBe('hier');
    expect(formatRelativeCount(-3, 'month')).toBe('il y a 3 mois');
  });
});
