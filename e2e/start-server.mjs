// Starts the built server for the browser tests. With DATABASE_URL set, the server gets a fresh
// database of its own on that PostgreSQL server (`<name>_e2e`, recreated on every run): demo
// content is seeded on first start only and its files live in the run's fresh DATA_DIR, so a
// database left by an earlier run would point at missing files.
import { spawn } from 'node:child_process';
import pg from 'pg';

const env = { ...process.env };

if (env.DATABASE_URL) {
  const url = new URL(env.DATABASE_URL);
  const name = `${url.pathname.slice(1) || 'postgres'}_e2e`.replace(/[^\w]/g, '_');
  const admin = new pg.Client({ connectionString: env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}

const server = spawn(process.execPath, ['apps/server/dist/main.js'], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
