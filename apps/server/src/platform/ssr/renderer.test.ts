import { describe, expect, it } from 'vitest';
import { appPreloadTags, followUpTags, manifestPreloadTags, pagePreloadTags } from './renderer.ts';

describe('pagePreloadTags', () => {
  const manifest = {
    'index.html': {
      file: 'assets/boot-1.js',
      isEntry: true,
      imports: ['_helper.js'],
      dynamicImports: ['_app.js'],
    },
    '_helper.js': { file: 'assets/helper-9.js' },
    '_app.js': {
      file: 'assets/entry-2.js',
      imports: ['_fr.js', '_routes.js', '_helper.js'],
      css: ['assets/index-3.css'],
    },
    '_fr.js': { file: 'assets/fr-4.js' },
    '_routes.js': { file: 'assets/routes-5.js' },
    '_Button.js': { file: 'assets/Button-6.js', imports: ['_fr.js'] },
    'src/pages/about/about-page.tsx': {
      file: 'assets/about-page-7.js',
      imports: ['_Button.js', '_fr.js'],
      css: ['assets/about-8.css', 'assets/index-3.css'],
      dynamicImports: ['src/features/map.tsx', 'src/features/form.tsx'],
    },
    // A form the page loads when its dialog first opens: not an island.
    'src/features/form.tsx': { file: 'assets/form-13.js', imports: ['_leaflet.js'] },
    'src/features/map.tsx': {
      file: 'assets/map-10.js',
      imports: ['_leaflet.js', '_Button.js'],
      css: ['assets/map-11.css'],
    },
    '_leaflet.js': { file: 'assets/leaflet-12.js' },
  };

  it("preloads the page's chunk, its own imports and styles, not what the app loads anyway", () => {
    expect(pagePreloadTags(manifest, 'src/pages/about/about-page.tsx').split('\n    ')).toEqual([
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/about-page-7.js">',
      '<link rel="stylesheet" crossorigin href="/assets/about-8.css">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Button-6.js">',
    ]);
  });

  it('with islands, adds those modules the page imports dynamically, after its own', () => {
    expect(
      pagePreloadTags(manifest, 'src/pages/about/about-page.tsx', ['src/features/map.tsx']).split(
        '\n    ',
      ),
    ).toEqual([
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/about-page-7.js">',
      '<link rel="stylesheet" crossorigin href="/assets/about-8.css">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Button-6.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/map-10.js">',
      '<link rel="stylesheet" crossorigin href="/assets/map-11.css">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/leaflet-12.js">',
    ]);
  });

  it('has nothing to add for an unknown module', () => {
    expect(pagePreloadTags(manifest, 'src/pages/none.tsx')).toBe('');
  });

  it("preloads the entry, its imports and the app's chunks at the default priority", () => {
    // index.html preloads the entry's imports at low priority, behind a page's follow-up reads.
    expect(appPreloadTags(manifest).split('\n    ')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/boot-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/helper-9.js">',
      '<link rel="modulepreload" crossorigin href="/assets/entry-2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/fr-4.js">',
      '<link rel="modulepreload" crossorigin href="/assets/routes-5.js">',
    ]);
  });

  it("preloads a page's islands with or without follow-up reads; the app only with some", () => {
    const preload = manifestPreloadTags(manifest);
    const page = 'src/pages/about/about-page.tsx';
    const islands = ['src/features/map.tsx'];
    // The map's lists all in the page (each fits in its first page): the map's chunk still comes.
    const alone = preload(page, [], islands);
    expect(alone).toContain('href="/assets/map-10.js"');
    expect(alone).not.toContain('href="/assets/entry-2.js"');
    const withReads = preload(page, ['/api/initiatives?page=2'], islands).split('\n    ');
    expect(withReads[0]).toBe('<link rel="modulepreload" crossorigin href="/assets/boot-1.js">');
    expect(withReads.findIndex((tag) => tag.includes('/assets/map-10.js'))).toBeGreaterThan(0);
    expect(withReads.at(-1)).toContain('href="/api/initiatives?page=2"');
  });
});

describe('followUpTags', () => {
  it('has the browser fetch the reads a page starts once hydrated, escaped', () => {
    expect(followUpTags(['/api/initiatives?page=2&resourceType=all'])).toBe(
      '<link rel="preload" as="fetch" fetchpriority="low" crossorigin ' +
        'href="/api/initiatives?page=2&amp;resourceType=all">',
    );
    expect(followUpTags([])).toBe('');
  });
});
