import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postCategories, posts } from '../../db/schema/posts.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';

describe('GET /api/homepage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const [category] = await t.database.db
      .insert(postCategories)
      .values({ slug: 'vie-du-reseau', name: 'Vie du réseau' })
      .returning();
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9));
    await t.database.db.insert(posts).values([
      ...Array.from({ length: 7 }, (_, i) => ({
        slug: `actualite-${i + 1}`,
        title: `Actualité ${i + 1}`,
        description: `<p>Texte ${i + 1}</p>`,
        categoryId: category!.id,
        moderationStatus: 'published' as const,
        publishedAt: day(i + 1),
      })),
      {
        slug: 'en-attente',
        title: 'En attente',
        moderationStatus: 'pending' as const,
        publishedAt: day(20),
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the 5 latest published posts as list items, cacheable', async () => {
    // The seed's notifications must not empty the cache between the two requests.
    await t.contentSettled();
    const { result: response, queries } = await t.database.recordQueries(() =>
      t.app.inject({ method: 'GET', url: '/api/homepage' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const body = response.json() as { posts: Record<string, unknown>[] };
    expect(body.posts.map((post) => post.slug)).toEqual([
      'actualite-7',
      'actualite-6',
      'actualite-5',
      'actualite-4',
      'actualite-3',
    ]);
    expect(Object.keys(body.posts[0]!).sort()).toEqual(
      ['id', 'slug', 'title', 'description', 'thumbUrl', 'category', 'updated_at'].sort(),
    );
    expect(body.posts[0]).toMatchObject({ category: { name: 'Vie du réseau' } });
    expect(queries.length).toBeLessThanOrEqual(2);

    // Served from the public cache afterwards: no query at all.
    const again = await t.database.recordQueries(() =>
      t.app.inject({ method: 'GET', url: '/api/homepage' }),
    );
    expect(again.result.json()).toEqual(body);
    expect(again.queries).toHaveLength(0);
  });
});
