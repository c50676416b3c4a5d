import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, utimesSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

let root: string;
let dir: string;
let lockPath: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'data-dir-lock-'));
  dir = join(root, 'pglite');
  mkdirSync(dir);
  lockPath = join(root, 'pglite.lock');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Another process holding the lock (as a running server does), until killed. */
async function otherHolder() {
  const lockfile = createRequire(import.meta.url).resolve('proper-lockfile');
  const script = `require(${JSON.stringify(lockfile)})
    .lock(${JSON.stringify(dir)}, { lockfilePath: ${JSON.stringify(lockPath)}, stale: 10000 })
    .then(() => { console.log('held'); setInterval(() => {}, 1000); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await once(child.stdout, 'data');
  return child;
}

describe('the lock of the embedded database', () => {
  it('is held by one opening at a time, and given back', async () => {
    const release = await lockDataDir(dir, lockPath, { waitMs: 0 });
    expect(existsSync(lockPath)).toBe(true);
    await expect(lockDataDir(dir, lockPath, { waitMs: 0 })).rejects.toThrow(DataDirLockedError);
    await release();
    expect(existsSync(lockPath)).toBe(false);
    await (
      await lockDataDir(dir, lockPath, { waitMs: 0 })
    )();
  });

  it('refuses a directory that another running process holds', async () => {
    const child = await otherHolder();
    try {
      await expect(lockDataDir(dir, lockPath, { waitMs: 0 })).rejects.toThrow(
        'The embedded database is open in another process',
      );
    } finally {
      child.kill();
    }
  });

  it('takes over the lock of a process that ended without giving it back (a crash)', async () => {
    mkdirSync(lockPath);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lockPath, aMinuteAgo, aMinuteAgo);
    await (
      await lockDataDir(dir, lockPath, { waitMs: 0 })
    )();
  });

  it('waits for a holder that gives it back (a server still closing)', async () => {
    const release = await lockDataDir(dir, lockPath, { waitMs: 0 });
    setTimeout(() => void release(), 300);
    await (
      await lockDataDir(dir, lockPath, { waitMs: 3_000 })
    )();
  });

  it('keeps a second opening of the same data directory from reaching the database', async () => {
    const first = await openDatabase({ dataDir: root });
    try {
      await expect(openDatabase({ dataDir: root, lockWaitMs: 0 })).rejects.toThrow(
        DataDirLockedError,
      );
      // The first opening still answers.
      await first.ping();
    } finally {
      await first.close();
    }
    expect(existsSync(lockPath)).toBe(false);
  });
});
