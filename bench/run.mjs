// Benchmarks of the speed budget (issue 5, bench/README.md): throughput of public responses as
// a share of a bare Fastify hello-world measured in the same run, on PGlite and on PostgreSQL;
// the initial JavaScript of `/`; Lighthouse mobile scores. Prints each figure with its target;
// never fails on a target (targets are read by people, not asserted).
//
// npm run bench  (BENCH_SCALE=20000 initiatives, BENCH_SECONDS=10 per path,
//                 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: the server
//                 where the bench creates its own database `ad_bench`; BENCH_DATABASES=pglite,postgres,
//                 BENCH_LIGHTHOUSE=0 to skip Lighthouse)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { initialJavaScript } from './initial-js.mjs';
import { runLighthouse } from './lighthouse.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scale = Number(process.env.BENCH_SCALE ?? 20000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0';
const APP_PORT = 3199;
const HELLO_PORT = 3198;
const THROUGHPUT_PATHS = ['/', '/a-propos', '/api/internal-team-members'];
const LIGHTHOUSE_PATHS = ['/', '/a-propos', '/mentions-legales'];
const TARGET_RATIO = 50;
const TARGET_INITIAL_JS_KB = 120;

const step = (title) => process.stdout.write(`\n## ${title}\n`);
const kb = (bytes) => Number((bytes / 1024).toFixed(1));

async function waitFor(url, timeoutMs = 120_000) {
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return (performance.now() - started) / 1000;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function start(script, env) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    child,
    rssMiB: () =>
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) /
      1024,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function measure(url, headers = {}) {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors,
  };
}

async function preparePostgres() {
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${pgAdminUrl} (${error.message}): skipped.`);
    return null;
  }
  await admin.query('DROP DATABASE IF EXISTS ad_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE ad_bench');
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = '/ad_bench';
  return url.toString();
}

async function benchDatabase(kind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ad-bench-'));
  const databaseUrl = kind === 'postgres' ? await preparePostgres() : undefined;
  if (kind === 'postgres' && !databaseUrl) return null;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: 'false',
    SESSION_SECRET: 'bench-only-secret-bench-only-secret',
    APP_URL: `http://127.0.0.1:${APP_PORT}`,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  step(`${kind}: seed --scale ${scale}`);
  const seedStart = performance.now();
  const seeded = spawnSync('npm', ['run', 'seed', '--', '--scale', String(scale)], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
  console.log(`seed wall time: ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const hello = start('bench/hello.mjs', { ...process.env, PORT: String(HELLO_PORT) });
  const app = start('apps/server/dist/main.js', env);
  const ready = await waitFor(`http://127.0.0.1:${APP_PORT}/healthz`);
  await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);
  console.log(`${kind}: server ready after ${ready.toFixed(1)} s`);

  step(`${kind}: throughput (${seconds} s per row, 10 connections, rate limit off)`);
  const base = `http://127.0.0.1:${APP_PORT}`;
  const yardstick = await measure(`http://127.0.0.1:${HELLO_PORT}/`);
  const rows = [
    { what: 'Fastify hello-world (yardstick)', ...yardstick, ratio: '100 %', target: '' },
  ];
  const row = async (what, url, headers) => {
    const result = await measure(url, headers);
    const ratio = Math.round((result.rps / yardstick.rps) * 100);
    return { what, ...result, ratio: `${ratio} %`, target: `≥ ${TARGET_RATIO} %` };
  };
  for (const path of THROUGHPUT_PATHS) rows.push(await row(`anonymous GET ${path}`, base + path));
  // The cost of what a browser adds (informative, no target): compression and a CSRF cookie.
  const browser = { 'accept-encoding': 'br, gzip' };
  for (const path of THROUGHPUT_PATHS) {
    const r = await row(`  same, Accept-Encoding br`, base + path, browser);
    rows.push({ ...r, target: '' });
  }
  rows.push({
    ...(await row('  /a-propos with an XSRF-TOKEN cookie', `${base}/a-propos`, {
      cookie: 'XSRF-TOKEN=bench-nonce-bench-nonce-bench-nonce',
    })),
    target: '',
  });
  rows.push({ ...(await row('  /healthz (one database query)', `${base}/healthz`)), target: '' });
  console.table(rows);
  console.log(`${kind}: server RSS after the run ${app.rssMiB().toFixed(0)} MiB`);

  let lighthouseRows = null;
  if (kind === databases[0]) {
    step('initial JavaScript of / (entry + preloaded chunks, gzip -9)');
    const js = await initialJavaScript(base, '/');
    console.table(js.files.map((f) => ({ file: f.url, 'gzip KB': kb(f.gzip) })));
    console.log(`total ${kb(js.totalGzip)} KB gzip (target ≤ ${TARGET_INITIAL_JS_KB} KB)`);
    if (withLighthouse) {
      step('Lighthouse 12 mobile (Debian Chromium)');
      lighthouseRows = await runLighthouse(base, LIGHTHOUSE_PATHS);
      console.table(
        lighthouseRows.map((r) => ({
          ...r,
          target: 'performance ≥ 95, accessibility 100',
        })),
      );
    }
  }
  await app.stop();
  await hello.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

if (
  !existsSync(join(root, 'apps/server/dist/main.js')) ||
  !existsSync(join(root, 'apps/web/dist-ssr/entry-server.js'))
) {
  step('build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

for (const kind of databases) await benchDatabase(kind);
