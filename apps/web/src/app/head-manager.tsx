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

/**
 * Keeps the document title, meta description, canonical link and Open Graph tags in sync with
 * the current route and, on detail pages, the loaded item (spec §2).
 */
export function HeadManager({
  appName,
  route,
  item,
  url,
}: {
  appName: string;
  route: RouteDefinition;
  item: RouteItem | null;
  url: string;
}) {
  const { title, description } = buildHead(appName, route, item);
  useLayoutEffect(() => {
    document.title = title;
    setMeta('meta[name="description"]', 'name', 'description', description);
    setMeta('meta[property="og:title"]', 'property', 'og:title', title);
    setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    setMeta('meta[property="og:url"]', 'property', 'og:url', url);
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) canonical.href = url;
  }, [title, description, url]);
  return null;
}
