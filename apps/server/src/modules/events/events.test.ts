import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCategories, events } from '../../db/schema/events.ts';
import { files } from '../../db/schema/files.ts';
import { posts } from '../../db/schema/posts.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';
import { parisDay } from '../../platform/paris-time.ts';
import { msUntilNextParisMidnight } from './events.dates.ts';

// 23:30 UTC on 23 November is already 00:30 on Tuesday 24 November in Paris (UTC+1).
const NOW = new Date('2026-11-23T23:30:00Z');
const clock = () => NOW;

type EventInsert = typeof events.$inferInsert;

describe('events API', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  let atelier = 0;
  let conference = 0;

  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
    const db = t.database.db;
    const categories = await db
      .insert(eventCategories)
      .values([
        { slug: 'atelier', name: 'Atelier', position: 1 },
        { slug: 'conference', name: 'Conférence', position: 0 },
      ])
      .returning();
    atelier = categories[0]!.id;
    conference = categories[1]!.id;
    const [image] = await db
      .insert(files)
      .values({
        storageKey: 'events/forum.webp',
        originalName: 'forum.jpg',
        mimeType: 'image/webp',
        size: 10,
      })
      .returning();
    const [published, draft] = await db
      .insert(posts)
      .values([
        { slug: 'forum-regional', title: 'Forum régional', moderationStatus: 'published' },
        { slug: 'article-en-attente', title: 'Article en attente', moderationStatus: 'pending' },
      ])
      .returning();

    const base = { moderationStatus: 'published' } as const;
    const rows: [string, EventInsert][] = [
      [
        'past',
        {
          ...base,
          title: 'Atelier passé',
          startedAt: '2026-11-10',
          endedAt: '2026-11-12',
          categoryId: atelier,
        },
      ],
      [
        'running',
        {
          ...base,
          title: 'Forum en cours',
          description: '<p>Trois jours de forum.</p>',
          startedAt: '2026-11-20',
          endedAt: '2026-11-26',
          place: 'Poitiers',
          planner: 'Équipe Alimentation durable',
          imageFileId: image!.id,
          categoryId: conference,
          moreInfosType: 'post',
          postId: published!.id,
        },
      ],
      [
        'today',
        {
          ...base,
          title: 'Marché du jour',
          startedAt: '2026-11-24',
          endedAt: null,
          categoryId: atelier,
        },
      ],
      [
        'december',
        {
          ...base,
          title: 'Visite de décembre',
          startedAt: '2026-12-05',
          endedAt: '2026-12-05',
          categoryId: conference,
          externalUrl: 'https://exemple.fr/visite',
          moreInfosType: 'other',
        },
      ],
      [
        'draftPost',
        {
          ...base,
          title: 'Lien vers un article en attente',
          startedAt: '2026-12-05',
          endedAt: '2026-12-05',
          moreInfosType: 'post',
          postId: draft!.id,
        },
      ],
      ['january', { ...base, title: 'Sans catégorie', startedAt: '2027-01-15' }],
      ['october', { ...base, title: 'Octobre', startedAt: '2026-10-15', categoryId: atelier }],
      [
        'pending',
        {
          title: 'En attente',
          startedAt: '2026-11-25',
          moderationStatus: 'pending',
          categoryId: atelier,
        },
      ],
      ['rejected', { title: 'Refusé', startedAt: '2026-11-30', moderationStatus: 'rejected' }],
      ['draft', { title: 'Brouillon', startedAt: '2026-10-16', moderationStatus: 'draft' }],
    ];
    for (const [key, values] of rows) {
      const [row] = await db.insert(events).values(values).returning({ id: events.id });
      ids[key] = row!.id;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const titles = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { title: string }[] }).data.map((e) => e.title);
  };

  describe('GET /api/events/filters', () => {
    it('answers the categories, the ranges still running or to come and min_date (today in Paris)', async () => {
      const response = await get('/api/events/filters');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        categories: [
          { id: conference, name: 'Conférence' },
          { id: atelier, name: 'Atelier' },
        ],
        // Each distinct range once; nothing pending, rejected or past.
        events: [
          { started_at: '2026-11-20', ended_at: '2026-11-26' },
          { started_at: '2026-11-24', ended_at: null },
          { started_at: '2026-12-05', ended_at: '2026-12-05' },
          { started_at: '2027-01-15', ended_at: null },
        ],
        min_date: '20261124',
      });
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(String(response.headers.etag)).toMatch(/^W\/"/);
    });

    it('starts at the month of `date` (YYYYMM or YYYYMMDD) when it is before min_date', async () => {
      const november = await get('/api/events/filters?date=202611');
      expect(november.json().events).toEqual([
        { started_at: '2026-11-10', ended_at: '2026-11-12' },
        { started_at: '2026-11-20', ended_at: '2026-11-26' },
        { started_at: '2026-11-24', ended_at: null },
        { started_at: '2026-12-05', ended_at: '2026-12-05' },
        { started_at: '2027-01-15', ended_at: null },
      ]);
      expect(november.json().min_date).toBe('20261124');
      const october = await get('/api/events/filters?date=20261020');
      expect(october.json().events[0]).toEqual({ started_at: '2026-10-15', ended_at: null });
      expect(october.json().events).toHaveLength(6);
      // A later month changes nothing: the ranges still start today.
      const later = await get('/api/events/filters?date=202701');
      expect(later.json()).toEqual((await get('/api/events/filters')).json());
    });

    it('filters the ranges by category (categories[]= and categories=), not the categories', async () => {
      for (const query of [`categories[]=${atelier}`, `categories=${atelier}`]) {
        const body = (await get(`/api/events/filters?date=202610&${query}`)).json();
        expect(body.events).toEqual([
          { started_at: '2026-10-15', ended_at: null },
          { started_at: '2026-11-10', ended_at: '2026-11-12' },
          { started_at: '2026-11-24', ended_at: null },
        ]);
        expect(body.categories).toHaveLength(2);
      }
    });

    it('answers 422 on a bad date or category', async () => {
      for (const [query, field] of [
        ['date=202613', 'date'],
        ['date=2026-11', 'date'],
        ['date=20260231', 'date'],
        ['categories[]=abc', 'categories.0'],
      ] as const) {
        const response = await get(`/api/events/filters?${query}`);
        expect(response.statusCode, query).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual([field]);
      }
    });
  });

  describe('GET /api/events', () => {
    it('lists the events still running or to come, soonest first, with exactly the spec fields', async () => {
      const response = await get('/api/events');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.data.map((e: { title: string }) => e.title)).toEqual([
        'Forum en cours',
        'Marché du jour',
        'Visite de décembre',
        'Lien vers un article en attente',
        'Sans catégorie',
      ]);
      expect(body.data[0]).toEqual({
        id: ids.running,
        title: 'Forum en cours',
        description: '<p>Trois jours de forum.</p>',
        started_at: '2026-11-20',
        ended_at: '2026-11-26',
        place: 'Poitiers',
        planner: 'Équipe Alimentation durable',
        thumbUrl: '/uploads/events/forum.webp',
        external_url: null,
        more_infos_type: 'post',
        post: { slug: 'forum-regional' },
        category: { name: 'Conférence' },
      });
      expect(body.data[2]).toEqual({
        id: ids.december,
        title: 'Visite de décembre',
        description: null,
        started_at: '2026-12-05',
        ended_at: '2026-12-05',
        place: null,
        planner: null,
        thumbUrl: null,
        external_url: 'https://exemple.fr/visite',
        more_infos_type: 'other',
        post: null,
        category: { name: 'Conférence' },
      });
      // The linked post is not published: no link to it.
      expect(body.data[3].post).toBeNull();
      expect(body.data[4]).toMatchObject({ category: null, ended_at: null, more_infos_type: null });
      expect(body.meta).toEqual({
        current_page: 1,
        last_page: 1,
        per_page: 12,
        total: 5,
        from: 1,
        to: 5,
      });
      expect(body.pages).toEqual([1]);
      expect(body.links).toEqual({
        first: '/api/events?page=1',
        last: '/api/events?page=1',
        prev: null,
        next: null,
      });
      expect(response.headers['cache-control']).toBe('public, max-age=60');
    });

    it('filters by category (categories[]= and categories=)', async () => {
      expect(await titles(`/api/events?categories[]=${atelier}`)).toEqual(['Marché du jour']);
      expect(await titles(`/api/events?categories=${conference}`)).toEqual([
        'Forum en cours',
        'Visite de décembre',
      ]);
      expect(await titles(`/api/events?categories=${conference}&categories=${atelier}`)).toEqual([
        'Forum en cours',
        'Marché du jour',
        'Visite de décembre',
      ]);
      expect(
        await titles(`/api/events?categories[]=${conference}&categories[]=${atelier}`),
      ).toEqual(['Forum en cours', 'Marché du jour', 'Visite de décembre']);
    });

    it('filters by day: every day of a range matches, past days too, never unpublished events', async () => {
      for (const day of ['20261120', '20261123', '20261125', '20261126']) {
        expect(await titles(`/api/events?day=${day}`), day).toEqual(['Forum en cours']);
      }
      expect(await titles('/api/events?day=20261124')).toEqual([
        'Forum en cours',
        'Marché du jour',
      ]);
      expect(await titles('/api/events?day=20261127')).toEqual([]);
      expect(await titles('/api/events?day=20261111')).toEqual(['Atelier passé']);
      expect(await titles('/api/events?day=20261015')).toEqual(['Octobre']);
      expect(await titles('/api/events?day=20261016')).toEqual([]);
      expect(await titles('/api/events?day=20261130')).toEqual([]);
      expect(await titles(`/api/events?day=20261124&categories[]=${conference}`)).toEqual([
        'Forum en cours',
      ]);
      const body = (await get(`/api/events?day=20261124&categories[]=${conference}`)).json();
      expect(body.links.first).toBe(
        `/api/events?categories%5B%5D=${conference}&day=20261124&page=1`,
      );
    });

    it('answers 422 on a bad day, page or category', async () => {
      for (const [query, field] of [
        ['day=2026112', 'day'],
        ['day=2026-11-24', 'day'],
        ['day=20261131', 'day'],
        ['day=abcdefgh', 'day'],
        ['page=0', 'page'],
        ['page=x', 'page'],
        ['categories=-1', 'categories.0'],
      ] as const) {
        const response = await get(`/api/events?${query}`);
        expect(response.statusCode, query).toBe(422);
        expect(Object.keys(response.json().errors), query).toEqual([field]);
        expect(response.json().errors[field][0]).toEqual(expect.any(String));
      }
    });

    it('renders the agenda page on the server from the same reads', async () => {
      const response = await get('/agenda');
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/<h1[^>]*>L&#x27;agenda des évènements<\/h1>/);
      expect(response.body).toContain('Forum en cours');
      expect(response.body).toContain('Novembre 2026');
      expect(response.body).toContain('aria-label="mardi 24 novembre 2026, évènements ce jour"');
      expect(response.body).toContain('"queryKey":["/api/events/filters",{}]');
      expect(response.body).toContain('"@type":"ItemList"');
      // A past day: its events, and the calendar's ranges from its month on.
      const day = await get('/agenda?day=20261111');
      expect(day.body).toContain('Atelier passé');
      expect(day.body).not.toContain('Marché du jour');
      expect(day.body).toContain('"queryKey":["/api/events/filters",{"date":"202611"}]');
      expect(day.body).toMatch(/aria-pressed="true"[^>]*aria-label="mercredi 11 novembre 2026/);
    });
  });
});

describe('events API pagination and query count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
    const db = t.database.db;
    const [category] = await db
      .insert(eventCategories)
      .values({ slug: 'atelier', name: 'Atelier' })
      .returning();
    const [image] = await db
      .insert(files)
      .values({
        storageKey: 'events/a.webp',
        originalName: 'a.jpg',
        mimeType: 'image/webp',
        size: 1,
      })
      .returning();
    const [post] = await db
      .insert(posts)
      .values({ slug: 'article', title: 'Article', moderationStatus: 'published' })
      .returning();
    await db.insert(events).values(
      Array.from({ length: 25 }, (_, i) => ({
        title: `Évènement ${String(i + 1).padStart(2, '0')}`,
        startedAt: `2026-12-${String(i + 1).padStart(2, '0')}`,
        endedAt: `2026-12-${String(i + 2).padStart(2, '0')}`,
        categoryId: category!.id,
        imageFileId: image!.id,
        moreInfosType: 'post' as const,
        postId: post!.id,
        moderationStatus: 'published' as const,
      })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('paginates by 12 with the page list', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/events' })).json();
    expect(first.data).toHaveLength(12);
    expect(first.data[0].title).toBe('Évènement 01');
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 3, total: 25, from: 1, to: 12 });
    expect(first.pages).toEqual([1, 2, 3]);
    expect(first.links.next).toBe('/api/events?page=2');
    const last = (await t.app.inject({ method: 'GET', url: '/api/events?page=3' })).json();
    expect(last.data.map((e: { title: string }) => e.title)).toEqual(['Évènement 25']);
    expect(last.meta).toMatchObject({ current_page: 3, from: 25, to: 25 });
    expect(last.links).toMatchObject({ prev: '/api/events?page=2', next: null });
    const beyond = (await t.app.inject({ method: 'GET', url: '/api/events?page=9' })).json();
    expect(beyond.data).toEqual([]);
  });

  it('makes the same small number of queries for 12 events as for 1', async () => {
    // Earlier tests left these answers in the public cache.
    t.app.publicCache.invalidate();
    const many = await t.database.recordQueries(() =>
      t.app.inject({ method: 'GET', url: '/api/events?page=1' }),
    );
    const one = await t.database.recordQueries(() =>
      t.app.inject({ method: 'GET', url: '/api/events?page=3' }),
    );
    expect(many.result.json().data).toHaveLength(12);
    expect(one.result.json().data).toHaveLength(1);
    expect(many.queries.length).toBeLessThanOrEqual(2);
    expect(one.queries.length).toBe(many.queries.length);
    const filters = await t.database.recordQueries(() =>
      t.app.inject({ method: 'GET', url: '/api/events/filters' }),
    );
    expect(filters.queries.length).toBeLessThanOrEqual(2);
    expect(filters.result.json().events).toHaveLength(25);
  });

  it('answers a repeated anonymous request from the public cache, without a query', async () => {
    await t.app.inject({ method: 'GET', url: '/api/events?page=2' });
    const again = await t.database.recordQueries(() =>
      t.app.inject({ method: 'GET', url: '/api/events?page=2' }),
    );
    expect(again.result.statusCode).toBe(200);
    expect(again.queries).toEqual([]);
  });
});

describe('event dates', () => {
  it('reads today in Paris, not in UTC', () => {
    expect(parisDay(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(parisDay(new Date('2026-07-23T21:59:00Z'))).toBe('2026-07-23');
    expect(parisDay(new Date('2026-07-23T22:00:00Z'))).toBe('2026-07-24');
  });

  it('sleeps until just after the next midnight in Paris', () => {
    // 00:30 in Paris: 23 h 30 min (and one second) to go.
    expect(msUntilNextParisMidnight(new Date('2026-11-23T23:30:00Z'))).toBe(
      (23 * 3600 + 30 * 60 + 1) * 1000,
    );
    // The days the clocks change last 23 and 25 hours (29 March and 25 October 2026).
    const hour = 3600 * 1000;
    expect(msUntilNextParisMidnight(new Date('2026-03-28T23:00:01Z'))).toBe(23 * hour);
    expect(msUntilNextParisMidnight(new Date('2026-10-24T22:00:01Z'))).toBe(25 * hour);
    // Summer: 23:59:59 in Paris, two seconds to go.
    expect(msUntilNextParisMidnight(new Date('2026-07-23T21:59:59Z'))).toBe(2000);
  });
});
