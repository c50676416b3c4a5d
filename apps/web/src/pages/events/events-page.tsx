import { useId, useRef, useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import { Loader } from '../../app/loader.tsx';
import { formatLongDay, monthOfDay } from '../../features/events/calendar.ts';
import { EventCard } from '../../features/events/event-card.tsx';
import { EventsCalendar } from '../../features/events/events-calendar.tsx';
import { eventFiltersQuery, eventsQuery } from '../../features/events/events.ts';
import { useListState } from '../../features/lists/list-params.ts';
import { MultiSelectFilter } from '../../features/lists/multi-select-filter.tsx';
import { EmptyResults, ListPagination, ResultsStatus } from '../../features/lists/pagination.tsx';
import { agendaStateFrom, eventLink } from './agenda.ts';
import './events-page.css';

/**
 * 'L'agenda des évènements' (spec public-site §2 Agenda, §4): the Catégories filter, the month
 * calendar (behind 'Voir l'agenda' on small screens), the chosen day, the event cards and their
 * pagination; everything but the calendar's month lives in the URL.
 */
export function EventsPage() {
  const list = useListState(['categories'], ['day']);
  const { page, categories, day } = agendaStateFrom(list.searchParams);
  const listHeading = useRef<HTMLHeadingElement>(null);

  // The earliest month shown before min_date: the filters are fetched from that month on (spec
  // §4). A day in the URL on arrival counts, as in the server's read of the page (agendaQueries);
  // a day chosen later is in a month already fetched.
  const [filtersDate, setFiltersDate] = useState<string | null>(() =>
    day ? monthOfDay(day) : null,
  );
  const filters = useQuery({
    ...eventFiltersQuery({ categories, date: filtersDate }),
    placeholderData: keepPreviousData,
  });
  const events = useQuery({
    ...eventsQuery({ page, categories, day }),
    placeholderData: keepPreviousData,
  });

  const minMonth = filters.data ? monthOfDay(filters.data.min_date) : null;
  const [chosenMonth, setChosenMonth] = useState<string | null>(null);
  const month = chosenMonth ?? (day ? monthOfDay(day) : minMonth);
  const onMonthChange = (next: string) => {
    setChosenMonth(next);
    if (minMonth && next < minMonth && (!filtersDate || next < filtersDate)) {
      setFiltersDate(next);
    }
  };

  // Spec §4: a day resets the page to 1; other categories clear the day.
  const selectDay = (next: string | null) => {
    // The calendar stays on its month when the day is cleared.
    if (month) setChosenMonth(month);
    list.setSingle('day', next);
  };
  const setCategories = (values: string[]) =>
    list.update((next) => {
      next.delete('categories');
      next.delete('categories[]');
      values.forEach((value) => next.append('categories', value));
      next.delete('day');
      next.delete('page');
    });

  const [calendarOpen, setCalendarOpen] = useState(false);
  const calendarId = useId();

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>L'agenda des évènements</h1>
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-grid-row--bottom')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-6', 'fr-col-lg-4')}>
          <MultiSelectFilter
            label="Catégories"
            options={(filters.data?.categories ?? []).map((category) => ({
              value: String(category.id),
              label: category.name,
            }))}
            selected={categories}
            onChange={setCategories}
          />
        </div>
        <div className={fr.cx('fr-col-12', 'fr-col-md-6', 'fr-col-lg-8')}>
          <ul
            className={fr.cx(
              'fr-btns-group',
              'fr-btns-group--inline-md',
              'fr-btns-group--right',
              'fr-btns-group--icon-left',
              'fr-mb-0',
            )}
          >
            <li>
              <Link
                to={pathTo('myaccount.events.create')}
                className={fr.cx('fr-btn', 'fr-icon-add-line', 'fr-btn--icon-left', 'fr-mb-0')}
              >
                Déposer un évènement
              </Link>
            </li>
          </ul>
        </div>
      </div>

      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-mt-2w')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-5', 'fr-col-lg-4')}>
          <button
            type="button"
            className={fr.cx(
              'fr-btn',
              'fr-btn--secondary',
              'fr-btn--icon-left',
              calendarOpen ? 'fr-icon-arrow-up-s-line' : 'fr-icon-calendar-line',
              'fr-hidden-md',
            )}
            aria-expanded={calendarOpen}
            aria-controls={calendarId}
            onClick={() => setCalendarOpen((open) => !open)}
          >
            Voir l'agenda
          </button>
          <section
            id={calendarId}
            className="app-agenda__calendar"
            data-open={calendarOpen}
            aria-label="Calendrier des évènements"
          >
            {filters.data && month ? (
              <EventsCalendar
                events={filters.data.events}
                today={filters.data.min_date}
                selectedDay={day}
                onSelectDay={selectDay}
                month={month}
                onMonthChange={onMonthChange}
              />
            ) : filters.error ? (
              <p role="alert">{filters.error.message}</p>
            ) : (
              <Loader />
            )}
          </section>
        </div>

        <div className={fr.cx('fr-col-12', 'fr-col-md-7', 'fr-col-lg-8')}>
          <div className="app-agenda__heading">
            <h2 className={fr.cx('fr-h4', 'fr-mb-0')} ref={listHeading} tabIndex={-1}>
              {day ? `Évènements du ${formatLongDay(day)}` : 'Évènements à venir'}
            </h2>
            {day && (
              <button
                type="button"
                className={fr.cx(
                  'fr-btn',
                  'fr-btn--tertiary-no-outline',
                  'fr-btn--sm',
                  'fr-btn--icon-left',
                  'fr-icon-close-line',
                )}
                onClick={() => {
                  selectDay(null);
                  // The button goes with the day: the focus goes to the list's heading.
                  listHeading.current?.focus();
                }}
              >
                Voir toutes les dates
              </button>
            )}
          </div>
          <ResultsStatus
            total={events.data && !events.isPlaceholderData ? events.data.meta.total : null}
            one="évènement trouvé"
            many="évènements trouvés"
          />
          {events.data ? (
            events.data.data.length ? (
              <>
                <ul className="app-agenda__list" aria-busy={events.isPlaceholderData || undefined}>
                  {events.data.data.map((event, index) => (
                    <li key={event.id}>
                      <EventCard event={event} link={eventLink(event)} first={index === 0} />
                    </li>
                  ))}
                </ul>
                <ListPagination meta={events.data.meta} pages={events.data.pages} />
              </>
            ) : (
              <EmptyResults meta={events.data.meta} />
            )
          ) : events.error ? (
            <p role="alert">{events.error.message}</p>
          ) : (
            <Loader />
          )}
        </div>
      </div>
    </div>
  );
}
