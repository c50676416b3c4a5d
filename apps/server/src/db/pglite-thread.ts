import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * The embedded database (PGlite) in a worker thread, behind the part of PGlite's interface that
 * the app uses (Drizzle's PGlite driver, pg-boss's executor, the tests' snapshot). One thread
 * holds every PGlite of the process: it compiles PGlite's WebAssembly once (about 2 s of CPU for
 * each new thread), and the tests open many databases.
 *
 * Why a thread: PGlite's JavaScript (the Emscripten runtime, its file system, the loading of the
 * extensions) leaves V8's shared state of the main thread in a shape that makes every request
 * slower, about 15 % of a bare Fastify server's throughput (bench/README.md, 2026-11-28, ninth
 * session); its queries (WebAssembly) also no longer hold the event loop. See decision 0002.
 */
export interface EmbeddedQueries {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>>;
  /** Several statements without parameters; one result per statement. */
  exec(text: string): Promise<Array<Results>>;
}

export type EmbeddedTransaction = EmbeddedQueries;

export interface PgliteThreadOptions {
  /** Files under this folder; in memory when unset. */
  dataDir?: string;
  /** A data directory tarball to start from (tests' migrated snapshot). */
  loadDataDir?: Blob;
  /** Extensions to load, by name (the name of the module `@electric-sql/pglite/contrib/<name>`). */
  extensions: string[];
}

const localRequire = createRequire(import.meta.url);

// CommonJS (an `eval` worker is a script); the modules come as absolute paths. Every message
// names its database (`db`); replies carry the message's `id`.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);
const identity = (value) => value;
const serialize = (error) => {
  const fields = {};
  for (const [key, value] of Object.entries(error ?? {})) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: error?.name ?? 'Error', message: error?.message ?? String(error) };
};
const databases = new Map();
const databaseOf = (m) => {
  const database = databases.get(m.db);
  if (!database) throw new Error('The embedded database is closed');
  return database;
};
const on = (m) => {
  const database = databaseOf(m);
  if (m.tx === undefined) return database.pg;
  const entry = database.transactions.get(m.tx);
  if (!entry) throw new Error('Transaction is closed');
  return entry.tx;
};
const options = (o) =>
  o && {
    rowMode: o.rowMode,
    ...(o.rawTypes ? { parsers: Object.fromEntries(o.rawTypes.map((t) => [t, identity])) } : {}),
  };
const operations = {
  open: async (m) => {
    const extensions = {};
    for (const [name, path] of Object.entries(m.extensionPaths)) extensions[name] = require(path)[name];
    const pg = await PGlite.create({
      ...(m.dataDir ? { dataDir: m.dataDir } : {}),
      ...(m.loadDataDir ? { loadDataDir: new Blob([m.loadDataDir]) } : {}),
      extensions,
    });
    databases.set(m.db, { pg, transactions: new Map(), unlisten: new Map() });
  },
  query: (m) => on(m).query(m.text, m.params, options(m.options)),
  exec: (m) => on(m).exec(m.text),
  begin: (m) =>
    new Promise((begun, failed) => {
      const { pg, transactions } = databaseOf(m);
      const entry = {};
      transactions.set(m.tx, entry);
      entry.done = pg.transaction(
        (tx) =>
          new Promise((commit, abort) => {
            Object.assign(entry, { tx, commit, abort });
            begun();
          }),
      );
      entry.done.catch((error) => {
        transactions.delete(m.tx);
        failed(error);
      });
    }),
  commit: async (m) => {
    const { transactions } = databaseOf(m);
    const entry = transactions.get(m.tx);
    transactions.delete(m.tx);
    entry.commit();
    await entry.done;
  },
  rollback: async (m) => {
    const { transactions } = databaseOf(m);
    const entry = transactions.get(m.tx);
    transactions.delete(m.tx);
    const reason = new Error('rollback');
    entry.abort(reason);
    // Rejected with the reason once rolled back; with another error if ROLLBACK failed.
    await entry.done.catch((error) => {
      if (error !== reason) throw error;
    });
  },
  listen: async (m) => {
    const { pg, unlisten } = databaseOf(m);
    const stop = await pg.listen(m.channel, (payload) =>
      parentPort.postMessage({ db: m.db, channel: m.channel, payload }),
    );
    unlisten.set(m.channel, stop);
  },
  unlisten: async (m) => {
    const { pg, unlisten } = databaseOf(m);
    const stop = unlisten.get(m.channel);
    unlisten.delete(m.channel);
    if (stop && !pg.closed) await stop();
  },
  dump: async (m) => {
    const file = await databaseOf(m).pg.dumpDataDir(m.compression);
    const bytes = new Uint8Array(await file.arrayBuffer());
    return { value: bytes, transfer: [bytes.buffer] };
  },
  // PGlite's close waits for an open transaction, whose statements still reach it meanwhile.
  close: async (m) => {
    await databases.get(m.db)?.pg.close();
    databases.delete(m.db);
  },
};
parentPort.on('message', (message) => {
  // A synchronous throw (a closed database) must answer too, not end the thread.
  Promise.resolve(message).then(operations[message.op]).then(
    (result) => {
      if (result && result.transfer) {
        parentPort.postMessage({ id: message.id, result: result.value }, result.transfer);
      } else {
        parentPort.postMessage({ id: message.id, result });
      }
    },
    (error) => parentPort.postMessage({ id: message.id, error: serialize(error) }),
  );
});
`;

type SerializedError = Record<string, unknown> & { name: string; message: string };

type Reply =
  | { id: number; result: unknown }
  | { id: number; error: SerializedError }
  | { db: number; channel: string; payload: string };

/** An error as PGlite threw it in the worker (`code`, `detail`, `constraint`… kept). */
function revive(serialized: SerializedError): Error {
  const { message, ...fields } = serialized;
  return Object.assign(new Error(message), fields);
}

/**
 * Drizzle passes type parsers (functions, which cannot cross to the worker) that keep the text of
 * dates, timestamps and intervals as it is: the worker applies that for the same types. Any other
 * parser is refused rather than silently ignored.
 */
const rawTypesOf = new WeakMap<QueryOptions, number[]>();
function transferable(options?: QueryOptions) {
  if (!options) return undefined;
  const other = Object.keys(options).filter((key) => key !== 'rowMode' && key !== 'parsers');
  if (other.length) throw new Error(`PGlite thread: unsupported query options (${other})`);
  let rawTypes = rawTypesOf.get(options);
  if (options.parsers && !rawTypes) {
    rawTypes = Object.entries(options.parsers).map(([type, parse]) => {
      if (parse('2026-01-01 00:00:00', Number(type)) !== '2026-01-01 00:00:00') {
        throw new Error(`PGlite thread: only parsers that keep the text are supported (${type})`);
      }
      return Number(type);
    });
    rawTypesOf.set(options, rawTypes);
  }
  return { rowMode: options.rowMode, rawTypes };
}

/** Ids of calls, databases and transactions: never reused, even by a new thread. */
let nextId = 1;

/**
 * The worker, started with the first database; it keeps the process alive only while busy. If it
 * fails, the process fails with it, as it did with PGlite in the main thread.
 */
class DatabaseThread {
  #worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pglitePath: localRequire.resolve('@electric-sql/pglite') },
  });
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (e: Error) => void }>();
  /** Called with (database, channel, payload) for every NOTIFY a database listens to. */
  onNotify: (db: number, channel: string, payload: string) => void = () => {};
  stopped = false;

  constructor() {
    this.#worker.unref();
    this.#worker.on('message', (reply: Reply) => {
      if ('channel' in reply) {
        this.onNotify(reply.db, reply.channel, reply.payload);
        return;
      }
      const call = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if ('error' in reply) call?.reject(revive(reply.error));
      else call?.resolve(reply.result);
    });
    const fail = (error: Error) => {
      if (this.stopped) return;
      this.stopped = true;
      for (const call of this.#pending.values()) call.reject(error);
      this.#pending.clear();
      setImmediate(() => {
        throw error;
      });
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) =>
      fail(new Error(`The embedded database thread has stopped (exit code ${code})`)),
    );
  }

  newId(): number {
    return nextId++;
  }

  call<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.stopped) return Promise.reject(new Error('The embedded database thread has stopped'));
    const id = this.newId();
    try {
      // Throws when a value cannot cross to the thread (a function, a symbol).
      this.#worker.postMessage({ ...message, id }, transfer);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }
}

let thread: DatabaseThread | undefined;
interface Channel {
  listeners: Set<(payload: string) => void>;
  /** Resolves once the database listens. */
  listening: Promise<void>;
}
const channelsOf = new Map<number, Map<string, Channel>>();

function databaseThread(): DatabaseThread {
  if (!thread || thread.stopped) {
    thread = new DatabaseThread();
    thread.onNotify = (db, channel, payload) => {
      for (const listener of channelsOf.get(db)?.get(channel)?.listeners ?? []) listener(payload);
    };
  }
  return thread;
}

export class PgliteThread implements EmbeddedQueries {
  #thread: DatabaseThread;
  #db: number;
  #closed = false;
  #closing: Promise<void> | undefined;

  private constructor(thread: DatabaseThread, db: number) {
    this.#thread = thread;
    this.#db = db;
    channelsOf.set(db, new Map());
  }

  /** Opens a database in the thread (starting the thread first if needed). */
  static async create(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = databaseThread();
    const db = thread.newId();
    const bytes = options.loadDataDir
      ? new Uint8Array(await options.loadDataDir.arrayBuffer())
      : undefined;
    await thread.call(
      {
        op: 'open',
        db,
        dataDir: options.dataDir,
        loadDataDir: bytes,
        extensionPaths: Object.fromEntries(
          options.extensions.map((name) => [
            name,
            localRequire.resolve(`@electric-sql/pglite/contrib/${name}`),
          ]),
        ),
      },
      bytes ? [bytes.buffer as ArrayBuffer] : [],
    );
    return new PgliteThread(thread, db);
  }

  get closed(): boolean {
    return this.#closed || this.#thread.stopped;
  }

  #call<T>(op: string, message: Record<string, unknown> = {}): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('The embedded database is closed'));
    return this.#thread.call<T>({ ...message, op, db: this.#db });
  }

  #queries(tx?: number): EmbeddedQueries {
    return {
      query: async (text, params, options) =>
        this.#call('query', { tx, text, params, options: transferable(options) }),
      exec: (text) => this.#call('exec', { tx, text }),
    };
  }

  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    return this.#queries().query<T>(text, params, options);
  }

  exec(text: string): Promise<Array<Results>> {
    return this.#queries().exec(text);
  }

  /**
   * Runs `callback` in a transaction: committed when it resolves, rolled back when it throws.
   * As with PGlite itself, other queries wait until it ends.
   */
  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const tx = this.#thread.newId();
    await this.#call('begin', { tx });
    let result: T;
    try {
      result = await callback(this.#queries(tx));
    } catch (error) {
      await this.#call('rollback', { tx });
      throw error;
    }
    await this.#call('commit', { tx });
    return result;
  }

  /** Calls `onNotify` for every NOTIFY on `channel`; resolves to the function that stops. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const channels = channelsOf.get(this.#db);
    if (!channels) throw new Error('The embedded database is closed');
    let entry = channels.get(channel);
    if (!entry) {
      const created: Channel = {
        listeners: new Set(),
        listening: this.#call('listen', { channel }),
      };
      created.listening.catch(() => {
        if (channels.get(channel) === created) channels.delete(channel);
      });
      channels.set(channel, (entry = created));
    }
    await entry.listening;
    const { listeners } = entry;
    listeners.add(onNotify);
    return async () => {
      listeners.delete(onNotify);
      if (listeners.size > 0 || channels.get(channel) !== entry) return;
      channels.delete(channel);
      if (!this.closed) await this.#call('unlisten', { channel });
    };
  }

  /** The data directory as a tarball (gzip or not). */
  async dumpDataDir(compression: 'gzip' | 'none'): Promise<Blob> {
    const bytes = await this.#call<Uint8Array<ArrayBuffer>>('dump', { compression });
    return new Blob([bytes]);
  }

  /** Closes the database (once, however many callers ask). */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#thread.stopped) await this.#call('close');
      } finally {
        this.#closed = true;
        channelsOf.delete(this.#db);
      }
    })();
    return this.#closing;
  }
}
