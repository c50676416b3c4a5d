import { routes, type RouteDefinition } from '@ad/contract';
import type { AppDatabase } from '../../platform/database.ts';
import { escapeHtml } from '../../platform/html-shell/render.ts';
import { SITEMAP_SOURCES, type SitemapUrl } from './sitemap.queries.ts';

/** The protocol's limit of URLs per sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** Pages without parameters that a search engine should list (not the 404, redirects or links). */
export function staticSitemapUrls(): SitemapUrl[] {
  return (routes as readonly RouteDefinition[])
    .filter(
      (route) =>
        !route.auth &&
        !route.noindex &&
        !route.path.includes(':') &&
        !['404', 'terms-and-conditions', 'login', 'register', 'forgot-password'].includes(
          route.name,
        ),
    )
    .map((route) => ({ path: route.path, lastmod: null }));
}

/**
 * The URLs of sitemap file `index` (0-based) of `perFile`: the static pages first, then each
 * kind of item in turn, each read by keyset.
 */
export async function sitemapUrls(
  db: AppDatabase,
  index: number,
  perFile: number = SITEMAP_MAX_URLS,
): Promise<SitemapUrl[]> {
  const all = staticSitemapUrls();
  let skip = index * perFile;
  const urls = all.slice(skip, skip + perFile);
  skip = Math.max(0, skip - all.length);
  for (const source of SITEMAP_SOURCES) {
    const room = perFile - urls.length;
    if (room <= 0) break;
    const total = await source.count(db);
    if (skip >= total) {
      skip -= total;
      continue;
    }
    urls.push(...(await source.urls(db, skip, room)));
    skip = 0;
  }
  return urls;
}

export async function sitemapUrlCount(db: AppDatabase): Promise<number> {
  const counts = await Promise.all(SITEMAP_SOURCES.map((source) => source.count(db)));
  return staticSitemapUrls().length + counts.reduce((sum, n) => sum + n, 0);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlsetXml(appUrl: string, urls: SitemapUrl[]): string {
  const entries = urls.map((url) => {
    const lastmod = url.lastmod ? `<lastmod>${url.lastmod.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeHtml(appUrl + url.path)}</loc>${lastmod}</url>`;
  });
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(appUrl: string, files: number): string {
  const entries = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeHtml(`${appUrl}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}
