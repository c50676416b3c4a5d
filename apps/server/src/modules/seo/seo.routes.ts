import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { pathTo, routes, type RouteDefinition } from '@ad/contract';
import type { Config } from '../../env.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { publicCache } from '../../platform/http-cache.ts';
import { keepAndSend, publicCacheKey } from '../../platform/public-cache/hook.ts';
import { jsonEntry } from '../../platform/public-cache/response-cache.ts';
import {
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
  sitemapUrlCount,
  sitemapUrls,
  urlsetXml,
} from './sitemap.ts';

/**
 * The pages of personal links (a token or a signature in their address: newsletter, password
 * reset, « initiative à jour », new e-mail address), up to their first parameter.
 */
const PERSONAL_LINK_PATHS = (routes as readonly RouteDefinition[])
  .filter((route) => route.personal)
  .map((route) => route.path.replace(/:.*$/, ''));

/** Search engines read these at most a few times a day: an hour of HTTP cache is plenty. */
const SEO_MAX_AGE_SECONDS = 3600;

/**
 * `/robots.txt` and `/sitemap.xml` (issue 7, SEO). Up to 50,000 URLs the sitemap lists every
 * public page and published item itself; past that it is an index of `/sitemap-N.xml` files of
 * at most 50,000 URLs each.
 */
export const seoRoutes: FastifyPluginAsync<{
  config: Config;
  db: AppDatabase;
  /** URLs per file (tests lower it). */
  maxUrls?: number;
}> = async (app, { config, db, maxUrls = SITEMAP_MAX_URLS }) => {
  const cached = { preHandler: publicCache(SEO_MAX_AGE_SECONDS) };
  const xml = 'application/xml; charset=utf-8';

  app.get('/robots.txt', cached, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      // The account area, the team's pages, the API and the pages of personal links are never
      // indexed.
      'Disallow: /mon-compte/',
      `Disallow: ${pathTo('moderation')}`,
      'Disallow: /api/',
      ...PERSONAL_LINK_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${config.APP_URL}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  // A sitemap file is read from the database, written and compressed once per change of the
  // public content (2 MB of XML at 20,000 initiatives), then served from the public cache. Only
  // its own address is kept: any query string would be another 2 MB entry.
  const sendXml = (
    request: FastifyRequest,
    reply: FastifyReply,
    body: string,
    generation: number,
  ) =>
    publicCacheKey(request.url).includes('?')
      ? reply.type(xml).send(body)
      : keepAndSend(
          app.publicCache,
          request,
          reply,
          jsonEntry(body, { type: xml, maxAgeSeconds: SEO_MAX_AGE_SECONDS }),
          generation,
        );

  app.get('/sitemap.xml', cached, async (request, reply) => {
    const generation = app.publicCache.generation;
    const total = await sitemapUrlCount(db);
    const body =
      total <= maxUrls
        ? urlsetXml(config.APP_URL, await sitemapUrls(db, 0, maxUrls))
        : sitemapIndexXml(config.APP_URL, Math.ceil(total / maxUrls));
    return sendXml(request, reply, body, generation);
  });

  app.get<{ Params: { file: string } }>('/sitemap-:file', cached, async (request, reply) => {
    const generation = app.publicCache.generation;
    const found = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file);
    if (!found) throw notFound();
    const index = Number(found[1]) - 1;
    const urls = await sitemapUrls(db, index, maxUrls);
    if (urls.length === 0) throw notFound();
    return sendXml(request, reply, urlsetXml(config.APP_URL, urls), generation);
  });
};
