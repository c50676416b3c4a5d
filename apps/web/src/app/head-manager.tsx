import { useLayoutEffect } from 'react';
import type { RouteDefinition } from '@ad/contract';
import { buildHead, type RouteItem } from './route-head.ts';

function setMeta(selector: string, attribute: 'name' | 'property', key: string, value: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(selector);
  if (!meta) {
    if (attribute === 'property') return; // Open Graph tags are the server's; only update them.
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.appendChild(meta);
  }
  meta.content = value;
}

/** Adds the element found by `selector` (built by `create`) when missing, or removes it. */
function toggleHeadElement<T extends Element>(
  selector: string,
  wanted: boolean,
  create: () => T,
): T | null {
  const existing = document.head.querySelector<T>(selector);
  if (!wanted) {
    existing?.remove();
    return null;
  }
  if (existing) return existing;
  const element = create();
  document.head.appendChild(element);
  return element;
}

/**
 * Canonical address of a page: the public base URL (settings.appUrl, no trailing slash) plus the
 * path, without query nor trailing slash (except for '/'). An empty base URL only happens with a
 * server older than the contract or without page config: the current origin stands in.
 */
export function canonicalUrl(appUrl: string | null | undefined, pathname: string): string {
  const base = (appUrl || window.location.origin).replace(/\/+$/, '');
  const path = pathname.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/';
  return base + path;
}

/**
 * Keeps the document title, meta description, canonical link, robots directive and Open Graph
 * tags in sync with the current route and, on detail pages, the loaded item (spec §2). Like the
 * server's HTML shell: the 404 page has no canonical nor og:url and is `noindex`, as are the
 * account pages.
 */
export function HeadManager({
  appName,
  route,
  item,
  appUrl,
  pathname,
}: {
  appName: string;
  route: RouteDefinition;
  item: RouteItem | null;
  appUrl: string | null | undefined;
  pathname: string;
}) {
  const { title, description } = buildHead(appName, route, item);
  const isNotFound = route.name === '404';
  const noindex = isNotFound || ('auth' in route && !!route.auth);
  const url = isNotFound ? null : canonicalUrl(appUrl, pathname);

  useLayoutEffect(() => {
    document.title = title;
    setMeta('meta[name="description"]', 'name', 'description', description);
    setMeta('meta[property="og:title"]', 'property', 'og:title', title);
    setMeta('meta[property="og:description"]', 'property', 'og:description', description);
  }, [title, description]);

  useLayoutEffect(() => {
    const robots = toggleHeadElement('meta[name="robots"]', noindex, () => {
      const meta = document.createElement('meta');
      meta.name = 'robots';
      return meta;
    });
    if (robots) robots.content = 'noindex';

    const canonical = toggleHeadElement('link[rel="canonical"]', url !== null, () => {
      const link = document.createElement('link');
      link.rel = 'canonical';
      return link;
    });
    if (canonical && url) canonical.href = url;

    const ogUrl = toggleHeadElement('meta[property="og:url"]', url !== null, () => {
      const meta = document.createElement('meta');
      meta.setAttribute('property', 'og:url');
      return meta;
    });
    if (ogUrl && url) ogUrl.content = url;
  }, [noindex, url]);

  return null;
}
