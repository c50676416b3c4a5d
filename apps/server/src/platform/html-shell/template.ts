import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ViteDevServer } from 'vite';

/** Where the HTML shell template comes from; null when the web app is not built. */
export interface TemplateSource {
  load(url: string): Promise<string | null>;
}

/** A fixed template (tests). */
export function staticTemplate(template: string): TemplateSource {
  return { load: async () => template };
}

/** apps/web/dist/index.html, read once (a missing build is retried on the next request). */
export function distTemplate(distDir: string): TemplateSource {
  let cached: string | undefined;
  return {
    async load() {
      if (cached !== undefined) return cached;
      try {
        cached = await readFile(path.join(distDir, 'index.html'), 'utf8');
        return cached;
      } catch {
        return null;
      }
    },
  };
}

/** Development: apps/web/index.html on every request, through Vite (HMR client, React refresh). */
export function viteTemplate(vite: ViteDevServer, webRoot: string): TemplateSource {
  return {
    async load(url) {
      const raw = await readFile(path.join(webRoot, 'index.html'), 'utf8');
      return vite.transformIndexHtml(url, raw);
    },
  };
}
