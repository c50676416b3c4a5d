import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative } from './date.ts';
import { formatShortDate, formatShortDateTime, formatTime } from './date-time.ts';

describe('French dates', () => {
  it('formats absolute dates as DD MMMM YYYY', () => {
    expect(formatDate('2024-03-05')).toBe('05 mars 2024');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats relative dates', () => {
    const now = new Date('2024-03-10T12:00:00Z');
    expect(formatRelative(new Date('2024-03-10T11:59:50Z'), now)).toBe('il y a quelques secondes');
    expect(formatRelative(new Date('2024-03-10T11:30:00Z'), now)).toBe('il y a 30 minutes');
    expect(formatRelative(new Date('2024-03-09T12:00:00Z'), now)).toBe('hier');
    expect(formatRelative(new Date('2024-03-07T12:00:00Z'), now)).toBe('il y a 3 jours');
    expect(formatRelative(new Date('2024-01-10T12:00:00Z'), now)).toBe('il y a 2 mois');
    expect(formatRelative(new Date('2022-03-10T12:00:00Z'), now)).toBe('il y a 2 ans');
    // Calendar days in Paris: Friday 01:00 is « hier » on Saturday at 23:00 (46 hours).
    const saturdayNight = new Date('2024-03-09T22:00:00Z');
    expect(formatRelative(new Date('2024-03-08T00:00:00Z'), saturdayNight)).toBe('hier');
    // Counted months and years, not « le mois dernier » for 28 days within one month.
    expect(formatRelative(new Date('2024-01-02T12:00:00Z'), new Date('2024-01-30T12:00:00Z'))).toBe(
      'il y a 1 mois',
    );
    expect(formatRelative(new Date('2023-01-05T12:00:00Z'), new Date('2023-12-20T12:00:00Z'))).toBe(
      'il y a 1 an',
    );
  });

  it('counts in calendar days only, for a text that stays true until midnight', () => {
    const now = new Date('2024-03-10T12:00:00Z');
    expect(formatRelative(new Date('2024-03-10T11:59:50Z'), now, true)).toBe('aujourd’hui');
    expect(formatRelative(new Date('2024-03-10T01:00:00Z'), now, true)).toBe('aujourd’hui');
    // 23:30 in Paris the day before: 'hier', where the hours would say 'il y a 13 heures'.
    expect(formatRelative(new Date('2024-03-09T22:30:00Z'), now, true)).toBe('hier');
    expect(formatRelative(new Date('2024-03-09T22:30:00Z'), now)).toBe('il y a 13 heures');
    expect(formatRelative(new Date('2024-03-07T12:00:00Z'), now, true)).toBe('il y a 3 jours');
  });
});

describe('French dates are those Intl writes in Paris', () => {
  const paris = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: 'Europe/Paris' });
  const long = paris({ day: '2-digit', month: 'long', year: 'numeric' });
  const short = paris({ dateStyle: 'short' });
  const time = paris({ hour: '2-digit', minute: '2-digit' });
  const dateTime = paris({ dateStyle: 'short', timeStyle: 'short' });
  const dateTimeSeconds = paris({ dateStyle: 'short', timeStyle: 'medium' });

  it('at moments spread over thirty years, summer and winter', () => {
    const end = Date.UTC(2040, 0, 1);
    for (let t = Date.UTC(2010, 0, 1); t < end; t += 97 * 3_600_000 + 7 * 60_000 + 13_000) {
      const date = new Date(t);
      const iso = date.toISOString();
      expect(formatDate(iso), iso).toBe(long.format(date));
      expect(formatShortDate(date), iso).toBe(short.format(date));
      expect(formatTime(iso), iso).toBe(time.format(date));
      expect(formatShortDateTime(iso), iso).toBe(dateTime.format(date));
      expect(formatShortDateTime(iso, true), iso).toBe(dateTimeSeconds.format(date));
    }
  });
});
