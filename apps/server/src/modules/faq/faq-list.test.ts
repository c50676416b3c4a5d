import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqCategories, faqItems } from '../../db/schema/content.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';

const get = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/faq' });

describe('GET /api/faq', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers empty groups and no category when the FAQ is empty', async () => {
    const response = await get(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: {}, categories: [] });
  });

  it('groups the questions by category slug, categories and questions by position', async () => {
    const db = t.database.db;
    // Inserted out of order: the positions decide, not the ids.
    const [account, empty, platform] = await db
      .insert(faqCategories)
      .values([
        { slug: 'compte-donnees', name: 'Mon compte et mes données', position: 3 },
        { slug: 'sans-question', name: 'Sans question', position: 0 },
        { slug: 'la-plateforme', name: 'La plateforme', position: 1 },
      ])
      .returning();
    expect(empty).toBeDefined();
    await db.insert(faqItems).values([
      {
        categoryId: platform!.id,
        slug: 'qui-porte-la-plateforme',
        question: 'Qui porte la plateforme ?',
        answer: '<p>L’État.</p>',
        position: 1,
      },
      {
        categoryId: account!.id,
        slug: 'comment-supprimer-mon-compte',
        question: 'Comment supprimer mon compte ?',
        answer: '<p>Écrivez-nous.</p>',
        position: 0,
      },
      {
        categoryId: platform!.id,
        slug: 'a-quoi-sert-cette-plateforme',
        question: 'À quoi sert cette plateforme ?',
        answer: '<p>À recenser.</p>',
        position: 0,
      },
    ]);

    const response = await get(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        'la-plateforme': [
          {
            slug: 'a-quoi-sert-cette-plateforme',
            question: 'À quoi sert cette plateforme ?',
            answer: '<p>À recenser.</p>',
          },
          {
            slug: 'qui-porte-la-plateforme',
            question: 'Qui porte la plateforme ?',
            answer: '<p>L’État.</p>',
          },
        ],
        'compte-donnees': [
          {
            slug: 'comment-supprimer-mon-compte',
            question: 'Comment supprimer mon compte ?',
            answer: '<p>Écrivez-nous.</p>',
          },
        ],
      },
      // 'sans-question' (position 0) has no question: left out.
      categories: [
        { slug: 'la-plateforme', name: 'La plateforme', order: 1 },
        { slug: 'compte-donnees', name: 'Mon compte et mes données', order: 3 },
      ],
    });
  });

  it('is cacheable and revalidates with an ETag', async () => {
    const first = await get(t);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/faq',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
  });

  it('makes the same number of queries for one question or many', async () => {
    const count = async () => {
      t.app.publicCache.invalidate();
      const { result, queries } = await t.database.recordQueries(() => get(t));
      expect(result.statusCode).toBe(200);
      return queries.length;
    };
    const db = t.database.db;
    const [category] = await db
      .insert(faqCategories)
      .values({ slug: 'beaucoup', name: 'Beaucoup', position: 9 })
      .returning();
    await db.insert(faqItems).values(
      Array.from({ length: 40 }, (_, i) => ({
        categoryId: category!.id,
        slug: `question-${i}`,
        question: `Question ${i} ?`,
        answer: '<p>Réponse.</p>',
        position: i,
      })),
    );
    const many = await count();
    await db.delete(faqItems);
    await db.delete(faqCategories);
    const [only] = await db
      .insert(faqCategories)
      .values({ slug: 'seule', name: 'Seule', position: 1 })
      .returning();
    await db.insert(faqItems).values({
      categoryId: only!.id,
      slug: 'une-question',
      question: 'Une question ?',
      answer: '<p>Oui.</p>',
    });
    const one = await count();
    expect(many).toBeGreaterThan(0);
    expect(many).toBeLessThanOrEqual(1);
    expect(one).toBe(many);
  });

  it('renders the FAQ page on the server from the same read', async () => {
    t.app.publicCache.invalidate();
    const response = await t.app.inject({ method: 'GET', url: '/foire-aux-questions' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<h1[^>]*>Foire aux questions<\/h1>/);
    expect(response.body).toMatch(
      /<a[^>]*href="\/foire-aux-questions\/une-question"[^>]*>Une question \?<\/a>/,
    );
    expect(response.body).toContain('"queryKey":["/api/faq",{}]');
  });
});
