import { brotliDecompressSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initiatives, posts } from '../../db/schema/index.ts';
import { seedDemoContent, seedReferenceData } from '../../db/seed/index.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';
import { sitemapIndexXml, sitemapUrlCount, sitemapUrls, staticSitemapUrls } from './sitemap.ts';

const APP_URL = 'https://alimentation.exemple.fr';

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  let published: { slug: string } | undefined;
  let pending: { slug: string } | undefined;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL } });
    await seedReferenceData(t.database.db);
    await seedDemoContent(t.database.db, { demoAccounts: false });
    [published] = await t.database.db
      .select({ slug: posts.slug })
      .from(posts)
      .where(eq(posts.moderationStatus, 'published'))
      .limit(1);
    [pending] = await t.database.db
      .insert(posts)
      .values({ slug: 'brouillon-en-attente', title: 'En attente', moderationStatus: 'pending' })
      .returning({ slug: posts.slug });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('robots.txt keeps crawlers out of the account area and the API, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('User-agent: *\n');
    expect(response.body).toContain('Disallow: /mon-compte/\n');
    expect(response.body).toContain('Disallow: /api/\n');
    expect(response.body).toContain('Disallow: /moderation\n');
    // The pages of personal links.
    for (const path of [
      '/newsletter/confirmation',
      '/newsletter/desinscription',
      '/mot-de-passe-oublie/nouveau',
      '/initiative-a-jour/',
      '/adresse-electronique/confirmation',
      '/inscription/verification',
    ]) {
      expect(response.body).toContain(`Disallow: ${path}\n`);
    }
    expect(response.body).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  it('lists the public pages and every published item, nothing else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);

    for (const path of ['/', '/a-propos', '/actualites', '/agenda', '/glossaire']) {
      expect(locs).toContain(`${APP_URL}${path}`);
    }
    for (const path of ['/404', '/connexion', '/recherche', '/mon-compte/tableau-de-bord']) {
      expect(locs).not.toContain(`${APP_URL}${path}`);
    }
    expect(locs).toContain(`${APP_URL}/actualites/${published!.slug}`);
    expect(locs).not.toContain(`${APP_URL}/actualites/${pending!.slug}`);

    const [initiative] = await t.database.db
      .select({ id: initiatives.id })
      .from(initiatives)
      .where(eq(initiatives.moderationStatus, 'published'))
      .limit(1);
    expect(locs).toContain(`${APP_URL}/initiatives/initiative/${initiative!.id}`);
    const unpublished = await t.database.db
      .select({ id: initiatives.id })
      .from(initiatives)
      .where(and(eq(initiatives.moderationStatus, 'pending')));
    for (const row of unpublished) {
      expect(locs).not.toContain(`${APP_URL}/initiatives/initiative/${row.id}`);
    }
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toHaveLength(await sitemapUrlCount(t.database.db));
    expect(response.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });

  it('serves the sitemap from the public cache until the public content changes', async () => {
    const get = () =>
      t.app.inject({
        method: 'GET',
        url: '/sitemap.xml',
        headers: { 'accept-encoding': 'br, gzip' },
      });
    const xml = (response: Awaited<ReturnType<typeof get>>) =>
      brotliDecompressSync(response.rawPayload).toString('utf8');
    const loc = `<loc>${APP_URL}/actualites/${published!.slug}</loc>`;
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(xml(first)).toContain(loc);
    // Kept, and served again with the route's own headers.
    expect(t.app.publicCache.get('/sitemap.xml')).toMatchObject({ etag: first.headers.etag });
    // Not under any other address (each would keep another copy).
    const other = await t.app.inject({ method: 'GET', url: '/sitemap.xml?copie=1' });
    expect(other.statusCode).toBe(200);
    expect(t.app.publicCache.get('/sitemap.xml?copie=1')).toBeUndefined();
    const cached = await get();
    expect(cached.headers).toMatchObject({
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
      'content-encoding': 'br',
      etag: first.headers.etag,
    });
    // A change of the public content drops it: the next answer is read again.
    await t.database.db
      .update(posts)
      .set({ moderationStatus: 'pending' })
      .where(eq(posts.slug, published!.slug));
    try {
      await expect.poll(() => t.app.publicCache.get('/sitemap.xml')).toBeUndefined();
      expect(xml(await get())).not.toContain(loc);
    } finally {
      await t.database.db
        .update(posts)
        .set({ moderationStatus: 'published' })
        .where(eq(posts.slug, published!.slug));
    }
  });

  it('splits into files of at most N URLs that together list each URL once', async () => {
    const db = t.database.db;
    const total = await sitemapUrlCount(db);
    const perFile = 7;
    const files = Math.ceil(total / perFile);
    const all: string[] = [];
    for (let i = 0; i < files; i += 1) {
      const urls = await sitemapUrls(db, i, perFile);
      expect(urls.length).toBe(i < files - 1 ? perFile : total - perFile * (files - 1));
      all.push(...urls.map((url) => url.path));
    }
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(all.slice(0, staticSitemapUrls().length)).toEqual(
      staticSitemapUrls().map((url) => url.path),
    );
    expect(await sitemapUrls(db, files, perFile)).toEqual([]);

    expect(sitemapIndexXml(APP_URL, 2)).toContain(
      `<sitemap><loc>${APP_URL}/sitemap-2.xml</loc></sitemap>`,
    );
    const second = await t.app.inject({ method: 'GET', url: '/sitemap-2.xml' });
    expect(second.statusCode).toBe(404); // one file is enough for the demo content
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(200);
  });
});
