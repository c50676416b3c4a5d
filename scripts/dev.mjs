// `npm run dev`: one process on port 3000 (PORT). The server runs under `tsx watch` and restarts
// when apps/server/src or packages/contract/src change; with VITE_DEV=1 (the default here) it
// serves the web app through Vite in middleware mode (HMR on the same port).
// VITE_DEV=0 npm run dev: serve the last `npm run build -w apps/web` output instead.
// First, the DSFR static files (apps/web/public/dsfr, gitignored) are copied by the web
// workspace's `dsfr` script, which its own predev/prebuild run but this entry point bypasses.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const tsxCli = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');

const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  VITE_DEV: process.env.VITE_DEV ?? '1',
};

// Same npm as the one running `npm run dev` when there is one.
const npmCli = process.env.npm_execpath;
const dsfr = spawnSync(
  npmCli ? process.execPath : 'npm',
  [...(npmCli ? [npmCli] : []), 'run', 'dsfr', '-w', 'apps/web'],
  { cwd: root, env: process.env, stdio: 'inherit', shell: !npmCli && process.platform === 'win32' },
);
if (dsfr.status !== 0) {
  console.error('Copying the DSFR assets (npm run dsfr -w apps/web) failed.');
  process.exit(dsfr.status ?? 1);
}

const child = spawn(
  process.execPath,
  [
    tsxCli,
    'watch',
    '--clear-screen=false',
    '--include',
    'packages/contract/src/**/*',
    '--exclude',
    'apps/web/**/*',
    '--exclude',
    'var/**/*',
    'apps/server/src/main.ts',
  ],
  { cwd: root, env, stdio: 'inherit' },
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
