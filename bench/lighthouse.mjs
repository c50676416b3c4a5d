// Lighthouse 12 (mobile: its default emulation and simulated slow 4G / 4x CPU throttling) in
// Debian's Chromium, on pages of a running server.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from './chromium.mjs';

const RUNS = 3;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => `${Math.min(...values)}–${Math.max(...values)}`;

/**
 * One Lighthouse run. Now and then a run ends without metrics (a trace Lighthouse cannot read:
 * no score, every metric missing): it is run again, at most twice, rather than counted as 0.
 */
async function audit(url, port) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (lhr.categories.performance.score !== null || attempt === 3) return lhr;
    console.warn(
      `Lighthouse gave no score for ${url} (${lhr.runtimeError?.code ?? 'no metrics'}): run again`,
    );
  }
}

/** Lighthouse varies from run to run: three runs per page, the median and the spread. */
export async function runLighthouse(base, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const rows = [];
  try {
    for (const path of paths) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        const lhr = await audit(base + path, chrome.port);
        const accessibilityAudits = new Set(
          lhr.categories.accessibility.auditRefs.map((ref) => ref.id),
        );
        runs.push({
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
          lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
          tbt: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
          cls: lhr.audits['cumulative-layout-shift'].numericValue ?? 0,
          // Lighthouse's own measure of the host CPU: its simulated 4x throttling multiplies
          // what this machine takes, so TBT and the score depend on it.
          benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
          failing: Object.values(lhr.audits)
            .filter((a) => accessibilityAudits.has(a.id) && a.score !== null && a.score < 1)
            .map((a) => a.id),
        });
      }
      const pick = (key) => runs.map((r) => r[key]);
      rows.push({
        path,
        performance: median(pick('performance')),
        'perf. runs': spread(pick('performance')),
        accessibility: median(pick('accessibility')),
        'LCP ms': median(pick('lcp')),
        'TBT ms': median(pick('tbt')),
        CLS: Number(median(pick('cls')).toFixed(3)),
        'host CPU index': median(pick('benchmarkIndex')),
        'a11y failing': [...new Set(runs.flatMap((r) => r.failing))].join(' '),
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
