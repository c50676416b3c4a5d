import { fr } from '../../lib/fr.ts';
import { Link } from 'react-router';
import { formatDate } from '../../lib/date.ts';
import { excerpt } from '../../lib/excerpt.ts';
import type { AgendaEvent } from './events.ts';
import { cardImageLoading } from '../lists/card-image.ts';

/** 'Le 05 mars 2026' or 'Du 05 mars 2026 au 07 mars 2026'. */
export function eventDates(event: Pick<AgendaEvent, 'started_at' | 'ended_at'>) {
  const end = event.ended_at && event.ended_at !== event.started_at ? event.ended_at : null;
  // One element: the DSFR lays out an icon detail's children as flex items (spaces collapse).
  return end ? (
    <span>
      Du <time dateTime={event.started_at}>{formatDate(event.started_at)}</time> au{' '}
      <time dateTime={end}>{formatDate(end)}</time>
    </span>
  ) : (
    <span>
      Le <time dateTime={event.started_at}>{formatDate(event.started_at)}</time>
    </span>
  );
}

/**
 * An event of the agenda (spec §2 Agenda, §3): a DSFR card whose title links to its post when
 * more_infos_type is post, otherwise to its external page in a new window (announced).
 */
export function EventCard({
  event,
  link,
  headingLevel = 3,
  first = false,
}: {
  event: AgendaEvent;
  /** The first card of its list: its image loads at once (cardImageLoading). */
  first?: boolean;
  link: { href: string; external: boolean } | null;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const text = excerpt(event.description);
  return (
    <div
      className={fr.cx(
        'fr-card',
        'fr-card--sm',
        'fr-card--horizontal',
        'fr-card--horizontal-tier',
        {
          'fr-enlarge-link': Boolean(link),
        },
      )}
    >
      <div className={fr.cx('fr-card__body')}>
        <div className={fr.cx('fr-card__content')}>
          <Heading className={fr.cx('fr-card__title')}>
            {!link ? (
              event.title
            ) : link.external ? (
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                title={`${event.title} - nouvelle fenêtre`}
              >
                {event.title}
              </a>
            ) : (
              <Link to={link.href}>{event.title}</Link>
            )}
          </Heading>
          {text && <p className={fr.cx('fr-card__desc')}>{text}</p>}
          <div className={fr.cx('fr-card__start')}>
            {event.category && (
              <ul className={fr.cx('fr-tags-group')}>
                <li>
                  <p className={fr.cx('fr-tag', 'fr-tag--sm')}>{event.category.name}</p>
                </li>
              </ul>
            )}
            <p className={fr.cx('fr-card__detail', 'fr-icon-calendar-line')}>{eventDates(event)}</p>
          </div>
          {(event.place || event.planner) && (
            <div className={fr.cx('fr-card__end')}>
              {event.place && (
                <p className={fr.cx('fr-card__detail', 'fr-icon-map-pin-2-line')}>
                  <span>
                    <span className={fr.cx('fr-sr-only')}>Lieu : </span>
                    {event.place}
                  </span>
                </p>
              )}
              {event.planner && (
                <p className={fr.cx('fr-card__detail', 'fr-icon-team-line')}>
                  <span>
                    <span className={fr.cx('fr-sr-only')}>Organisateur : </span>
                    {event.planner}
                  </span>
                </p>
              )}
            </div>
          )}
        </div>
      </div>
      {event.thumbUrl && (
        <div className={fr.cx('fr-card__header')}>
          <div className={fr.cx('fr-card__img')}>
            <img
              className={fr.cx('fr-responsive-img')}
              src={event.thumbUrl}
              alt=""
              {...cardImageLoading(first)}
            />
          </div>
        </div>
      )}
    </div>
  );
}
