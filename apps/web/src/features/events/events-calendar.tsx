import { useId, useState } from 'react';
import { fr } from '../../lib/fr.ts';
import {
  WEEKDAYS,
  addMonths,
  dayOf,
  eventDaysOf,
  formatLongDay,
  formatMonth,
  monthOfDay,
  monthWeeks,
  todayInParis,
  type CalendarEvent,
} from './calendar.ts';
import './events-calendar.css';

export interface EventsCalendarProps {
  /** Date ranges of the events (YYYY-MM-DD; ended_at null is a one-day event). */
  events: readonly CalendarEvent[];
  /** The chosen day, YYYYMMDD, or null. */
  selectedDay: string | null;
  /** A day with events was chosen (YYYYMMDD), or the chosen day was chosen again (null). */
  onSelectDay: (day: string | null) => void;
  /** The month shown, YYYYMM (controlled). Without it the calendar keeps its own month. */
  month?: string;
  /** The visitor moved to another month (YYYYMM). */
  onMonthChange?: (month: string) => void;
  /**
   * Today, YYYYMMDD, as the server's answer says (`min_date`): the page rendered on the server
   * before midnight and hydrated after it then shows the same day. Else today in Paris.
   */
  today?: string;
}

/**
 * The agenda's month calendar (spec §2 Home page and Agenda): month arrows, the month and year,
 * weeks starting on Monday (spec §9); the days inside an event range are buttons, the chosen one
 * pressed, and choosing it again clears the choice. A table, so that a screen reader announces
 * each day with its weekday column; each button also carries its full date.
 */
export function EventsCalendar({
  events,
  selectedDay,
  onSelectDay,
  month: controlledMonth,
  onMonthChange,
  today = todayInParis(),
}: EventsCalendarProps) {
  const titleId = useId();
  const [ownMonth, setOwnMonth] = useState(() =>
    selectedDay ? monthOfDay(selectedDay) : monthOfDay(today),
  );
  const month = controlledMonth ?? ownMonth;
  const eventDays = eventDaysOf(events, month);

  const goTo = (next: string) => {
    if (controlledMonth === undefined) setOwnMonth(next);
    onMonthChange?.(next);
  };

  return (
    <div className="app-calendar">
      <div className="app-calendar__head">
        <button
          type="button"
          className={fr.cx('fr-btn', 'fr-btn--tertiary-no-outline', 'fr-icon-arrow-left-s-line')}
          title="Mois précédent"
          onClick={() => goTo(addMonths(month, -1))}
        >
          Mois précédent
        </button>
        <p id={titleId} className={fr.cx('fr-h6', 'fr-mb-0')} aria-live="polite">
          {formatMonth(month)}
        </p>
        <button
          type="button"
          className={fr.cx('fr-btn', 'fr-btn--tertiary-no-outline', 'fr-icon-arrow-right-s-line')}
          title="Mois suivant"
          onClick={() => goTo(addMonths(month, 1))}
        >
          Mois suivant
        </button>
      </div>
      <table className="app-calendar__grid" aria-labelledby={titleId}>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.long} scope="col">
                <span aria-hidden="true">{weekday.short}</span>
                <span className={fr.cx('fr-sr-only')}>{weekday.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, index) => (
            <tr key={index}>
              {week.map((dayOfMonth, column) => {
                if (dayOfMonth === null) return <td key={`empty-${column}`} />;
                const day = dayOf(month, dayOfMonth);
                const isToday = day === today;
                if (!eventDays.has(dayOfMonth)) {
                  return (
                    <td key={day}>
                      <span
                        className="app-calendar__day"
                        aria-current={isToday ? 'date' : undefined}
                      >
                        {dayOfMonth}
                      </span>
                    </td>
                  );
                }
                const selected = day === selectedDay;
                return (
                  <td key={day}>
                    <button
                      type="button"
                      className="app-calendar__day app-calendar__day--event"
                      aria-pressed={selected}
                      aria-current={isToday ? 'date' : undefined}
                      aria-label={`${formatLongDay(day)}, évènements ce jour`}
                      onClick={() => onSelectDay(selected ? null : day)}
                    >
                      {dayOfMonth}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={fr.cx('fr-text--xs', 'fr-mb-0', 'fr-mt-1w')}>
        <span className="app-calendar__legend" aria-hidden="true" /> Jours avec des évènements
      </p>
    </div>
  );
}
