import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { faqCategories, faqItems } from '../../db/schema/content.ts';
import { posts } from '../../db/schema/posts.ts';
import { createTestApp, pageConfigFromHtml, type TestApp } from '../testing.ts';
import { PublicReads } from '../public-reads.ts';
import { jsonForScript } from './render.ts';

const APP = 'Alimentation durable Nouvelle-Aquitaine';

function head(html: string) {
  const meta = (attr: string, name: string) =>
    new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(html)?.[1];
  return {
    title: /<title>(.*?)<\/title>/.exec(html)?.[1],
    description: meta('name', 'description'),
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1],
    csrf: meta('name', 'csrf-token'),
    og: (p: string) => meta('property', `og:${p}`),
  };
}

describe('HTML shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'https://alimentation.exemple.fr' } });
    await t.database.db.insert(posts).values([
      {
        slug: 'marche-de-producteurs',
        title: 'Un <em>marché</em> de producteurs à Limoges',
        description: `<p>${'Les producteurs locaux se retrouvent chaque samedi. '.repeat(8)}</p>`,
        moderationStatus: 'published',
        publishedAt: new Date(),
      },
      { slug: 'brouillon', title: 'Pas encore publié', moderationStatus: 'pending' },
    ]);
    const [category] = await t.database.db
      .insert(faqCategories)
      .values({ slug: 'plateforme', name: 'La plateforme' })
      .returning();
    await t.database.db.insert(faqItems).values({
      categoryId: category!.id,
      slug: 'qui-peut-publier',
      question: 'Qui peut publier une initiative ?',
      answer: '<p>Toute structure de Nouvelle-Aquitaine.</p>',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('renders the head tags and page config of a static route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/a-propos?utm_source=x' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const h = head(response.body);
    expect(h.title).toBe(`${APP} - À propos`);
    expect(h.description!.length).toBeGreaterThan(20);
    expect(h.description!.length).toBeLessThanOrEqual(160);
    expect(h.canonical).toBe('https://alimentation.exemple.fr/a-propos');
    expect(h.og('title')).toBe(`${APP} - À propos`);
    expect(h.og('url')).toBe('https://alimentation.exemple.fr/a-propos');
    expect(h.og('type')).toBe('website');
    expect(h.og('site_name')).toBe(APP);
    expect(h.og('locale')).toBe('fr_FR');
    expect(h.og('description')).toBe(h.description);
    expect(h.csrf).toMatch(/^[\w-]{20,}$/);
    expect(response.body).not.toContain('<!--app-head-->');
    const config = pageConfigFromHtml(response.body) as Record<string, unknown>;
    expect(config.appName).toBe(APP);
    expect(config.user).toBeNull();
    expect(config.settings).toMatchObject({
      captchaProvider: 'altcha',
      cookieConsentEnabled: false,
    });
    // The anonymous CSRF nonce cookie is set on the first page.
    const xsrf = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
  });

  it('renders the home page title', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(head(response.body).title).toBe(`${APP} - Accueil`);
  });

  it('fills placeholders from a published post, markup stripped, description cut to 160', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/actualites/marche-de-producteurs',
    });
    expect(response.statusCode).toBe(200);
    const h = head(response.body);
    expect(h.title).toBe(`${APP} - Un marché de producteurs à Limoges`);
    expect(h.description!.length).toBeLessThanOrEqual(160);
    expect(h.description).toMatch(/^Les producteurs locaux/);
    expect(h.description).toMatch(/…$/);
    expect(h.og('type')).toBe('article');
    // The app starts from the same item, so its title and breadcrumb match the server's.
    const config = pageConfigFromHtml(response.body) as { item: Record<string, string> };
    expect(config.item.title).toBe('Un <em>marché</em> de producteurs à Limoges');
  });

  it("keeps a list's page in its canonical address, not its filters", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/actualites?categories=2&page=3' });
    expect(head(response.body).canonical).toBe('https://alimentation.exemple.fr/actualites?page=3');
    const first = await t.app.inject({ method: 'GET', url: '/actualites?categories=2' });
    expect(head(first.body).canonical).toBe('https://alimentation.exemple.fr/actualites');
  });

  it('hands no item to the page config of a route without one, and settings for the head', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/a-propos/' });
    expect(head(response.body).canonical).toBe('https://alimentation.exemple.fr/a-propos');
    const config = pageConfigFromHtml(response.body) as {
      item: unknown;
      settings: { appUrl: string; sessionLifetimeMinutes: number };
    };
    expect(config.item).toBeNull();
    expect(config.settings.appUrl).toBe('https://alimentation.exemple.fr');
    // schema.org BreadcrumbList of the route's breadcrumb, absolute addresses.
    const jsonLd = [
      ...response.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g),
    ].map((found) => JSON.parse(found[1]!) as Record<string, unknown>);
    expect(jsonLd).toContainEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          name: 'Accueil',
          item: 'https://alimentation.exemple.fr/',
        },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'À propos',
          item: 'https://alimentation.exemple.fr/a-propos',
        },
      ],
    });
    expect(config.settings.sessionLifetimeMinutes).toBe(120);
  });

  it('fills the FAQ question', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/foire-aux-questions/qui-peut-publier',
    });
    expect(head(response.body).title).toBe(`${APP} - Qui peut publier une initiative ?`);
    expect(head(response.body).description).toBe('Toute structure de Nouvelle-Aquitaine.');
  });

  it('sends unpublished or missing items to the 404 route', async () => {
    for (const url of [
      '/actualites/brouillon',
      '/actualites/inexistant',
      '/initiatives/initiative/999999',
      '/initiatives/autre/1',
      '/ressources/inconnue',
      '/foire-aux-questions/inconnue',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/404');
    }
  });

  it('reads a missing item once before sending to the 404 route (no retry)', async () => {
    const resolve = vi.spyOn(PublicReads.prototype, 'resolve');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/actualites/jamais-vue' });
      expect(response.headers.location).toBe('/404');
      const reads = resolve.mock.calls.filter(([path]) => path === '/api/posts/:slug');
      expect(reads).toHaveLength(1);
    } finally {
      resolve.mockRestore();
    }
  });

  it('answers 404 with the 404 page for unknown paths and the 404 route', async () => {
    for (const url of ['/404', '/page-inconnue', '/actualites/un/deux']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      const h = head(response.body);
      expect(h.title).toBe(`${APP} - Erreur 404`);
      expect(h.canonical).toBeUndefined();
      expect(response.body).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('gives the pages kept out of search engines no canonical address', async () => {
    for (const url of [
      '/recherche?q=cantine',
      '/newsletter/desinscription',
      '/initiative-a-jour/42?expires=1&signature=abc',
      '/adresse-electronique/confirmation?token=abc',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<meta name="robots" content="noindex">');
      expect(head(response.body).canonical, url).toBeUndefined();
      expect(response.body, url).not.toContain('property="og:url"');
    }
  });

  it('redirects the terms-and-conditions path permanently', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/conditions-generales-d-utilisation',
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/politique-de-confidentialite');
  });

  it('sends anonymous visitors of account pages to /connexion, to come back after', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/mon-compte/tableau-de-bord' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/connexion?redirect=%2Fmon-compte%2Ftableau-de-bord');
  });

  it('answers 503 with instructions when the web app is not built', async () => {
    const unbuilt = await createTestApp({ deps: { template: undefined } });
    try {
      const response = await unbuilt.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });

  it('escapes the page config for a script element', () => {
    expect(jsonForScript({ a: '</script><script>alert(1)</script>' })).not.toContain('<');
  });
});
