// Initial JavaScript of a page: every script the browser starts to download, from the moment it
// asks for the page until the app has hydrated it (`html[data-hydrated]`, set once the page itself
// is hydrated, app/hydration-marker.tsx): the boot script, the app's entry and chunks, the page's
// chunk, whatever the way they are loaded. What starts after hydration (the DSFR's own script, when idle) is not counted.
// Each file is fetched again and gzipped at level 9.
/* global document, window, MutationObserver -- the functions passed to the page run in the browser */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { BENCH_BROWSER_ARGS, chromiumPath } from './chromium.mjs';

export async function initialJavaScript(base, path) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: BENCH_BROWSER_ARGS,
  });
  let urls = [];
  try {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.documentElement?.hasAttribute('data-hydrated')) {
          window.__hydratedAt ??= performance.now();
        }
      }).observe(document, { attributes: true, subtree: true });
    });
    await page.goto(base + path);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    urls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\.m?js$/.test(new URL(entry.name).pathname))
        .filter((entry) => entry.startTime < window.__hydratedAt)
        .map((entry) => new URL(entry.name).pathname),
    );
  } finally {
    await browser.close();
  }
  const files = [];
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    files.push({ url, gzip: gzipSync(body, { level: 9 }).length });
  }
  return { files, totalGzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}
