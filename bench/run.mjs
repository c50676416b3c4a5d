// Benchmarks of the speed budget (issue 5, bench/README.md): throughput of public responses as
// a share of a bare Fastify hello-world measured in the same run, on PGlite and on PostgreSQL;
// the initial JavaScript of `/`; Lighthouse mobile scores; the initiatives map in Chromium
// (map.mjs). Prints each figure with its target; never fails on a target (targets are read by
// people, not asserted).
//
// npm run bench  (BENCH_SCALE=20000 initiatives, BENCH_SECONDS=10 per path,
//                 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: the server
//                 where the bench creates its own database `ad_bench`; BENCH_DATABASES=pglite,postgres,
//                 BENCH_LIGHTHOUSE=0 to skip Lighthouse)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { initialJavaScript } from './initial-js.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { renderBlockingStyles } from './styles.mjs';
import { benchMap } from './map.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scale = Number(process.env.BENCH_SCALE ?? 20000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0';
const APP_PORT = 3199;
const HELLO_PORT = 3198;
const LIMITED_PORT = 3197;
const THROUGHPUT_PATHS = [
  '/',
  '/a-propos',
  '/actualites',
  '/api/internal-team-members',
  '/api/homepage',
  '/api/posts?page=2',
  '/api/search?q=circuits%20courts',
  '/api/initiatives?page=1',
];
// Issue 7: every public content endpoint, one request at a time with the public cache missed.
const COLD_PATHS = [
  '/api/homepage',
  '/api/posts/filters',
  '/api/posts',
  '/api/posts?page=2',
  '/api/posts/:post',
  '/api/events/filters',
  '/api/events',
  '/api/contacts/filters',
  '/api/contacts',
  '/api/resources/filters',
  '/api/resources',
  '/api/resources/:resource',
  '/api/glossary',
  '/api/faq',
  '/api/search/filters',
  '/api/search?q=circuits%20courts',
  '/api/search?q=l%C3%A9gumes%20bio',
  '/api/search?q=marhc%C3%A9',
  // Issue 8: the map's lists (the whole region by default), filters and details.
  '/api/initiatives?page=1',
  '/api/initiatives?page=5',
  '/api/food_procedures?page=1',
  '/api/initiatives?page=1&q=mara%C3%AEchage%20bio',
  '/api/initiatives?page=1&latitude[]=44.5&latitude[]=45.2&longitude[]=-1&longitude[]=0',
  // A further page of the same view: 1,000 items (the first page is 30).
  '/api/initiatives?page=2&latitude[]=44.5&latitude[]=45.2&longitude[]=-1&longitude[]=0',
  '/api/initiatives?page=1&thematics[]=1&locations[]=33',
  '/api/maps/filters',
  '/api/initiatives/:initiative',
  '/api/food_procedures/:procedure',
];
const COLD_REQUESTS = 40;
const TARGET_COLD_P95_MS = 30;
const LIGHTHOUSE_PATHS = [
  '/',
  '/a-propos',
  '/actualites',
  '/actualites/:post',
  '/agenda',
  '/mentions-legales',
  '/initiatives',
];
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

/** An answer's bytes as sent (fetch would decompress them) and its headers. */
function rawAnswer(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ bytes: Buffer.concat(chunks), headers: response.headers }),
        );
      })
      .on('error', reject);
  });
}

/** User + system CPU time of a process, in microseconds (Linux /proc). */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return (ticks / 100) * 1e6; // USER_HZ is 100 on Linux
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

const hasCommand = (name) =>
  spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

/**
 * The load generator: wrk (Debian's `wrk`, written in C) when installed, else autocannon. On a
 * machine of two or more cores the server under test is pinned to the first core and the client
 * to the last while a row is measured, so that the yardstick and the app each have one core of
 * their own and the client's work (reading 10–30 KB answers against the yardstick's 17 bytes)
 * is not taken from the server's. autocannon, in Node, costs several times wrk's CPU per answer.
 */
const WRK = hasCommand('wrk');
const CORES = cpus().length;
const PIN = CORES >= 2 && hasCommand('taskset');
const CLIENT_CPU = String(CORES - 1);

function pin(pid, cpuList) {
  if (PIN) spawnSync('taskset', ['-a', '-c', '-p', cpuList, String(pid)], { stdio: 'ignore' });
}

/** wrk's duration in milliseconds ("812.00us", "1.20ms", "2.00s"). */
function wrkMs(text) {
  const [, value, unit] = /([\d.]+)(us|ms|s|m)\b/.exec(text) ?? [];
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit];
  return factor ? Number((Number(value) * factor).toFixed(2)) : NaN;
}

function runWrk(url, duration, headers) {
  const args = ['-t1', '-c10', `-d${duration}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const command = PIN
    ? ['taskset', ['-c', CLIENT_CPU, 'wrk', ...args, url]]
    : ['wrk', [...args, url]];
  const out = spawnSync(command[0], command[1], { encoding: 'utf8' }).stdout;
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    total,
    p50: wrkMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ''),
    p99: wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ''),
    bad:
      Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
      (errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

async function runAutocannon(url, duration, headers) {
  const result = await autocannon({ url, connections: 10, duration, headers });
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors,
  };
}

/**
 * Requests per second with 10 connections, after a one-second warm-up, and the server's CPU time
 * per request (the server's own cost, whatever the client's).
 */
async function measure(url, pid, headers = {}) {
  const load = WRK ? runWrk : runAutocannon;
  pin(pid, '0');
  try {
    await load(url, 1, headers);
    const cpuBefore = cpuMicros(pid);
    const result = await load(url, seconds, headers);
    const cpu = cpuMicros(pid) - cpuBefore;
    return {
      rps: Math.round(result.rps),
      'server µs/req': Math.round(cpu / Math.max(1, result.total)),
      p50: result.p50,
      p99: result.p99,
      bad: result.bad,
    };
  } finally {
    pin(pid, `0-${CORES - 1}`);
  }
}

/**
 * A row's throughput and its ratio to the yardstick measured at the same moments: after a
 * one-second warm-up of each, `ROUNDS` turns of the row then the yardstick, each for a share of
 * `BENCH_SECONDS`, on the same core. The ratio is the row's requests over the yardstick's in the
 * same time. (Until 2026-11-28 the yardstick was measured once, before every row: on a machine
 * whose speed drifts from minute to minute, the same answer's ratio moved by half; the yardstick
 * alone went from 21,000 to 35,000 req/s between two runs of three seconds.)
 */
const ROUNDS = 3;
const SHARE_SECONDS = Math.max(1, Math.round(seconds / ROUNDS));
async function measurePaired(url, pid, headers, yardstick) {
  const load = WRK ? runWrk : runAutocannon;
  const share = SHARE_SECONDS;
  pin(pid, '0');
  pin(yardstick.pid, '0');
  try {
    await load(url, 1, headers);
    await load(yardstick.url, 1, {});
    let requests = 0;
    let yardstickRequests = 0;
    let cpu = 0;
    let bad = 0;
    const p50 = [];
    const p99 = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const cpuBefore = cpuMicros(pid);
      const result = await load(url, share, headers);
      cpu += cpuMicros(pid) - cpuBefore;
      requests += result.total;
      bad += result.bad;
      p50.push(result.p50);
      p99.push(result.p99);
      yardstickRequests += (await load(yardstick.url, share, {})).total;
    }
    return {
      rps: Math.round(requests / (share * ROUNDS)),
      'yardstick rps': Math.round(yardstickRequests / (share * ROUNDS)),
      'server µs/req': Math.round(cpu / Math.max(1, requests)),
      p50: median(p50),
      p99: median(p99),
      bad,
      ratio: Math.round((requests / Math.max(1, yardstickRequests)) * 100),
    };
  } finally {
    pin(pid, `0-${CORES - 1}`);
    pin(yardstick.pid, `0-${CORES - 1}`);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The slug of the first item of a public list, to measure its detail (':post', ':resource'). */
async function firstSlug(base, list, field = 'slug') {
  const body = await (await fetch(`${base}${list}`)).json();
  return body.data?.[0]?.[field] ?? null;
}

async function fillSlugs(base, paths) {
  const slugs = {
    post: await firstSlug(base, '/api/posts'),
    resource: await firstSlug(base, '/api/resources'),
    initiative: await firstSlug(base, '/api/initiatives', 'id'),
    procedure: await firstSlug(base, '/api/food_procedures', 'id'),
  };
  // A path whose item kind has no published item is left out.
  const kinds = /:(post|resource|initiative|procedure)\b/;
  return paths
    .filter((path) => {
      const kind = kinds.exec(path)?.[1];
      return !kind || slugs[kind];
    })
    .map((path) => path.replace(kinds, (_m, kind) => slugs[kind]));
}

/**
 * Latency of single requests that miss the public cache (a unique `_cold` parameter, which the
 * API ignores, makes each address new): what a visitor waits for the first time an answer is
 * computed. Sequential. The server time is the time to the first byte: the server computes and
 * compresses the whole answer before it writes the headers and the body together. The rest of a
 * large answer's transfer is not the server's: on this machine's loopback, an answer larger than
 * a new connection's 16 KB send buffer (a map list page, 30 KB compressed) now and then waits for
 * a delayed acknowledgement (40 ms), so the total is printed beside it.
 */
async function coldLatency(base, path) {
  const firstByte = [];
  const total = [];
  let bad = 0;
  for (let i = 0; i < COLD_REQUESTS; i += 1) {
    const url = `${base}${path}${path.includes('?') ? '&' : '?'}_cold=${Date.now()}-${i}`;
    const started = performance.now();
    const response = await fetch(url);
    firstByte.push(performance.now() - started);
    await response.arrayBuffer();
    total.push(performance.now() - started);
    if (!response.ok) bad += 1;
  }
  const at = (times, q) => {
    const sorted = [...times].sort((a, b) => a - b);
    return Number(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)].toFixed(1));
  };
  return {
    what: `GET ${path}`,
    'p50 ms': at(firstByte, 0.5),
    'p95 ms': at(firstByte, 0.95),
    'max ms': at(firstByte, 1),
    'p95 total ms': at(total, 0.95),
    bad,
    target: `p95 ≤ ${TARGET_COLD_P95_MS} ms`,
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
  // The same server with the rate limit on (generous maximum: only its cost is measured).
  const limitedEnv = {
    ...env,
    PORT: String(LIMITED_PORT),
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_READ_MAX: '1000000',
  };
  const ready = await waitFor(`http://127.0.0.1:${APP_PORT}/healthz`);
  await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);
  console.log(`${kind}: server ready after ${ready.toFixed(1)} s`);

  const base = `http://127.0.0.1:${APP_PORT}`;
  step(
    `${kind}: single requests, public cache missed (${COLD_REQUESTS} each): server time (to the first byte), and the total`,
  );
  const coldRows = [];
  for (const path of await fillSlugs(base, COLD_PATHS))
    coldRows.push(await coldLatency(base, path));
  console.table(coldRows);

  step(
    `${kind}: throughput (${SHARE_SECONDS * ROUNDS} s per row in ${ROUNDS} turns with the yardstick, 10 connections, rate limit off; ` +
      `${WRK ? 'wrk' : 'autocannon (wrk not installed)'}` +
      `${PIN ? `, server on CPU 0 and client on CPU ${CLIENT_CPU}` : ''})`,
  );
  const helloUrl = `http://127.0.0.1:${HELLO_PORT}/`;
  const yardstick = { url: helloUrl, pid: hello.child.pid };
  const first = await measure(helloUrl, hello.child.pid);
  const rows = [
    {
      what: 'Fastify hello-world (yardstick)',
      ...first,
      'yardstick rps': first.rps,
      ratio: '100 %',
      target: '',
    },
  ];
  // Each row is measured in turns with the yardstick (measurePaired): its ratio is to the
  // yardstick of the same moments.
  const paired = async (what, url, pid, headers, target) => {
    const { ratio, ...result } = await measurePaired(url, pid, headers, yardstick);
    return { what, ...result, ratio: `${ratio} %`, target: target ? `≥ ${TARGET_RATIO} %` : '' };
  };
  const row = (what, url, headers = {}, target = true) =>
    paired(what, url, app.child.pid, headers, target);
  // A browser's second page view: it accepts compression and has its CSRF nonce cookie.
  const browser = {
    'accept-encoding': 'gzip, deflate, br, zstd',
    cookie: 'XSRF-TOKEN=0123456789abcdef0123456789abcdef',
  };
  // A copy of an answer (its bytes and the headers that describe them) put on the bare server.
  const copyOf = async (name, path, headers) => {
    const answer = await rawAnswer(base + path, headers);
    const kept = {};
    for (const header of ['content-type', 'content-encoding', 'cache-control', 'vary']) {
      if (answer.headers[header]) kept[header] = answer.headers[header];
    }
    await fetch(`http://127.0.0.1:${HELLO_PORT}/copy/${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ base64: answer.bytes.toString('base64'), headers: kept }),
    });
    return answer.bytes.length;
  };
  for (const path of THROUGHPUT_PATHS) {
    rows.push(await row(`GET ${path}, no cookie, no compression`, base + path));
    rows.push(await row(`GET ${path}, as a browser (gzip, nonce cookie)`, base + path, browser));
  }
  // A further page of the map's list (1,000 items, after a first page of 30): no target of its
  // own, shown beside the first page's.
  const furtherPage = '/api/initiatives?page=2';
  rows.push(
    await row(`GET ${furtherPage}, no cookie, no compression`, base + furtherPage, {}, false),
  );
  rows.push(
    await row(
      `GET ${furtherPage}, as a browser (gzip, nonce cookie)`,
      base + furtherPage,
      browser,
      false,
    ),
  );
  // The ceilings for /a-propos and for a further page of the map's list (plain, then compressed
  // as a browser gets them: gzip for the page, brotli for the JSON): bare Fastify
  // sending the same bytes. What separates the app from it is the app's own work.
  for (const path of ['/a-propos', furtherPage]) {
    for (const [encoding, headers] of [
      ['plain', { 'accept-encoding': 'identity' }],
      ['compressed', browser],
    ]) {
      const name = `${path.replace(/\W+/g, '-')}${encoding}`;
      const size = await copyOf(name, path, headers);
      rows.push(
        await paired(
          `  bare Fastify sending ${path}'s ${size} bytes (${encoding})`,
          `http://127.0.0.1:${HELLO_PORT}/copy/${name}`,
          hello.child.pid,
          {},
          false,
        ),
      );
    }
  }
  // What the hooks cost (informative, no target).
  rows.push(
    await row(
      'GET /a-propos, no cookie, gzip (new CSRF nonce)',
      `${base}/a-propos`,
      { 'accept-encoding': 'gzip' },
      false,
    ),
  );
  rows.push(
    await row(
      'GET /a-propos with a session cookie (lookup, rendered)',
      `${base}/a-propos`,
      { ...browser, cookie: 'ad_session=unknown-session-token' },
      false,
    ),
  );
  rows.push(await row('GET /healthz (one database query)', `${base}/healthz`, {}, false));
  console.table(rows);
  console.log(`${kind}: server RSS after the run ${app.rssMiB().toFixed(0)} MiB`);

  step(`${kind}: the initiatives map in Chromium (median of 3 visits, empty cache)`);
  const totals = {
    procedures: (await (await fetch(`${base}/api/food_procedures?page=1`)).json()).meta.total,
    initiatives: (await (await fetch(`${base}/api/initiatives?page=1`)).json()).meta.total,
  };
  console.table(await benchMap(base, totals));

  let lighthouseRows = null;
  if (kind === databases[0]) {
    step('initial JavaScript of / (every script loaded until hydrated, gzip -9)');
    const js = await initialJavaScript(base, '/');
    console.table(js.files.map((f) => ({ file: f.url, 'gzip KB': kb(f.gzip) })));
    console.log(`total ${kb(js.totalGzip)} KB gzip (target ≤ ${TARGET_INITIAL_JS_KB} KB)`);
    step('stylesheets of / (render-blocking, as sent to a browser that accepts brotli)');
    const styles = await renderBlockingStyles(base, '/');
    console.table(
      styles.files.map((f) => ({ file: f.url, KB: kb(f.bytes), encoding: f.encoding })),
    );
    console.log(`total ${kb(styles.total)} KB before the first paint`);
    if (withLighthouse) {
      step('Lighthouse 12 mobile (Debian Chromium)');
      lighthouseRows = await runLighthouse(base, await fillSlugs(base, LIGHTHOUSE_PATHS));
      console.table(
        lighthouseRows.map((r) => ({
          ...r,
          // The map's speed target is its interactive time, above (issue 8).
          target:
            r.path === '/initiatives' ? 'accessibility 100' : 'performance ≥ 95, accessibility 100',
        })),
      );
    }
  }
  await app.stop();

  // The rate limit's cost: the same server restarted with it on (PGlite allows one process).
  step(`${kind}: the same with the rate limit on`);
  const limited = start('apps/server/dist/main.js', limitedEnv);
  await waitFor(`http://127.0.0.1:${LIMITED_PORT}/healthz`);
  const limitedBase = `http://127.0.0.1:${LIMITED_PORT}`;
  const limitedRows = [];
  for (const path of ['/a-propos', '/api/internal-team-members']) {
    const result = await measure(limitedBase + path, limited.child.pid, browser);
    limitedRows.push({ what: `GET ${path} as a browser, rate limit on`, ...result });
  }
  console.table(limitedRows);
  await limited.stop();
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
