import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_INVALID_MESSAGE } from '@ad/contract';
import { files } from '../../db/schema/files.ts';
import { postCategories, posts } from '../../db/schema/posts.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';
import { imageAltText } from './posts.presenter.ts';

const UPDATED_AT = new Date('2026-03-01T10:00:00.000Z');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

type PostValues = typeof posts.$inferInsert;

/** A published post; `values` overrides anything. */
function post(slug: string, values: Partial<PostValues> = {}): PostValues {
  return {
    slug,
    title: `Titre ${slug}`,
    description: `<p>Description de ${slug}.</p>`,
    moderationStatus: 'published',
    publishedAt: daysAgo(1),
    updatedAt: UPDATED_AT,
    ...values,
  };
}

async function insertCategory(t: TestApp, slug: string, name: string, position: number) {
  const [row] = await t.database.db
    .insert(postCategories)
    .values({ slug, name, position })
    .returning({ id: postCategories.id });
  return row!.id;
}

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('posts API', () => {
  let t: TestApp;
  const category: Record<'appel' | 'evenement' | 'vide' | 'attente', number> = {
    appel: 0,
    evenement: 0,
    vide: 0,
    attente: 0,
  };

  beforeAll(async () => {
    t = await createTestApp();
    category.vide = await insertCategory(t, 'vide', 'Sans actualité', 0);
    category.evenement = await insertCategory(t, 'evenement', 'Évènement', 1);
    category.appel = await insertCategory(t, 'appel-a-projets', 'Appel à projets', 2);
    category.attente = await insertCategory(t, 'attente', 'En attente seulement', 3);
    const [image] = await t.database.db
      .insert(files)
      .values({
        storageKey: 'posts/appel-a-projets_2026.png',
        originalName: 'appel-a-projets_2026.png',
        mimeType: 'image/png',
        size: 1200,
        width: 800,
        height: 450,
      })
      .returning({ id: files.id });
    await t.database.db.insert(posts).values([
      post('appel-a-projets', {
        title: 'Appel à projets régional',
        description: '<p>L’appel à projets est <strong>ouvert</strong>.</p>',
        categoryId: category.appel,
        imageFileId: image!.id,
        externalUrl: 'https://exemple.fr/appel',
        eventStartedAt: '2026-04-10',
        eventEndedAt: '2026-04-11',
        eventPlace: 'Poitiers',
        eventHour: '9h30',
        publishedAt: daysAgo(1),
      }),
      post('rencontres', { categoryId: category.evenement, publishedAt: daysAgo(2) }),
      post('bilan', { categoryId: category.appel, publishedAt: daysAgo(3), description: null }),
      post('sans-categorie', { publishedAt: daysAgo(4) }),
      post('temoignage', { categoryId: category.evenement, publishedAt: daysAgo(5) }),
      post('ancienne', { categoryId: category.appel, publishedAt: daysAgo(10) }),
      // Never shown: not published, however recent.
      post('en-attente', {
        categoryId: category.attente,
        moderationStatus: 'pending',
        publishedAt: null,
      }),
      post('refusee', {
        categoryId: category.appel,
        moderationStatus: 'rejected',
        publishedAt: daysAgo(0),
      }),
      post('brouillon', { categoryId: category.appel, moderationStatus: 'draft' }),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/posts/filters', () => {
    it('lists the categories that have a published post, by position, cacheable', async () => {
      const response = await get(t, '/api/posts/filters');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(response.json()).toEqual({
        categories: [
          { id: category.evenement, name: 'Évènement' },
          { id: category.appel, name: 'Appel à projets' },
        ],
      });
    });
  });

  describe('GET /api/posts', () => {
    it('answers the published posts, newest first, with exactly the spec fields', async () => {
      const response = await get(t, '/api/posts');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      const body = response.json();
      expect(body.data.map((p: { slug: string }) => p.slug)).toEqual([
        'appel-a-projets',
        'rencontres',
        'bilan',
        'sans-categorie',
        'temoignage',
        'ancienne',
      ]);
      expect(body.data[0]).toEqual({
        id: expect.any(Number),
        slug: 'appel-a-projets',
        title: 'Appel à projets régional',
        description: '<p>L’appel à projets est <strong>ouvert</strong>.</p>',
        thumbUrl: '/uploads/posts/appel-a-projets_2026.png',
        category: { name: 'Appel à projets' },
        updated_at: '2026-03-01T10:00:00.000Z',
      });
      // No image, no category, no description.
      expect(body.data[2]).toMatchObject({ slug: 'bilan', description: '', thumbUrl: null });
      expect(body.data[3]).toMatchObject({ slug: 'sans-categorie', category: null });
      expect(body.meta).toEqual({
        current_page: 1,
        last_page: 1,
        per_page: 12,
        total: 6,
        from: 1,
        to: 6,
      });
      expect(body.links).toEqual({
        first: '/api/posts?page=1',
        last: '/api/posts?page=1',
        prev: null,
        next: null,
      });
      expect(body.pages).toEqual([1]);
    });

    it('breaks ties of published_at by id, newest id first', async () => {
      const same = daysAgo(400);
      await t.database.db
        .insert(posts)
        .values([
          post('egalite-1', { publishedAt: same }),
          post('egalite-2', { publishedAt: same }),
        ]);
      await t.contentSettled();
      const response = await get(t, '/api/posts');
      const slugs = response.json().data.map((p: { slug: string }) => p.slug);
      expect(slugs.slice(-2)).toEqual(['egalite-2', 'egalite-1']);
      await t.database.db.delete(posts).where(inArray(posts.slug, ['egalite-1', 'egalite-2']));
      await t.contentSettled();
    });

    it('filters by categories, as categories[]= or categories=', async () => {
      for (const query of [`categories[]=${category.appel}`, `categories=${category.appel}`]) {
        const response = await get(t, `/api/posts?${query}`);
        expect(response.statusCode, query).toBe(200);
        const body = response.json();
        expect(body.data.map((p: { slug: string }) => p.slug)).toEqual([
          'appel-a-projets',
          'bilan',
          'ancienne',
        ]);
        expect(body.meta.total).toBe(3);
        expect(body.links.first).toBe(`/api/posts?categories%5B%5D=${category.appel}&page=1`);
      }
      for (const query of [
        `categories[]=${category.appel}&categories[]=${category.evenement}`,
        `categories=${category.appel}&categories=${category.evenement}`,
      ]) {
        const body = (await get(t, `/api/posts?${query}`)).json();
        expect(body.meta.total, query).toBe(5);
      }
      // A category without published posts: an empty page, not an error.
      const empty = (await get(t, `/api/posts?categories[]=${category.attente}`)).json();
      expect(empty.data).toEqual([]);
      expect(empty.meta).toMatchObject({ total: 0, last_page: 1, from: null, to: null });
    });

    it('answers an empty page past the last one', async () => {
      const body = (await get(t, '/api/posts?page=5')).json();
      expect(body.data).toEqual([]);
      expect(body.meta).toMatchObject({ current_page: 5, last_page: 1, total: 6 });
    });

    it.each([
      ['page=abc', 'page'],
      ['page=0', 'page'],
      ['page=1.5', 'page'],
      ['categories[]=abc', 'categories'],
      ['categories=-2', 'categories'],
      ['categories[]=1&categories[]=x', 'categories'],
    ])('answers 422 naming the parameter for %s', async (query, field) => {
      const response = await get(t, `/api/posts?${query}`);
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(Object.keys(body.errors).map((key) => key.split('.')[0])).toEqual([field]);
      expect(body.message).toBe(FIELD_INVALID_MESSAGE);
    });
  });

  describe('GET /api/posts/{slug}', () => {
    it('answers the post with exactly the spec fields, and its related posts', async () => {
      const response = await get(t, '/api/posts/appel-a-projets');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['post', 'related_posts']);
      expect(body.post).toEqual({
        slug: 'appel-a-projets',
        title: 'Appel à projets régional',
        description: '<p>L’appel à projets est <strong>ouvert</strong>.</p>',
        image:
          '<img src="/uploads/posts/appel-a-projets_2026.png" alt="appel a projets 2026" width="800" height="450" class="fr-responsive-img">',
        updated_at: '2026-03-01T10:00:00.000Z',
        external_url: 'https://exemple.fr/appel',
        category: { name: 'Appel à projets' },
        event: {
          started_at: '2026-04-10',
          ended_at: '2026-04-11',
          place: 'Poitiers',
          hour: '9h30',
        },
      });
      // Same category first (newest first), then the newest of the others; never itself.
      expect(body.related_posts.map((p: { slug: string }) => p.slug)).toEqual([
        'bilan',
        'ancienne',
        'rencontres',
      ]);
      expect(Object.keys(body.related_posts[0]).sort()).toEqual(
        ['category', 'description', 'id', 'slug', 'thumbUrl', 'title', 'updated_at'].sort(),
      );
    });

    it('answers null image, category and event when the post has none', async () => {
      const body = (await get(t, '/api/posts/sans-categorie')).json();
      expect(body.post).toMatchObject({
        image: null,
        category: null,
        event: null,
        external_url: null,
      });
      // Without a category, the newest other posts.
      expect(body.related_posts.map((p: { slug: string }) => p.slug)).toEqual([
        'appel-a-projets',
        'rencontres',
        'bilan',
      ]);
    });

    it('completes a small category with the newest other posts', async () => {
      const body = (await get(t, '/api/posts/rencontres')).json();
      expect(body.related_posts.map((p: { slug: string }) => p.slug)).toEqual([
        'temoignage',
        'appel-a-projets',
        'bilan',
      ]);
    });

    it('answers 404 in French for a missing or unpublished post', async () => {
      for (const slug of ['inconnue', 'en-attente', 'refusee', 'brouillon']) {
        const response = await get(t, `/api/posts/${slug}`);
        expect(response.statusCode, slug).toBe(404);
        expect(response.json()).toEqual({ message: "La ressource demandée n'existe pas." });
        // Not kept by a browser or a proxy: the post may be published the next minute.
        expect(response.headers['cache-control'], slug).toBe('no-store');
      }
    });

    it('never lists an unpublished post in the related posts', async () => {
      for (const slug of ['appel-a-projets', 'bilan', 'ancienne', 'sans-categorie']) {
        const body = (await get(t, `/api/posts/${slug}`)).json();
        const related = body.related_posts.map((p: { slug: string }) => p.slug);
        expect(related, slug).toHaveLength(3);
        for (const hidden of ['en-attente', 'refusee', 'brouillon']) {
          expect(related, slug).not.toContain(hidden);
        }
      }
    });
  });

  describe('server-rendered pages', () => {
    it('renders the news list from the same reads, filtered by the URL', async () => {
      const response = await get(t, '/actualites');
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/<h1[^>]*>Les actualités<\/h1>/);
      expect(response.body).toMatch(/<h2 class="fr-card__title">Appel à projets régional<\/h2>/);
      expect(response.body).toMatch(/<a[^>]*href="\/mon-compte\/actualites\/creation"[^>]*>/);
      expect(response.body).toContain('Déposer une actualité');
      expect(response.body).toContain('"queryKey":["/api/posts",{"page":1,"categories":[]}]');
      expect(response.body).toContain('"queryKey":["/api/posts/filters",{}]');

      const filtered = await get(t, `/actualites?categories=${category.evenement}`);
      expect(filtered.body).toMatch(/fr-card__title">Titre rencontres</);
      expect(filtered.body).not.toMatch(/fr-card__title">Appel à projets régional</);
      // A category that is not an id is ignored, not an error.
      const mistyped = await get(t, '/actualites?categories=abc');
      expect(mistyped.statusCode).toBe(200);
      expect(mistyped.body).toMatch(/fr-card__title">Appel à projets régional</);
    });

    it('renders a post with its head tags: og:type article, og:image, NewsArticle', async () => {
      const response = await get(t, '/actualites/appel-a-projets');
      expect(response.statusCode).toBe(200);
      const body = response.body;
      expect(body).toMatch(/<title>[^<]* - Appel à projets régional<\/title>/);
      expect(body).toContain('<meta property="og:type" content="article">');
      expect(body).toMatch(
        /<meta property="og:image" content="[^"]*\/uploads\/posts\/appel-a-projets_2026\.png">/,
      );
      const jsonLd = [
        ...body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g),
      ].map((found) => JSON.parse(found[1]!) as Record<string, unknown>);
      // Absolute, as og:image (search engines need absolute URLs).
      const image = /<meta property="og:image" content="([^"]*)">/.exec(body)![1]!;
      expect(image).toMatch(/^https?:\/\/[^/]+\/uploads\/posts\/appel-a-projets_2026\.png$/);
      const site = image.slice(0, image.indexOf('/uploads/'));
      const publisher = { '@type': 'Organization', name: expect.any(String), url: `${site}/` };
      expect(jsonLd).toContainEqual({
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: 'Appel à projets régional',
        dateModified: '2026-03-01T10:00:00.000Z',
        image: [image],
        articleSection: 'Appel à projets',
        author: publisher,
        publisher,
        mainEntityOfPage: `${site}/actualites/appel-a-projets`,
      });
      // The post announces an event: its Event too.
      expect(jsonLd).toContainEqual(
        expect.objectContaining({
          '@type': 'Event',
          startDate: '2026-04-10',
          endDate: '2026-04-11',
        }),
      );
      expect(body).toMatch(/<h1[^>]*>Appel à projets régional<\/h1>/);
      expect(body).toContain('Mis à jour le 01 mars 2026 à 11h00');
      expect(body).toContain('Du 10 avril 2026 au 11 avril 2026');
      expect(body).toMatch(
        /<a href="https:\/\/exemple.fr\/appel" target="_blank" rel="noopener noreferrer" class="fr-btn" title="En savoir plus - nouvelle fenêtre">En savoir plus<\/a>/,
      );
      expect(body).toContain('Ces actualités peuvent vous intéresser...');
      expect(body).toContain('alt="appel a projets 2026"');
    });

    it('sends a missing or unpublished post to the 404 route', async () => {
      for (const slug of ['inconnue', 'en-attente']) {
        const response = await get(t, `/actualites/${slug}`);
        expect(response.statusCode, slug).toBe(302);
        expect(response.headers.location).toBe('/404');
      }
    });
  });

  it('builds the alt text of an image from its file name', () => {
    expect(imageAltText('marche-de-noel_2024.JPG')).toBe('marche de noel 2024');
    expect(imageAltText('Récolte  courges.webp')).toBe('Récolte courges');
    expect(imageAltText('')).toBe('');
  });
});

/** Enough posts for 21 pages of 12: pages list with ellipses, constant query count. */
describe('posts API: long lists', () => {
  let t: TestApp;
  let single = 0;
  let busy = 0;
  const TOTAL = 12 * 20 + 5;

  beforeAll(async () => {
    t = await createTestApp();
    busy = await insertCategory(t, 'vie-du-reseau', 'Vie du réseau', 1);
    single = await insertCategory(t, 'temoignage', 'Témoignage', 2);
    const [image] = await t.database.db
      .insert(files)
      .values({
        storageKey: 'posts/image.png',
        originalName: 'image.png',
        mimeType: 'image/png',
        size: 10,
      })
      .returning({ id: files.id });
    await t.database.db.insert(posts).values(
      Array.from({ length: TOTAL - 1 }, (_, i) =>
        post(`actualite-${i + 1}`, {
          categoryId: busy,
          imageFileId: image!.id,
          publishedAt: daysAgo(i + 2),
        }),
      ),
    );
    await t.database.db
      .insert(posts)
      .values(
        post('seule', { categoryId: single, imageFileId: image!.id, publishedAt: daysAgo(1) }),
      );
  });
  afterAll(async () => {
    await t.close();
  });

  it('paginates by 12 with links, meta and the page list with its ellipses', async () => {
    const body = (await get(t, `/api/posts?page=9&categories[]=${busy}`)).json();
    expect(body.data).toHaveLength(12);
    expect(body.data[0].slug).toBe('actualite-97');
    expect(body.meta).toEqual({
      current_page: 9,
      last_page: 21,
      per_page: 12,
      total: TOTAL - 1,
      from: 97,
      to: 108,
    });
    expect(body.links).toEqual({
      first: `/api/posts?categories%5B%5D=${busy}&page=1`,
      last: `/api/posts?categories%5B%5D=${busy}&page=21`,
      prev: `/api/posts?categories%5B%5D=${busy}&page=8`,
      next: `/api/posts?categories%5B%5D=${busy}&page=10`,
    });
    expect(body.pages).toEqual([1, 2, '...', 6, 7, 8, 9, 10, 11, 12, '...', 20, 21]);

    const last = (await get(t, '/api/posts?page=21')).json();
    expect(last.data).toHaveLength(5);
    expect(last.meta).toMatchObject({ current_page: 21, last_page: 21, from: 241, to: 245 });
    expect(last.links.next).toBeNull();
    expect(last.pages).toEqual([1, 2, '...', 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
  });

  it('makes as many queries for a page of 12 posts as for a page of 1', async () => {
    const many = await t.database.recordQueries(() => get(t, '/api/posts?page=2'));
    expect(many.result.json().data).toHaveLength(12);
    const one = await t.database.recordQueries(() => get(t, `/api/posts?categories[]=${single}`));
    expect(one.result.json().data).toHaveLength(1);
    expect(many.queries.length).toBeLessThanOrEqual(2);
    expect(one.queries.length).toBe(many.queries.length);
  });

  it('reads a post and its related posts in at most 3 queries', async () => {
    const busyPost = await t.database.recordQueries(() => get(t, '/api/posts/actualite-3'));
    expect(busyPost.result.json().related_posts).toHaveLength(3);
    expect(busyPost.queries.length).toBeLessThanOrEqual(3);
    const alone = await t.database.recordQueries(() => get(t, '/api/posts/seule'));
    expect(alone.result.json().related_posts.map((p: { slug: string }) => p.slug)).toEqual([
      'actualite-1',
      'actualite-2',
      'actualite-3',
    ]);
    expect(alone.queries.length).toBeLessThanOrEqual(3);
  });

  it('counts the categories filter in one query', async () => {
    const { result, queries } = await t.database.recordQueries(() => get(t, '/api/posts/filters'));
    expect(result.json().categories).toEqual([
      { id: busy, name: 'Vie du réseau' },
      { id: single, name: 'Témoignage' },
    ]);
    expect(queries).toHaveLength(1);
  });
});
