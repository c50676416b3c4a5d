import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';

/**
 * A TCP relay to PostgreSQL whose open connections can be made half-open: bytes stop flowing
 * both ways and neither side hears of it, as behind a NAT that forgot the connection.
 */
async function relay(target: URL): Promise<{ port: number; freeze(): void; server: Server }> {
  const pairs: [Socket, Socket][] = [];
  const [host, port] = [target.hostname, Number(target.port || 5432)];
  const server = createServer((client) => {
    const upstream = connect(port, host);
    pairs.push([client, upstream]);
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    server,
    freeze() {
      for (const [client, upstream] of pairs.splice(0)) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
  };
}

describe.runIf(process.env.DATABASE_URL)('a LISTEN connection left half-open (PostgreSQL)', () => {
  let database: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof relay>>;

  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL!);
    proxy = await relay(url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    database = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: tmpdir(),
      poolMax: 1,
      listenHeartbeat: { everyMs: 500, timeoutMs: 400 },
    });
  });
  afterAll(async () => {
    await database?.close();
    proxy?.server.close();
  });

  it('is noticed by its heartbeat, dropped, and listened to again', async () => {
    // A channel of this run's own: another run on the same database never talks into it.
    const channel = `heartbeat_test_${process.pid}`;
    const heard: string[] = [];
    const events: string[] = [];
    const unlisten = await database.listen(
      channel,
      (payload) => heard.push(payload),
      () => events.push('reconnected'),
      () => events.push('lost'),
    );
    await database.db.execute(sql`SELECT pg_notify(${channel}, 'avant')`);
    await expect.poll(() => heard).toEqual(['avant']);

    // Every open connection (the pool's and the listener's) goes silent.
    proxy.freeze();
    await expect.poll(() => events, { timeout: 5_000 }).toContain('lost');
    await expect.poll(() => events, { timeout: 5_000 }).toContain('reconnected');

    // The pool's frozen connection is not the listener's concern: a fresh database answers.
    const fresh = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: tmpdir() });
    try {
      await fresh.db.execute(sql`SELECT pg_notify(${channel}, 'après')`);
    } finally {
      await fresh.close();
    }
    await expect.poll(() => heard).toEqual(['avant', 'après']);
    await unlisten();
  });
});
