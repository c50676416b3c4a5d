import { describe, expect, it } from 'vitest';
import { buildPageHead } from './head.ts';
import { metaDescription, routeByName } from './routes.ts';

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
    // The site publishes the article: its publisher and author, and the page it is the subject of.
    const site = {
      '@type': 'Organization',
      name: 'Alimentation durable Nouvelle-Aquitaine',
      url: 'https://alimentation.exemple.fr/',
    };
    expect(head.jsonLd[1]).toEqual({
      '@type': 'NewsArticle',
      image: ['https://alimentation.exemple.fr/uploads/a.png'],
      url: 'https://autre.fr/x',
      author: site,
      publisher: site,
      mainEntityOfPage: 'https://alimentation.exemple.fr/actualites/appel',
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

  it("keeps ?page= in the canonical address of a paginated list's later pages only", () => {
    const head = (name: string, pathname: string, search: string) =>
      buildPageHead({ ...base, route: routeByName(name as 'posts'), pathname, search })
        .canonicalUrl;
    expect(head('posts', '/actualites', '?categories=2&page=3')).toBe(
      'https://alimentation.exemple.fr/actualites?page=3',
    );
    expect(head('posts', '/actualites', '?page=1')).toBe(
      'https://alimentation.exemple.fr/actualites',
    );
    expect(head('about', '/a-propos', '?page=7')).toBe('https://alimentation.exemple.fr/a-propos');
  });

  it('titles a page with the app name and the route title, the item filling placeholders', () => {
    const about = buildPageHead({ ...base, route: routeByName('about'), pathname: '/a-propos' });
    expect(about.title).toBe(`${base.appName} - À propos`);
    expect(about.description).toBe(routeByName('about').description);

    const item = { title: '<em>Marché</em> bio', description: `<p>${'x '.repeat(120)}</p>` };
    const post = buildPageHead({ ...base, route: routeByName('post'), item, pathname: '/a' });
    expect(post.title).toBe(`${base.appName} - Marché bio`);
    // 'x x … x' (79 pairs, one more 'x') is 159 characters: the cut keeps them and adds '…'.
    expect(post.description).toBe(`${'x '.repeat(79)}x…`);

    // An item's text is decoded once: the tags its text speaks of stay in the description.
    const escaped = { title: 'HTML', description: '<p>Écrire la balise &lt;b&gt; en gras.</p>' };
    expect(
      buildPageHead({ ...base, route: routeByName('post'), item: escaped, pathname: '/a' })
        .description,
    ).toBe('Écrire la balise <b> en gras.');

    // While the item loads: the app name, and the home page's description.
    const loading = buildPageHead({ ...base, route: routeByName('post'), pathname: '/a' });
    expect(loading.title).toBe(base.appName);
    expect(loading.description).toBe(metaDescription(routeByName('homepage').description));
  });
});
