import type { FastifyInstance } from 'fastify';

/** Where the build's hashed assets are served. */
export const ASSETS_PREFIX = '/assets/';
/** Where the DSFR's styles, fonts, icons and favicons are served. */
export const DSFR_PREFIX = '/dsfr/';

/**
 * One route per file of the build, listed at start (@fastify/static `wildcard: false`): the
 * build's files do not change while the server runs. A wildcard route would read the folder at
 * each request to check the path's spelling (about 1,000 files in /assets). The compressed copies
 * have no route: they are sent in place of their file.
 */
export const BUILD_FILE_ROUTES = { wildcard: false, globIgnore: ['**/*.br', '**/*.gz'] };

/**
 * The build's files are sent as built: the build writes a brotli and a gzip copy of each
 * compressible file (apps/web/scripts/precompress.mjs), which @fastify/static sends when the
 * browser accepts them; a file without a copy (one compression would not shrink) goes as it is,
 * never compressed per request. Register before @fastify/compress: its own onRoute hook reads the
 * route's `compress` option.
 */
export function sendBuildFilesAsBuilt(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(ASSETS_PREFIX) || route.url.startsWith(DSFR_PREFIX)) {
      route.compress = false;
    }
  });
}
