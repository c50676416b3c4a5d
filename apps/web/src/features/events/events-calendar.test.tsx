import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addMonths,
  eventDaysOf,
  formatLongDay,
  formatMonth,
  isValidDay,
  monthWeeks,
  todayInParis,
} from './calendar.ts';
import { EventsCalendar } from './events-calendar.tsx';

afterEach(cleanup);

const EVENTS = [
  { started_at: '2026-11-20', ended_at: '2026-11-26' },
  { started_at: '2026-11-02', ended_at: null },
  { started_at: '2026-10-30', ended_at: '2026-11-01' },
  { started_at: '2026-12-05', ended_at: '2026-12-05' },
];

function Controlled(props: { onSelectDay?: (day: string | null) => void; initialDay?: string }) {
  const [day, setDay] = useState<string | null>(props.initialDay ?? null);
  const [month, setMonth] = useState('202611');
  return (
    <EventsCalendar
      events={EVENTS}
      selectedDay={day}
      onSelectDay={(next) => {
        props.onSelectDay?.(next);
        setDay(next);
      }}
      month={month}
      onMonthChange={setMonth}
    />
  );
}

describe('calendar arithmetic', () => {
  it('starts weeks on Monday', () => {
    // 1 November 2026 is a Sunday: six empty cells first.
    const weeks = monthWeeks('202611');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(weeks.at(-1)).toEqual([30, null, null, null, null, null, null]);
    // 1 June 2026 is a Monday.
    expect(monthWeeks('202606')[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('marks every day of a range inside the month', () => {
    expect([...eventDaysOf(EVENTS, '202611')].sort((a, b) => a - b)).toEqual([
      1, 2, 20, 21, 22, 23, 24, 25, 26,
    ]);
    expect([...eventDaysOf(EVENTS, '202610')]).toEqual([30, 31]);
  });

  it('moves across years and checks days', () => {
    expect(addMonths('202612', 1)).toBe('202701');
    expect(addMonths('202601', -1)).toBe('202512');
    expect(isValidDay('20261124')).toBe(true);
    expect(isValidDay('20261131')).toBe(false);
    // The API's years only: another day is ignored rather than sent (it would answer 422).
    expect(isValidDay('18991231')).toBe(false);
    expect(isValidDay('30000101')).toBe(false);
    expect(isValidDay('2026-11-24')).toBe(false);
    expect(todayInParis(new Date('2026-11-23T23:30:00Z'))).toBe('20261124');
  });

  it('names days and months as Intl does in French', () => {
    const longDay = new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const month = new Intl.DateTimeFormat('fr-FR', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const date = new Date(t);
      const day = date.toISOString().slice(0, 10).replaceAll('-', '');
      expect(formatLongDay(day)).toBe(longDay.format(date));
      const title = month.format(date);
      expect(formatMonth(day.slice(0, 6))).toBe(title.charAt(0).toUpperCase() + title.slice(1));
    }
    expect(formatLongDay('20261124')).toBe('mardi 24 novembre 2026');
    expect(formatMonth('202608')).toBe('Août 2026');
  });
});

describe('EventsCalendar', () => {
  it("marks the server's today (min_date), whatever the browser's clock says", () => {
    render(
      <EventsCalendar events={EVENTS} selectedDay={null} onSelectDay={() => {}} today="20261122" />,
    );
    // Its month is the server's day's month too.
    const table = screen.getByRole('table', { name: 'Novembre 2026' });
    const current = table.querySelectorAll('[aria-current="date"]');
    expect([...current].map((cell) => cell.textContent)).toEqual(['22']);
  });

  it('shows the month, Monday-first weekday headings with full names, and event days as buttons', () => {
    render(<Controlled />);
    expect(screen.getByText('Novembre 2026')).toBeTruthy();
    const headings = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headings).toEqual([
      'lun.lundi',
      'mar.mardi',
      'mer.mercredi',
      'jeu.jeudi',
      'ven.vendredi',
      'sam.samedi',
      'dim.dimanche',
    ]);
    const table = screen.getByRole('table', { name: 'Novembre 2026' });
    const buttons = within(table).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '20',
      '21',
      '22',
      '23',
      '24',
      '25',
      '26',
    ]);
    expect(buttons[6]!.getAttribute('aria-label')).toBe(
      'mardi 24 novembre 2026, évènements ce jour',
    );
    // A day without events is plain text.
    expect(within(table).getByText('3').tagName).toBe('SPAN');
    // The first row: Sunday 1 November in the last column.
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell').at(-1)!.textContent).toBe('1');
  });

  it('selects a day, marks it pressed, and clears it when chosen again', () => {
    const onSelectDay = vi.fn();
    render(<Controlled onSelectDay={onSelectDay} />);
    const day = screen.getByRole('button', { name: 'mardi 24 novembre 2026, évènements ce jour' });
    expect(day.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(day);
    expect(onSelectDay).toHaveBeenLastCalledWith('20261124');
    expect(day.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(day);
    expect(onSelectDay).toHaveBeenLastCalledWith(null);
    expect(day.getAttribute('aria-pressed')).toBe('false');
  });

  it('moves between months with the arrows', () => {
    render(<Controlled />);
    fireEvent.click(screen.getByRole('button', { name: 'Mois suivant' }));
    expect(screen.getByText('Décembre 2026')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'samedi 5 décembre 2026, évènements ce jour' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mois précédent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mois précédent' }));
    expect(screen.getByText('Octobre 2026')).toBeTruthy();
    expect(
      screen.getAllByRole('button', { name: /évènements ce jour/ }).map((b) => b.textContent),
    ).toEqual(['30', '31']);
  });

  it('keeps its own month when not controlled, starting at the selected day', () => {
    const onMonthChange = vi.fn();
    render(
      <EventsCalendar
        events={EVENTS}
        selectedDay="20261205"
        onSelectDay={() => {}}
        onMonthChange={onMonthChange}
      />,
    );
    expect(screen.getByText('Décembre 2026')).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: 'samedi 5 décembre 2026, évènements ce jour' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Mois précédent' }));
    expect(onMonthChange).toHaveBeenCalledWith('202611');
    expect(screen.getByText('Novembre 2026')).toBeTruthy();
  });
});
