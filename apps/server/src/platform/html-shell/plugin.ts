import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  matchRoute,
  pathTo,
  redirects,
  routeByName,
  type PageConfig,
  type RouteDefinition,
} from '@ad/contract';
import type { Config } from '../../env.ts';
import type { AppDatabase } from '../database.ts';
import { ensureCsrfToken, SESSION_COOKIE } from '../auth/csrf.ts';
import { publicCacheKey } from '../public-cache/hook.ts';
import { pageBody, type PublicResponseCache } from '../public-cache/response-cache.ts';
import type { PublicReads } from '../public-reads.ts';
import type { PageRenderer } from '../ssr/renderer.ts';
import { toPageUser } from '../auth/sessions.ts';
import { ASSETS_PREFIX, BUILD_FILE_ROUTES, DSFR_PREFIX } from './build-files.ts';
import { itemLoaders, type ShellItem } from './item-loaders.ts';
import { escapeHtml, publicSettings, renderHead, renderShell } from './render.ts';
import { decodedPathname } from '../url-path.ts';
import type { TemplateSource } from './template.ts';

export interface HtmlShellDeps {
  config: Config;
  db: AppDatabase;
  template: TemplateSource;
  /** Server renderer of the web app; null: the shell alone (the browser renders the app). */
  renderer: PageRenderer | null;
  reads: PublicReads;
  cache: PublicResponseCache;
  /** Built web app; static files are served from it when it exists. */
  distDir: string | null;
}

const NOT_BUILT =
  "L'application web n'est pas construite : lancez `npm run build` à la racine du dépôt, puis redémarrez le serveur.\n" +
  'The web app is not built: run `npm run build` at the repository root, then restart the server.\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The DSFR files change with the package version (the shell links them with `?v=`). */
const DSFR_CACHE = 'public, max-age=86400';

/**
 * Stands for the visitor's CSRF token while a page is rendered; the page is cut there, so that
 * the part before and after can be cached and the token filled in per request.
 */
const CSRF_SLOT = `csrf-slot-${randomUUID()}`;

/**
 * Serves the web app: hashed assets under /assets (immutable, precompressed files when the
 * browser accepts them), other files of the build with a short cache, and for every other GET
 * path the page rendered on the server (head tags, the app's HTML, its query results and the
 * page config), which the browser hydrates. Anonymous pages go to the public response cache.
 */
export async function registerHtmlShell(app: FastifyInstance, deps: HtmlShellDeps): Promise<void> {
  const { config, db, template, renderer, reads, cache, distDir } = deps;

  if (distDir && existsSync(distDir)) {
    const assetsDir = path.join(distDir, 'assets');
    // The build writes .br and .gz next to each file (apps/web/scripts/precompress.mjs): they are
    // sent as they are, never compressed per request.
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: ASSETS_PREFIX,
      index: false,
      ...BUILD_FILE_ROUTES,
      cacheControl: false,
      preCompressed: true,
      // sendFile() of other build files shares these options: only hashed assets are immutable.
      setHeaders: (res, filePath) => {
        if (filePath.startsWith(assetsDir + path.sep)) void res.header('Cache-Control', IMMUTABLE);
      },
    });
    // The DSFR's styles, fonts, icons and favicons (copied by `react-dsfr copy-static-assets`).
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'dsfr'),
      prefix: DSFR_PREFIX,
      index: false,
      ...BUILD_FILE_ROUTES,
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res) => void res.header('Cache-Control', DSFR_CACHE),
    });
  } else {
    // Still decorate reply.sendFile for the other files of the build.
    await app.register(fastifyStatic, { root: distDir ?? process.cwd(), serve: false });
  }

  const resolve = (apiPath: string, params: Readonly<Record<string, unknown>>) =>
    reads.resolve(apiPath, { ...params });

  /**
   * The whole page, cut at the CSRF slot; 'not-built' when the web app is not built, 'not-found'
   * when the item of a detail route does not exist.
   */
  const renderPage = async (
    request: FastifyRequest,
    route: RouteDefinition,
    loadedItem: ShellItem | null,
    status: number,
  ): Promise<{ before: Buffer; after: Buffer } | 'not-built' | 'not-found'> => {
    // Rendered for the address it is cached under: the page's links never carry a visitor's
    // tracking parameters.
    const address = publicCacheKey(request.url);
    const html = await template.load(address);
    if (html === null) return 'not-built';
    const [pathname = '/', query = ''] = address.split('?');
    const isNotFound = status === 404;
    const pageConfig: PageConfig = {
      appName: config.APP_NAME,
      user: request.user ? toPageUser(request.user) : null,
      settings: publicSettings(config),
      item: loadedItem,
    };
    const rendered = renderer ? await renderer.render({ url: address, pageConfig, resolve }) : null;
    if (rendered?.notFound) return 'not-found';
    // A detail page declares its item through its query (app/pages.ts); the other detail
    // routes still have an item loader here until their screen is built.
    const item = rendered?.item ?? loadedItem;
    const page = renderShell(html, {
      head: renderHead({
        appName: config.APP_NAME,
        route,
        item,
        pathname,
        search: query,
        notFound: isNotFound,
        csrfToken: CSRF_SLOT,
        appUrl: config.APP_URL,
        seo: rendered?.seo ?? null,
      }),
      pageConfig: { ...pageConfig, item },
      appHtml: rendered?.html,
      preload: renderer?.preloadTags(
        rendered?.pageSource ?? null,
        rendered?.followUps,
        rendered?.islandSources,
      ),
      queryState: rendered?.queryState,
    });
    const [before = '', after = ''] = page.split(CSRF_SLOT);
    return { before: Buffer.from(before), after: Buffer.from(after) };
  };

  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    route: RouteDefinition,
    item: ShellItem | null,
    status: number,
    cacheAs: { generation: number } | null,
  ) => {
    const page = await renderPage(request, route, item, status);
    if (page === 'not-found') return redirect(request, reply, pathTo('404'), cacheAs);
    if (page === 'not-built') {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(NOT_BUILT);
    }
    if (cacheAs) {
      cache.set(publicCacheKey(request.url), { kind: 'page', status, ...page }, cacheAs.generation);
    }
    const token = escapeHtml(ensureCsrfToken(config, request, reply));
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'private, no-cache')
      .send(pageBody(page, token));
  };

  /** A 302, cached like the page it stands for. */
  const redirect = (
    request: FastifyRequest,
    reply: FastifyReply,
    location: string,
    cacheAs: { generation: number } | null,
  ) => {
    if (cacheAs) {
      cache.set(
        publicCacheKey(request.url),
        { kind: 'redirect', status: 302, location },
        cacheAs.generation,
      );
    }
    return reply.redirect(location, 302);
  };

  // Unknown paths are not cached: any number of them could push real pages out.
  const notFoundPage = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(request, reply, routeByName('404'), null, 404, null);

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    // A build file that is not there (each one has its route): a plain 404, not the 404 page.
    if (pathname.startsWith(ASSETS_PREFIX) || pathname.startsWith(DSFR_PREFIX)) {
      return reply.callNotFound();
    }

    const target = redirects[pathname.replace(/\/+$/, '') || '/'];
    if (target) return reply.redirect(target, 301);

    // Other files of the build (favicon, robots.txt, copied public/ folder); never the template
    // nor a dot-folder (Vite's manifest).
    if (distDir && /\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('/index.html')) {
      const relative = decodedPathname(pathname).replace(/^\/+/, '');
      const file = path.resolve(distDir, relative);
      const hidden = relative.split('/').some((segment) => segment.startsWith('.'));
      if (!hidden && file.startsWith(distDir + path.sep) && isFile(file)) {
        reply.header('Cache-Control', 'public, max-age=3600');
        return reply.sendFile(relative, distDir, { cacheControl: false });
      }
    }

    let match;
    try {
      match = matchRoute(pathname);
    } catch {
      match = null; // malformed percent-encoding
    }
    if (!match) return notFoundPage(request, reply);
    const { route, params } = match;

    // What a visitor without a session sees is the same for all of them: cache it, unless the
    // content changes while it is computed (the generation read now no longer matches). Not a
    // personal link: its address (a token) is used once, and would only keep the token in memory.
    const cacheAs =
      request.cookies[SESSION_COOKIE] || route.personal ? null : { generation: cache.generation };

    if (route.auth && !request.user) {
      const back = encodeURIComponent(publicCacheKey(request.url));
      return redirect(request, reply, `${pathTo('login')}?redirect=${back}`, cacheAs);
    }

    let item: ShellItem | null = null;
    const loader = itemLoaders[route.name];
    if (loader) {
      item = await loader(db, params);
      // As the app does when a detail fails to load (spec §8): go to the 404 route, which answers 404.
      if (!item) return redirect(request, reply, pathTo('404'), cacheAs);
    }
    const status = route.name === '404' ? 404 : 200;
    return sendPage(request, reply, route, item, status, status === 200 ? cacheAs : null);
  });
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
