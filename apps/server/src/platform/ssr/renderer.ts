import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ViteDevServer } from 'vite';
import type { SsrRender, SsrRenderInput, SsrRenderResult } from '@ad/contract';
import { escapeHtml } from '../html-shell/render.ts';

/** Renders the app for the HTML shell (apps/web/src/entry-server.tsx behind one interface). */
export interface PageRenderer {
  render(input: SsrRenderInput): Promise<SsrRenderResult>;
  /**
   * <link> tags that preload a page module's chunk and styles, and the API reads the page starts
   * once hydrated with, then, the app itself and the page's islands (empty when none is needed).
   */
  preloadTags(
    pageSource: string | null,
    followUps?: readonly string[],
    islandSources?: readonly string[],
  ): string;
}

/**
 * The reads a page starts once hydrated (`SsrRenderResult.followUps`), fetched while the browser
 * parses the page. Low priority: the styles and fonts of the first paint come first.
 */
export function followUpTags(urls: readonly string[]): string {
  return urls
    .map(
      (url) =>
        `<link rel="preload" as="fetch" fetchpriority="low" crossorigin href="${escapeHtml(url)}">`,
    )
    .join('\n    ');
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The manifest keys `roots` reach through their static imports, the roots included. */
function staticClosure(manifest: Manifest, roots: Iterable<string>): Set<string> {
  const reached = new Set<string>();
  const walk = (key: string) => {
    if (reached.has(key) || !manifest[key]) return;
    reached.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported);
  };
  for (const root of roots) walk(root);
  return reached;
}

/** index.html's entry (src/boot.ts): its static imports are preloaded by index.html itself. */
const entryKeys = (manifest: Manifest) =>
  Object.keys(manifest).filter((key) => manifest[key]!.isEntry);

/** The app: what index.html's entry imports after the first paint (src/boot.ts, vite.config.ts). */
function appRoots(manifest: Manifest): string[] {
  return Object.values(manifest).flatMap((chunk) =>
    chunk.isEntry ? (chunk.dynamicImports ?? []) : [],
  );
}

/**
 * The chunks and styles a page needs beyond what the shell loads anyway (index.html's entry, the
 * app, their static imports and styles), read from Vite's build manifest; then those of its
 * `islands` (modules it imports dynamically and shows from its first paint, such as the map).
 */
export function pagePreloadTags(
  manifest: Manifest,
  pageSource: string,
  islands: readonly string[] = [],
): string {
  const loadedByShell = staticClosure(manifest, [...entryKeys(manifest), ...appRoots(manifest)]);
  const tags: string[] = [];
  const styles = new Set<string>([...loadedByShell].flatMap((key) => manifest[key]?.css ?? []));
  const own = staticClosure(manifest, [pageSource]);
  for (const key of new Set([...own, ...staticClosure(manifest, islands)])) {
    if (loadedByShell.has(key)) continue;
    const chunk = manifest[key]!;
    tags.push(
      `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeHtml(chunk.file)}">`,
    );
    for (const css of chunk.css ?? []) {
      if (styles.has(css)) continue;
      styles.add(css);
      tags.push(`<link rel="stylesheet" crossorigin href="/${escapeHtml(css)}">`);
    }
  }
  return tags.join('\n    ');
}

/**
 * index.html's entry, its static imports and the app's chunks, as module preloads at the default
 * priority. index.html preloads the entry's imports at low priority (vite.config.ts): on a page
 * whose follow-up reads are preloaded (low priority too, and first in the document), the entry's
 * imports waited behind them all, and the app started late (on /initiatives, 19 list pages:
 * preload-helper requested at 1.0 s instead of 0.15 s). The same URL preloaded twice is fetched once.
 */
export function appPreloadTags(manifest: Manifest): string {
  return [...staticClosure(manifest, [...entryKeys(manifest), ...appRoots(manifest)])]
    .map(
      (key) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key]!.file)}">`,
    )
    .join('\n    ');
}

/**
 * Production: the SSR build (apps/web/dist-ssr/entry-server.js) and the browser build's
 * manifest. Null when the web app is not built (the shell then answers 503).
 */
export async function distRenderer(webDist: string, ssrDist: string): Promise<PageRenderer | null> {
  const entry = path.join(ssrDist, 'entry-server.js');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestFile)) return null;
  const { render } = (await import(pathToFileURL(entry).href)) as { render: SsrRender };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  return { render, preloadTags: manifestPreloadTags(manifest) };
}

/**
 * `PageRenderer.preloadTags` from the browser build's manifest. A page's chunk and the islands
 * that show its content (the map) come with every page; a page with follow-up reads also needs
 * the app with the page, not after its first paint: the app first (default priority), then the
 * page's modules and islands before the reads (all three low priority, fetched in document order).
 */
export function manifestPreloadTags(manifest: Manifest): PageRenderer['preloadTags'] {
  // Per page module, without and with its islands.
  const tags = new Map<string, string>();
  const pageTags = (pageSource: string | null, islands: readonly string[]) => {
    if (!pageSource) return '';
    const key = [pageSource, ...islands].join(' ');
    let found = tags.get(key);
    if (found === undefined)
      tags.set(key, (found = pagePreloadTags(manifest, pageSource, islands)));
    return found;
  };
  const app = appPreloadTags(manifest);
  return (pageSource, followUps = [], islandSources = []) => {
    if (followUps.length === 0) return pageTags(pageSource, islandSources);
    return [app, pageTags(pageSource, islandSources), followUpTags(followUps)]
      .filter(Boolean)
      .join('\n    ');
  };
}

/** Development: the renderer's source through Vite, reloaded on change (no preloading). */
export function viteRenderer(vite: ViteDevServer): PageRenderer {
  return {
    async render(input) {
      const { render } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as {
        render: SsrRender;
      };
      return render(input);
    },
    preloadTags: (_pageSource, followUps = []) => followUpTags(followUps),
  };
}

/** Tests: a render function imported from source. */
export function moduleRenderer(render: SsrRender): PageRenderer {
  return { render, preloadTags: (_pageSource, followUps = []) => followUpTags(followUps) };
}
