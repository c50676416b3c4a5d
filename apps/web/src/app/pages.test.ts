import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../lib/api-query.ts';
import { PAGE_ISLANDS } from './page-islands.ts';
import { notFoundPage, pages } from './pages.ts';
import { matchPage, sameScreen, screenKey } from './pages.ts';

describe('matchPage', () => {
  it('finds the page of a URL and the queries it renders from', () => {
    const matched = matchPage('/a-propos?utm_source=lettre');
    expect(matched?.page).toBe(pages.about);
    expect(matched?.match.search.get('utm_source')).toBe('lettre');
    const queries = matched!.page.queries!(matched!.match);
    expect(queries.map((query) => query.queryKey)).toEqual([
      ['/api/internal-team-members', {}],
      ['/api/maps/filters', {}],
    ]);
  });

  it('gives the FAQ question its detail query, shown no sooner than 250 ms in the browser', () => {
    const matched = matchPage('/foire-aux-questions/la-plateforme-est-elle-gratuite');
    const [query] = matched!.page.queries!(matched!.match);
    expect(query?.queryKey).toEqual([
      '/api/faq/:slug',
      { slug: 'la-plateforme-est-elle-gratuite' },
    ]);
    expect(query?.meta).toEqual({ minDelayMs: 250 });
  });

  it('gives unknown and malformed paths the 404 page, and account screens their own page', () => {
    expect(matchPage('/une-page-inconnue')?.page).toBe(notFoundPage);
    expect(matchPage('/actualites/%E0%A4%A')?.page).toBe(notFoundPage);
    expect(matchPage('/mon-compte/tableau-de-bord')?.page.source).toBe(
      'src/pages/account/dashboard/dashboard-page.tsx',
    );
  });
});

describe('pages', () => {
  it("name their module and their islands' by files of the app (the server preloads them)", () => {
    const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const sources = new Set(Object.values(pages).map((page) => page!.source));
    for (const [source, islands] of Object.entries(PAGE_ISLANDS)) {
      expect(sources.has(source), source).toBe(true);
      expect(islands.length, source).toBeGreaterThan(0);
      for (const island of islands) sources.add(island);
    }
    expect(sources).toContain('src/features/maps/initiatives-map.tsx');
    for (const source of sources) expect(existsSync(path.join(webRoot, source)), source).toBe(true);
  });
});

describe('apiUrl', () => {
  it('fills path parameters and puts the others in a stable query string', () => {
    expect(
      apiUrl([
        '/api/posts/:slug',
        { slug: 'marché bio', page: 2, categories: [3, 1], empty: '', none: undefined },
      ]),
    ).toBe('/api/posts/march%C3%A9%20bio?categories%5B%5D=3&categories%5B%5D=1&page=2');
    expect(apiUrl(['/api/internal-team-members', {}])).toBe('/api/internal-team-members');
  });
});

describe('sameScreen', () => {
  it('keeps the initiatives list and its detail modal one screen, and nothing else', () => {
    expect(sameScreen('initiatives', 'initiative-item')).toBe(true);
    expect(sameScreen('initiative-item', 'initiative-item')).toBe(true);
    expect(screenKey('initiatives', '/initiatives')).toBe(
      screenKey('initiative-item', '/initiatives/initiative/3'),
    );
    // Another post, or a form's other route, is a new page: mounted afresh, focused at its top.
    expect(sameScreen('post', 'post')).toBe(false);
    expect(sameScreen('myaccount.posts.create', 'myaccount.posts.update')).toBe(false);
    expect(screenKey('post', '/actualites/a')).not.toBe(screenKey('post', '/actualites/b'));
  });
});
