import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// In development, API calls and the session endpoints go to the API server.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';

/**
 * Two builds (npm run build): the browser's (dist/, with a manifest the server reads to preload
 * each page's chunk) and the server renderer's (`vite build --ssr src/entry-server.tsx`, into
 * dist-ssr/). The DSFR package imports its files without extensions, which Node's ESM loader
 * refuses: the server build bundles it instead of leaving it in node_modules.
 */
/**
 * The page is rendered by the server: what it shows needs its styles and fonts first, the
 * JavaScript that hydrates it can come after (src/boot.ts loads it after the first paint). Low
 * fetch priority for the chunks the HTML preloads keeps them from taking bandwidth from the styles
 * on slow connections.
 */
function lowPriorityPreloads(): Plugin {
  return {
    name: 'ad-low-priority-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"'),
    },
  };
}

/**
 * The DSFR's `setLink` (called by every page, src/app/app.tsx) lives in a module that imports the
 * package's whole `fr` object (colour and typography tables, 13 KB gzip) for one `fr.cx` call:
 * that import is served by src/lib/fr.ts, the same `cx` alone. The DSFR components that need the
 * full object still import it themselves, in the chunks of the pages that use them.
 */
function dsfrLinkWithLightFr(): Plugin {
  const lightFr = fileURLToPath(new URL('./src/lib/fr.ts', import.meta.url));
  return {
    name: 'ad-dsfr-link-light-fr',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromLink = importer?.replace(/\\/g, '/').endsWith('/@codegouvfr/react-dsfr/link.js');
      return source === './fr' && fromLink ? lightFr : null;
    },
  };
}

/**
 * Chunks whose functions nearly all run while a page loads: the app (React, the router, the
 * query cache, the frame), the map island (Leaflet, supercluster) and the DSFR's script. Chromium
 * compiles a function when it is first called, on the main thread; a file whose first line is
 * V8's explicit compile hint has every function compiled eagerly, on the thread that streams the
 * file, before it runs. Added last (after Vite's own first line, the chunks' preload map), with
 * the source map moved down one line; the file's name (hash) changes with it.
 */
function eagerCompileHints(): Plugin {
  const chunks = /^(app|initiatives-map|dsfr\.module)$/;
  const hint = '//# allFunctionsCalledOnLoad';
  return {
    name: 'ad-eager-compile-hints',
    apply: 'build',
    enforce: 'post',
    augmentChunkHash: (chunk) => (chunks.test(chunk.name) ? hint : undefined),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunks.test(chunk.name)) continue;
          chunk.code = `${hint}\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            json.mappings = `;${json.mappings}`;
            map.source = JSON.stringify(json);
          }
        }
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    lowPriorityPreloads(),
    dsfrLinkWithLightFr(),
    ...(isSsrBuild ? [] : [eagerCompileHints()]),
  ],
  // The DSFR assets are copied into public/dsfr by `npm run dsfr` (predev/prebuild).
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // No polyfill of `<link rel="modulepreload">` in the boot script (about 300 bytes gzip, before
    // every page's hydration): Chromium has had it since 2018, Firefox since 115, Safari since 17.
    // An older one (the build's target goes back to Safari 16.4) loads the same modules as they
    // are imported, one after the other instead of together.
    modulePreload: { polyfill: false },
    // One stylesheet for the whole app (about 6 KB gzip), linked by the shell: a page waits for
    // two stylesheets (the DSFR's and ours) instead of one more per component that has styles,
    // each a render-blocking request on a slow connection.
    cssCodeSplit: false,
    // The browser build's manifest maps each page module to its chunk; the server build needs
    // neither a manifest nor a copy of the public folder.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // The app's entry and everything it imports statically in one chunk: left to itself, the
    // bundler splits the modules it shares with the pages' chunks into a score of small files,
    // each compressed on its own and each a request before hydration.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // The loader of the chunks, which the boot script needs before the app.
                { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 2 },
                { name: 'app', test: /src[\\/]entry-client\.tsx$/, priority: 1 },
              ],
            },
          },
        },
  },
  ssr: {
    noExternal: ['@codegouvfr/react-dsfr', 'tsafe'],
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/deconnexion': apiOrigin,
      '/healthz': apiOrigin,
      // GET /connexion is the login page; POST /connexion signs in on the API server.
      '/connexion': {
        target: apiOrigin,
        bypass: (req) => (req.method === 'GET' ? req.url : undefined),
      },
    },
  },
}));
