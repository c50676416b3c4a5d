import { pathTo, stripTags, type Paginated } from '@ad/contract';
import { isValidDay, monthOfDay } from '../../features/events/calendar.ts';
import { eventFiltersQuery, eventsQuery, type AgendaEvent } from '../../features/events/events.ts';
import { eventLocationJsonLd } from '../../features/events/event-json-ld.ts';
import { listStateFrom, validIds } from '../../features/lists/list-params.ts';

/**
 * The agenda's state in its URL (spec §2 route events, §4): `page`, `categories` (repeated) and
 * `day` (YYYYMMDD). Values the API would refuse (a category that is not an id, an impossible
 * day) are ignored rather than shown as an error.
 */
export function agendaStateFrom(search: URLSearchParams) {
  const { page, filters, singles } = listStateFrom(search, ['categories'], ['day']);
  const categories = validIds(filters.categories ?? []);
  const day = isValidDay(singles.day) ? singles.day : null;
  return { page, categories, day };
}

/**
 * The page's two reads, from the URL: the events, and the filters with the calendar's ranges.
 * With a day in the URL the ranges start at its month (`date`), so that a past day shows its
 * month's events in the calendar.
 */
export function agendaQueries(search: URLSearchParams) {
  const { page, categories, day } = agendaStateFrom(search);
  return [
    eventsQuery({ page, categories, day }),
    eventFiltersQuery({ categories, date: day ? monthOfDay(day) : null }),
  ];
}

/** The answer of GET /api/events. */
export type AgendaPage = Paginated<AgendaEvent>;

/** The address of an event's "more information": its post, or its external page. */
export function eventLink(event: AgendaEvent): { href: string; external: boolean } | null {
  if (event.more_infos_type === 'post' && event.post) {
    return { href: pathTo('post', { slug: event.post.slug }), external: false };
  }
  if (event.external_url) return { href: event.external_url, external: true };
  return null;
}

/**
 * schema.org ItemList of the events of the page (its JSON-LD). The site's paths are made
 * absolute with the rest of the head (@ad/contract's buildPageHead).
 */
export function eventsJsonLd(response: AgendaPage | undefined) {
  if (!response?.data.length) return [];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: response.data.map((event, index) => {
        const link = eventLink(event);
        return {
          '@type': 'ListItem',
          position: (response.meta.from ?? 1) + index,
          item: {
            '@type': 'Event',
            name: event.title,
            startDate: event.started_at,
            endDate: event.ended_at ?? event.started_at,
            eventStatus: 'https://schema.org/EventScheduled',
            ...(event.description ? { description: stripTags(event.description) } : {}),
            ...(event.thumbUrl ? { image: event.thumbUrl } : {}),
            ...eventLocationJsonLd(event.place, link?.href ?? null),
            ...(event.planner
              ? { organizer: { '@type': 'Organization', name: event.planner } }
              : {}),
            ...(link ? { url: link.href } : {}),
          },
        };
      }),
    },
  ];
}
