/* global window, document */
// The initiatives map in Debian's Chromium (issue 8), on a running server with the large data
// set: time from navigation until the whole region's markers and both lists are on screen and
// interactive; the JSON transferred; the longest task while panning and zooming.
import { chromium } from '@playwright/test';
import { BENCH_BROWSER_ARGS, chromiumPath } from './chromium.mjs';

const RUNS = 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One visit of /initiatives in a fresh browser context (empty cache), desktop size, tiles
 * blocked (no network here; the outlines stand in). "Interactive": both tabs show their full
 * counts, the markers are drawn and the loading flag is off.
 */
async function visit(browser, base, expected) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.route(/tile\.openstreetmap|\{s\}/, (route) => route.abort());
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${base}/initiatives`, { waitUntil: 'commit' });
  const ready = await page.waitForFunction(
    ({ procedures, initiatives }) => {
      const counts = [...document.querySelectorAll('.ad-tabs__count')].map((e) =>
        Number(e.textContent.replace(/\D/g, '')),
      );
      const done =
        counts.length === 2 &&
        counts[0] === procedures &&
        counts[1] === initiatives &&
        document.querySelectorAll('.ad-map .leaflet-marker-icon').length > 0 &&
        !document.querySelector('.ad-initiatives__loading') &&
        document.querySelector('.ad-virtual-list li');
      return done ? performance.now() : false;
    },
    expected,
    { timeout: 30_000, polling: 'raf' },
  );
  const interactiveMs = await ready.jsonValue();
  const transfer = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource');
    const api = entries.filter((e) => /\/api\/(initiatives|food_procedures)\?/.test(e.name));
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      apiRequests: api.length,
      apiBytes: api.reduce((sum, e) => sum + e.transferSize, 0),
      htmlBytes: nav.transferSize,
    };
  });
  const longestAtLoad = await page.evaluate(() => Math.max(0, ...window.__longTasks));

  // Pan and zoom: drags and wheel zooms over the map, then the longest task seen meanwhile.
  await page.evaluate(() => (window.__longTasks = []));
  const box = await page.locator('.ad-map').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let i = 0; i < 4; i += 1) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + (i % 2 ? -150 : 150), cy + 80, { steps: 10 });
    await page.mouse.up();
    await page.waitForTimeout(300);
  }
  for (const delta of [-400, -400, -400, 400, 400, 400]) {
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, delta);
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(1000);
  const longestWhileMoving = await page.evaluate(() => Math.max(0, ...window.__longTasks));
  await context.close();
  return { interactiveMs, ...transfer, longestAtLoad, longestWhileMoving };
}

/** Median of three visits; `expected`: the two list totals of the whole region. */
export async function benchMap(base, expected) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: BENCH_BROWSER_ARGS,
  });
  const runs = [];
  try {
    for (let run = 0; run < RUNS; run += 1) runs.push(await visit(browser, base, expected));
  } finally {
    await browser.close();
  }
  const pick = (key) => median(runs.map((r) => r[key]));
  return [
    {
      what: `markers and both lists interactive (${expected.procedures} + ${expected.initiatives} items)`,
      value: `${Math.round(pick('interactiveMs'))} ms`,
      runs: runs.map((r) => Math.round(r.interactiveMs)).join(', '),
      target: '≤ 1000 ms',
    },
    {
      what: `list JSON transferred (${pick('apiRequests')} requests, compressed)`,
      value: `${(pick('apiBytes') / 1024).toFixed(0)} KB`,
      runs: runs.map((r) => Math.round(r.apiBytes / 1024)).join(', '),
      target: '< 1024 KB',
    },
    {
      what: 'HTML of the page (the first page of each list in it, compressed)',
      value: `${(pick('htmlBytes') / 1024).toFixed(0)} KB`,
      runs: runs.map((r) => Math.round(r.htmlBytes / 1024)).join(', '),
      target: '',
    },
    {
      what: 'longest task while loading',
      value: `${Math.round(pick('longestAtLoad'))} ms`,
      runs: runs.map((r) => Math.round(r.longestAtLoad)).join(', '),
      target: '',
    },
    {
      what: 'longest task while panning and zooming',
      value: `${Math.round(pick('longestWhileMoving'))} ms`,
      runs: runs.map((r) => Math.round(r.longestWhileMoving)).join(', '),
      target: '≤ 200 ms',
    },
  ];
}
