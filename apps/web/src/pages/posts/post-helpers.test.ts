import { describe, expect, it } from 'vitest';
import { formatEventDates, formatUpdatedAt } from './post-dates.ts';
import { imageUrlOf, postSeo } from './post-seo.ts';

describe('post dates', () => {
  it('writes the last modification in the region’s time zone, whatever the machine’s', () => {
    expect(formatUpdatedAt('2026-03-01T10:00:00.000Z')).toBe('le 01 mars 2026 à 11h00');
    expect(formatUpdatedAt('2026-07-14T22:30:00.000Z')).toBe('le 15 juillet 2026 à 00h30');
    expect(formatUpdatedAt('pas une date')).toBe('');
  });

  it('writes one day or a range of days', () => {
    const event = { started_at: '2026-04-10', ended_at: null, place: null, hour: null };
    expect(formatEventDates(event)).toBe('Le 10 avril 2026');
    expect(formatEventDates({ ...event, ended_at: '2026-04-10' })).toBe('Le 10 avril 2026');
    expect(formatEventDates({ ...event, ended_at: '2026-04-11' })).toBe(
      'Du 10 avril 2026 au 11 avril 2026',
    );
  });
});

describe('post head tags', () => {
  const response = {
    post: {
      slug: 'appel',
      title: 'Appel à projets',
      description: '<p>Ouvert.</p>',
      image: '<img src="/uploads/a&amp;b.png" alt="a b" class="fr-responsive-img">',
      updated_at: '2026-03-01T10:00:00.000Z',
      external_url: null,
      category: { name: 'Appel à projets' },
      event: null,
    },
    related_posts: [],
  };

  it('reads the image URL from the server’s <img> element', () => {
    expect(imageUrlOf(response.post.image)).toBe('/uploads/a&b.png');
    expect(imageUrlOf(null)).toBeNull();
  });

  it('gives og:type article, the image and a NewsArticle', () => {
    expect(postSeo(response)).toEqual({
      ogType: 'article',
      image: '/uploads/a&b.png',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: 'Appel à projets',
          dateModified: '2026-03-01T10:00:00.000Z',
          image: ['/uploads/a&b.png'],
          articleSection: 'Appel à projets',
        },
      ],
    });
    expect(postSeo(undefined)).toEqual({ ogType: 'article' });
  });

  it('adds the Event of a post that announces one', () => {
    const event = { started_at: '2026-04-10', ended_at: null, place: 'Poitiers', hour: '9h30' };
    const [, announced] = postSeo({ ...response, post: { ...response.post, event } }).jsonLd!;
    expect(announced).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Appel à projets',
      startDate: '2026-04-10',
      endDate: '2026-04-10',
      eventStatus: 'https://schema.org/EventScheduled',
      url: '/actualites/appel',
      image: '/uploads/a&b.png',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Poitiers', address: 'Poitiers' },
    });
  });
});
