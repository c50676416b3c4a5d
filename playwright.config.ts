import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = 3111;
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Debian's Chromium only, never a downloaded browser: its headless shell (package
 * chromium-headless-shell, the browser Playwright itself runs headless) when installed, else the
 * full browser (package chromium), which takes twice the time and CPU per page in a test. A
 * missing executable is an error, not a skip.
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const command of ['chromium-headless-shell', 'chromium']) {
    try {
      const found = execSync(`command -v ${command}`, {
        shell: '/bin/sh',
        encoding: 'utf8',
      }).trim();
      if (found) return found;
    } catch {
      // not on PATH: try the next one
    }
  }
  return '/usr/bin/chromium';
}

const executablePath = chromiumPath();
if (!existsSync(executablePath)) {
  throw new Error(
    `Chromium not found at ${executablePath}. Install Debian's chromium-headless-shell ` +
      '(apt-get install chromium-headless-shell) or chromium, ' +
      'or set CHROMIUM_PATH; browser tests are never skipped.',
  );
}

/**
 * One fresh data directory per run. The config is loaded again in every worker process, which
 * inherit the runner's environment: only the runner (first load) creates and cleans it.
 */
function dataDir(): string {
  const inherited = process.env.E2E_DATA_DIR;
  if (inherited) return inherited;
  const varDir = resolve(import.meta.dirname, 'var');
  const dir = resolve(varDir, `e2e-${process.pid}`);
  // Directories of earlier runs whose runner is gone.
  if (existsSync(varDir)) {
    for (const name of readdirSync(varDir)) {
      const pid = /^e2e-(\d+)$/.exec(name)?.[1];
      if (pid && !isAlive(Number(pid)))
        rmSync(resolve(varDir, name), { recursive: true, force: true });
    }
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env.E2E_DATA_DIR = dir;
  return dir;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const isCI = Boolean(process.env.CI);

const MODERATION_SPECS = '**/moderation/**/*.spec.ts';

/**
 * Every test runs on a desktop screen except those tagged `@mobile-only`. On a phone's width run
 * only the tests tagged `@mobile` or `@mobile-only`: the frame (menu, search, footer, scroll),
 * axe on every route, and one pass of the account forms and the map; the other screens' logic
 * does not depend on the width, and running it twice would double the suite's time.
 */
const viewports = [
  {
    name: 'desktop',
    grep: /.*/,
    grepInvert: /@mobile-only/,
    use: { browserName: 'chromium' as const, viewport: { width: 1280, height: 900 } },
  },
  {
    name: 'mobile',
    grep: /@mobile/,
    grepInvert: /@desktop-only/,
    use: {
      browserName: 'chromium' as const,
      viewport: { width: 375, height: 740 },
      isMobile: false,
      hasTouch: true,
    },
  },
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  // The account flows (sign-up with its proof of work, uploads, long forms) take 20-50 s on two
  // loaded cores.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['./e2e/summary-reporter.ts']],
  use: {
    baseURL: BASE_URL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // Recording a trace costs every test about a tenth of its time: a failed test is run again
    // (retries in CI) with its trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  // The moderation specs publish and unpublish content that the public pages' specs count: they
  // run once every other spec has finished.
  projects: [
    ...viewports.map(({ name, grep, grepInvert, use }) => ({
      name,
      grep,
      grepInvert,
      use,
      testIgnore: MODERATION_SPECS,
    })),
    ...viewports.map(({ name, grep, grepInvert, use }) => ({
      name: `${name}-moderation`,
      grep,
      grepInvert,
      use,
      testMatch: MODERATION_SPECS,
      dependencies: viewports.map((viewport) => viewport.name),
    })),
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `${BASE_URL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir(),
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      APP_URL: BASE_URL,
      // The suite signs in and loads pages far faster than a visitor from one address.
      RATE_LIMIT_READ_MAX: '100000',
      RATE_LIMIT_WRITE_MAX: '100000',
      RATE_LIMIT_AUTH_MAX: '100000',
      RATE_LIMIT_ACCOUNT_MAX: '100000',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
