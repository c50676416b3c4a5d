import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchRoute, pathTo, redirects, routeByName, type RouteDefinition } from '@ad/contract';
import type { Config } from '../../env.ts';
import type { AppDatabase } from '../database.ts';
import { ensureCsrfToken } from '../auth/csrf.ts';
import { toPageUser } from '../auth/sessions.ts';
import { itemLoaders, type ShellItem } from './item-loaders.ts';
import { publicSettings, renderHead, renderShell } from './render.ts';
import { decodedPathname } from '../url-path.ts';
import type { TemplateSource } from './template.ts';

export interface HtmlShellDeps {
  config: Config;
  db: AppDatabase;
  template: TemplateSource;
  /** Built web app; static files are served from it when it exists. */
  distDir: string | null;
}

const NOT_BUILT =
  "L'application web n'est pas construite : lancez `npm run build` à la racine du dépôt, puis redémarrez le serveur.\n" +
  'The web app is not built: run `npm run build` at the repository root, then restart the server.\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the SPA: hashed assets under /assets (immutable), other files of the build (favicon…)
 * with a short cache, and the HTML shell for every other GET path, rendered with the route's
 * head tags and the page config. index.html itself is never cached.
 */
export async function registerHtmlShell(app: FastifyInstance, deps: HtmlShellDeps): Promise<void> {
  const { config, db, template, distDir } = deps;

  if (distDir && existsSync(distDir)) {
    const assetsDir = path.join(distDir, 'assets');
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      index: false,
      wildcard: true,
      cacheControl: false,
      // sendFile() of other build files shares these options: only hashed assets are immutable.
      setHeaders: (res, filePath) => {
        if (filePath.startsWith(assetsDir + path.sep)) void res.header('Cache-Control', IMMUTABLE);
      },
    });
  } else {
    // Still decorate reply.sendFile for the other files of the build.
    await app.register(fastifyStatic, { root: distDir ?? process.cwd(), serve: false });
  }

  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    route: RouteDefinition,
    item: ShellItem | null,
    status: number,
  ) => {
    const html = await template.load(request.url);
    if (html === null) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(NOT_BUILT);
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const isNotFound = status === 404;
    const head = renderHead({
      appName: config.APP_NAME,
      route,
      item,
      canonicalUrl: isNotFound ? null : config.APP_URL + (pathname.replace(/\/+$/, '') || '/'),
      csrfToken: ensureCsrfToken(config, request, reply),
      noindex: isNotFound || Boolean(route.auth),
    });
    const page = renderShell(html, head, {
      appName: config.APP_NAME,
      user: request.user ? toPageUser(request.user) : null,
      settings: publicSettings(config),
      item,
    });
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'private, no-cache')
      .send(page);
  };

  const notFoundPage = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(request, reply, routeByName('404'), null, 404);

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();

    const target = redirects[pathname.replace(/\/+$/, '') || '/'];
    if (target) return reply.redirect(target, 301);

    // Other files of the build (favicon, robots.txt, copied public/ folder).
    if (distDir && /\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('/index.html')) {
      const relative = decodedPathname(pathname).replace(/^\/+/, '');
      const file = path.resolve(distDir, relative);
      if (file.startsWith(distDir + path.sep) && isFile(file)) {
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

    if (route.auth && !request.user) return reply.redirect('/connexion', 302);

    let item: ShellItem | null = null;
    const loader = itemLoaders[route.name];
    if (loader) {
      item = await loader(db, params);
      // As the app does when a detail fails to load (spec §8): go to the 404 route, which answers 404.
      if (!item) return reply.redirect(pathTo('404'), 302);
    }
    return sendPage(request, reply, route, item, route.name === '404' ? 404 : 200);
  });
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
