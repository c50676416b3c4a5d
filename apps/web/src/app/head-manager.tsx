import { useLayoutEffect, useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { buildPageHead, type PageSeo, type RouteDefinition } from '@ad/contract';
import type { RouteItem } from './route-head.ts';
import { matchPage } from './pages.ts';

/** Sets the `content` of the head's meta element (name or property `key`), created if missing. */
function setMeta(attribute: 'name' | 'property', key: string, value: string | null) {
  const selector = `meta[${attribute}="${key}"]`;
  let meta = document.head.querySelector<HTMLMetaElement>(selector);
  if (value === null) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.appendChild(meta);
  }
  if (meta.content !== value) meta.content = value;
}

function setCanonical(url: string | null) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (url === null) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== url) link.href = url;
}

/** The page's schema.org scripts: replaced only when they change (none at hydration). */
function setJsonLd(texts: readonly string[]) {
  const scripts = [...document.head.querySelectorAll('script[type="application/ld+json"]')];
  const current = scripts.map((script) => {
    try {
      return JSON.stringify(JSON.parse(script.textContent ?? ''));
    } catch {
      return '';
    }
  });
  if (current.length === texts.length && current.every((text, i) => text === texts[i])) return;
  for (const script of scripts) script.remove();
  for (const text of texts) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = text;
    document.head.appendChild(script);
  }
}

/**
 * The page's own head tags (og:image, og:type, JSON-LD), from the data of its queries as the
 * server computes them (app/pages.ts `seo`). Observes the queries the page itself fetches; never
 * fetches. While they load, the page has none.
 */
function usePageSeo(pathname: string, search: string): PageSeo | null {
  const matched = useMemo(() => matchPage(pathname + search), [pathname, search]);
  const queries = matched?.page.seo ? (matched.page.queries?.(matched.match) ?? []) : [];
  const results = useQueries({
    queries: queries.map((query) => ({ ...query, enabled: false })),
  });
  if (!matched?.page.seo) return null;
  return matched.page.seo(results.map((result) => result.data) as never, matched.match);
}

/**
 * Keeps the whole head in sync with the current route and, on detail pages, the loaded item
 * (spec §2: meta tags follow the current item): title, description, robots, canonical, Open
 * Graph and JSON-LD. It computes them as the server's HTML shell does (@ad/contract's
 * buildPageHead), so that after a navigation inside the app the head is the one the server would
 * send for that address.
 */
export function HeadManager({
  appName,
  route,
  item,
  appUrl,
  pathname,
  search,
}: {
  appName: string;
  route: RouteDefinition;
  item: RouteItem | null;
  appUrl: string | null | undefined;
  pathname: string;
  search: string;
}) {
  const seo = usePageSeo(pathname, search);
  const head = buildPageHead({
    appName,
    route,
    item,
    pathname,
    search,
    // Only a server older than the contract or no page config lacks it: the origin stands in.
    appUrl: (appUrl || window.location.origin).replace(/\/+$/, ''),
    seo,
  });
  // One string per schema.org object; joined, the effect's dependency.
  const jsonLdTexts = head.jsonLd.map((entry) => JSON.stringify(entry));
  const jsonLd = jsonLdTexts.join('\n');

  useLayoutEffect(() => {
    if (document.title !== head.title) document.title = head.title;
    setMeta('name', 'description', head.description);
    setMeta('name', 'robots', head.noindex ? 'noindex' : null);
    setCanonical(head.canonicalUrl);
    setMeta('property', 'og:title', head.title);
    setMeta('property', 'og:description', head.description);
    setMeta('property', 'og:url', head.canonicalUrl);
    setMeta('property', 'og:type', head.ogType);
    setMeta('property', 'og:image', head.image);
    setMeta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary');
    setJsonLd(jsonLd ? jsonLd.split('\n') : []);
  }, [
    head.title,
    head.description,
    head.noindex,
    head.canonicalUrl,
    head.ogType,
    head.image,
    jsonLd,
  ]);

  return null;
}
