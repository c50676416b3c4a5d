// Benchmarks: seed a large deterministic data set, start the built server on it and measure public responses.
// Usage: npm run bench            (BENCH_SCALE=20000 initiatives by default, BENCH_SECONDS=10 per path)
// Rate limiting is switched off: one client address would otherwise be throttled after 600 requests.
// Prints figures only; it never fails on a threshold (targets are read by people, not asserted).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scale = Number(process.env.BENCH_SCALE ?? 20000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3199);
const paths = ['/healthz', '/', '/a-propos', '/api/internal-team-members'];

const dataDir = mkdtempSync(join(tmpdir(), 'ad-bench-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  NODE_ENV: 'production',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_ENABLED: 'false',
  SESSION_SECRET: 'bench-only-secret-bench-only-secret',
};

function step(title) {
  process.stdout.write(`\n## ${title}\n`);
}

if (
  !existsSync(join(root, 'apps/server/dist/main.js')) ||
  !existsSync(join(root, 'apps/web/dist/index.html'))
) {
  step('build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

step(`seed --scale ${scale} (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
const seedStart = performance.now();
const seeded = spawnSync('npm', ['run', 'seed', '--', '--scale', String(scale)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
console.log(`seed wall time: ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

step('server start');
const startAt = performance.now();
const server = spawn('node', ['apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (;;) {
  try {
    const res = await fetch(`${base}/healthz`);
    if (res.ok) break;
  } catch {
    /* not listening yet */
  }
  if (performance.now() - startAt > 120_000) throw new Error('server did not start in 120 s');
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`ready after ${((performance.now() - startAt) / 1000).toFixed(1)} s`);

const rows = [];
for (const path of paths) {
  const result = await autocannon({ url: base + path, connections: 10, duration: seconds });
  rows.push({
    path,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  });
}
const rssKb = Number(
  /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0,
);

step(`HTTP (${seconds} s per path, 10 connections)`);
console.table(rows);
console.log(`server RSS after the run: ${(rssKb / 1024).toFixed(0)} MiB`);

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
