import { describe, expect, it } from 'vitest';
import { buildPageHead } from './head.ts';
import { routeByName } from './routes.ts';

const base = {
  appName: 'Alimentation durable Nouvelle-Aquitaine',
  appUrl: 'https://alimentation.exemple.fr',
  item: null,
};

describe('buildPageHead', () => {
  it("gives an indexed page its canonical address, breadcrumb and the page's own tags", () => {
    const head = buildPageHead({
      ...base,
      route: routeByName('post'),
      item: { title: 'Appel <em>ouvert</em>', description: '<p>Un appel.</p>' },
      pathname: '/actualites/appel/',
      seo: {
        ogType: 'article',
        image: '/uploads/a.png',
        jsonLd: [{ '@type': 'NewsArticle', image: ['/uploads/a.png'], url: 'https://autre.fr/x' }],
      },
    });
    expect(head).toMatchObject({
      title: 'Alimentation durable Nouvelle-Aquitaine - Appel ouvert',
      description: 'Un appel.',
      noindex: false,
      canonicalUrl: 'https://alimentation.exemple.fr/actualites/appel',
      ogType: 'article',
      image: 'https://alimentation.exemple.fr/uploads/a.png',
    });
    expect(head.jsonLd.map((entry) => entry['@type'])).toEqual(['BreadcrumbList', 'NewsArticle']);
    // The site's paths become absolute; other sites' addresses stay.
    expect(head.jsonLd[1]).toEqual({
      '@type': 'NewsArticle',
      image: ['https://alimentation.exemple.fr/uploads/a.png'],
      url: 'https://autre.fr/x',
    });
  });

  it('gives the pages kept out of search engines neither canonical address nor JSON-LD', () => {
    for (const input of [
      { route: routeByName('search'), pathname: '/recherche' },
      { route: routeByName('myaccount.dashboard'), pathname: '/mon-compte' },
      { route: routeByName('homepage'), pathname: '/inconnue', notFound: true },
    ]) {
      const head = buildPageHead({ ...base, ...input });
      expect(head, input.pathname).toMatchObject({ noindex: true, canonicalUrl: null, jsonLd: [] });
    }
    expect(buildPageHead({ ...base, route: routeByName('homepage'), pathname: '/' })).toMatchObject(
      { noindex: false, canonicalUrl: 'https://alimentation.exemple.fr/' },
    );
  });
});
