import { describe, expect, it } from 'vitest';
import type { AgendaEvent } from '../../features/events/events.ts';
import { agendaQueries, agendaStateFrom, eventLink, eventsJsonLd } from './agenda.ts';

const EVENT: AgendaEvent = {
  id: 7,
  title: 'Forum régional',
  description: '<p>Deux jours.</p>',
  started_at: '2026-12-03',
  ended_at: '2026-12-04',
  place: 'Mont-de-Marsan',
  planner: 'Département des Landes',
  thumbUrl: '/uploads/events/forum.webp',
  external_url: 'https://exemple.fr/forum',
  more_infos_type: 'other',
  post: null,
  category: { name: 'Rencontre' },
};

describe('agenda URL state', () => {
  it('reads page, categories and day, ignoring what the API would refuse', () => {
    expect(
      agendaStateFrom(
        new URLSearchParams('categories=2&categories[]=5&categories=x&day=20261124&page=3'),
      ),
    ).toEqual({ page: 3, categories: ['2', '5'], day: '20261124' });
    expect(agendaStateFrom(new URLSearchParams('day=20261131'))).toEqual({
      page: 1,
      categories: [],
      day: null,
    });
  });

  it("queries the events and the filters, from the day's month when there is one", () => {
    expect(agendaQueries(new URLSearchParams('')).map((q) => q.queryKey)).toEqual([
      ['/api/events', { page: 1 }],
      ['/api/events/filters', {}],
    ]);
    expect(
      agendaQueries(new URLSearchParams('categories=2&day=20261020')).map((q) => q.queryKey),
    ).toEqual([
      ['/api/events', { page: 1, categories: ['2'], day: '20261020' }],
      ['/api/events/filters', { categories: ['2'], date: '202610' }],
    ]);
  });
});

describe('event links and JSON-LD', () => {
  it('links to the post when more_infos_type is post, otherwise to the external page', () => {
    expect(eventLink(EVENT)).toEqual({ href: 'https://exemple.fr/forum', external: true });
    expect(eventLink({ ...EVENT, more_infos_type: 'post', post: { slug: 'forum' } })).toEqual({
      href: '/actualites/forum',
      external: false,
    });
    expect(eventLink({ ...EVENT, external_url: null })).toBeNull();
  });

  it('describes the events of the page as a schema.org ItemList of Event', () => {
    const meta = { current_page: 2, last_page: 2, per_page: 12, total: 13, from: 13, to: 13 };
    const links = { first: '', last: '', prev: null, next: null };
    expect(eventsJsonLd({ data: [EVENT], meta, links, pages: [1, 2] })).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: [
          {
            '@type': 'ListItem',
            position: 13,
            item: {
              '@type': 'Event',
              name: 'Forum régional',
              startDate: '2026-12-03',
              endDate: '2026-12-04',
              eventStatus: 'https://schema.org/EventScheduled',
              description: 'Deux jours.',
              image: '/uploads/events/forum.webp',
              eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
              location: { '@type': 'Place', name: 'Mont-de-Marsan', address: 'Mont-de-Marsan' },
              organizer: { '@type': 'Organization', name: 'Département des Landes' },
              url: 'https://exemple.fr/forum',
            },
          },
        ],
      },
    ]);
    // An online event: a virtual location at its link.
    const online = eventsJsonLd({
      data: [{ ...EVENT, place: 'En ligne' }],
      meta,
      links,
      pages: [1],
    });
    expect(online[0]!.itemListElement[0]!.item).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', name: 'En ligne', url: 'https://exemple.fr/forum' },
    });
    // Without a link, no virtual location (its address is its link).
    const unlinked = eventsJsonLd({
      data: [{ ...EVENT, place: 'En ligne', external_url: null }],
      meta,
      links,
      pages: [1],
    });
    expect(unlinked[0]!.itemListElement[0]!.item).not.toHaveProperty('location');
    expect(eventsJsonLd(undefined)).toEqual([]);
  });
});
