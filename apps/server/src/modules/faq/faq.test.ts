import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqCategories, faqItems } from '../../db/schema/content.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';

describe('GET /api/faq/{slug}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const [category] = await t.database.db
      .insert(faqCategories)
      .values({ slug: 'la-plateforme', name: 'La plateforme' })
      .returning();
    await t.database.db.insert(faqItems).values({
      categoryId: category!.id,
      slug: 'la-plateforme-est-elle-gratuite',
      question: 'La plateforme est-elle gratuite ?',
      answer: '<p>Oui, la consultation est libre.</p>',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the question with exactly the spec fields, cacheable', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/faq/la-plateforme-est-elle-gratuite',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        slug: 'la-plateforme-est-elle-gratuite',
        question: 'La plateforme est-elle gratuite ?',
        answer: '<p>Oui, la consultation est libre.</p>',
      },
    });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('answers 404 in French for an unknown question, and does not cache it', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/api/faq/inconnue' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "La ressource demandée n'existe pas." });
    }
  });

  it('renders the FAQ item page on the server from the same read', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/foire-aux-questions/la-plateforme-est-elle-gratuite',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<h1[^>]*>La plateforme est-elle gratuite \?<\/h1>/);
    expect(response.body).toContain('<p>Oui, la consultation est libre.</p>');
    expect(response.body).toMatch(/<a[^>]*href="\/foire-aux-questions"[^>]*>Retour à la FAQ<\/a>/);
    // The breadcrumb ends with the question (route ':question'), not a link.
    expect(response.body).toMatch(
      /<a class="fr-breadcrumb__link" aria-current="page">La plateforme est-elle gratuite \?<\/a>/,
    );
    expect(response.body).toContain(
      '"queryKey":["/api/faq/:slug",{"slug":"la-plateforme-est-elle-gratuite"}]',
    );
  });
});
