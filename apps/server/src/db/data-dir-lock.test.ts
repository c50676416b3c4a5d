import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'data-dir-lock-'));
  file = join(dir, 'pglite.lock');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A process that runs until killed, and its number. */
async function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await once(child, 'spawn');
  return child;
}

describe('the lock of the embedded database', () => {
  it('is held by one opening at a time, and given back', () => {
    const unlock = lockDataDir(file);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(file)).toThrow(DataDirLockedError);
    unlock();
    expect(existsSync(file)).toBe(false);
    lockDataDir(file)();
  });

  it('refuses a directory that another running process holds, naming it', async () => {
    const child = await otherProcess();
    try {
      writeFileSync(file, `${child.pid}\n`);
      expect(() => lockDataDir(file)).toThrow(
        `The embedded database is already open in process ${child.pid}`,
      );
      // Refused, the lock stays the other process's.
      expect(readFileSync(file, 'utf8').trim()).toBe(String(child.pid));
    } finally {
      child.kill();
    }
  });

  it('takes over the lock of a process that has ended (a crash), or of an earlier process with its number', async () => {
    const child = await otherProcess();
    child.kill('SIGKILL');
    await once(child, 'exit');
    writeFileSync(file, `${child.pid}\n`);
    const unlock = lockDataDir(file);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    unlock();

    writeFileSync(file, `${process.pid}\n`);
    lockDataDir(file)();
    expect(existsSync(file)).toBe(false);
  });

  it('keeps a second opening of the same data directory from reaching the database', async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      // The first opening still answers.
      await first.ping();
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });
});
