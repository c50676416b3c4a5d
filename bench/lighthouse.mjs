// Lighthouse 12 (mobile: its default emulation and simulated slow 4G / 4x CPU throttling) in
// Debian's Chromium, on pages of a running server.
import { execSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return execSync('command -v chromium', { shell: '/bin/sh', encoding: 'utf8' }).trim();
}

export async function runLighthouse(base, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const rows = [];
  try {
    for (const path of paths) {
      const { lhr } = await lighthouse(base + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      rows.push({
        path,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        'LCP ms': Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
        'TBT ms': Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
        CLS: Number((lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
        failing: Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
          )
          .map((a) => a.id)
          .join(' '),
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
