/** Helpers for API tests (app.inject on a fresh migrated database). Not used at run time. */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SsrRender } from '@ad/contract';
import { sql } from 'drizzle-orm';
import { buildApp, createLogger, PUBLIC_CONTENT_CHANNEL, type AppDeps } from '../app.ts';
import { users } from '../db/schema/users.ts';
import { createTestDatabase, type TestDatabase } from '../db/test-db.ts';
import { testConfig } from '../env.ts';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './jobs/queue.ts';
import { mailDir } from './mail/mailer.ts';
import { hashPassword } from './passwords.ts';
import { webRootDir } from './paths.ts';
import { moduleRenderer, type PageRenderer } from './ssr/renderer.ts';

export const FIXTURE_TEMPLATE = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <!--app-preload-->
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--app-config-->
    <script type="module" src="/assets/index-test.js"></script>
  </body>
</html>
`;

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** The started job queue (also `app.jobs`). */
  jobs: JobQueue;
  /** A temporary DATA_DIR (removed by close()), unless the test set DATA_DIR. */
  dataDir: string;
  /** Where the app's e-mails land as .eml files: read them with mail/testing.ts. */
  mailDir: string;
  /**
   * Resolves once every change of public content committed so far has emptied the app's public
   * cache. Needed after writing straight to the database: the triggers' NOTIFY reaches the app
   * a moment later on PostgreSQL (in order of commit), so without it a read may still get the
   * cached answer, or a cache primed just now may be emptied by a late notification.
   */
  contentSettled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Quick retries for tests: a failed job runs again about one second later. Idle workers poll every
 * 0.5 s, and a job sent by the app wakes its worker at once.
 */
export const TEST_JOB_OPTIONS: JobQueueOptions = {
  pollingIntervalSeconds: 0.5,
  retryDelay: 1,
  retryBackoff: false,
  retryLimit: 5,
  stopTimeoutMs: 2000,
};

let sourceRenderer: Promise<PageRenderer> | undefined;

/** The web app's server renderer, imported from source (Vitest transforms the TSX). */
export function webSourceRenderer(): Promise<PageRenderer> {
  const entry = path.join(webRootDir(), 'src', 'entry-server.tsx');
  return (sourceRenderer ??= import(/* @vite-ignore */ entry).then(
    (module: { render: SsrRender }) => moduleRenderer(module.render),
  ));
}

/**
 * A built app on a fresh database, with a started job queue (`options.jobs` tunes it) and, unless
 * `env.DATA_DIR` is given, a temporary DATA_DIR: e-mails land in `mailDir` (SMTP_URL unset).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    jobs?: JobQueueOptions;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // The app's listeners, seen by contentSettled() once each notification is handled.
  const handled = new EventEmitter();
  const listen = database.listen.bind(database);
  database.listen = (channel, onNotify, onReconnect) =>
    listen(
      channel,
      (payload) => {
        onNotify(payload);
        handled.emit(channel, payload);
      },
      onReconnect,
    );
  const temporaryDir = options.env?.DATA_DIR
    ? undefined
    : mkdtempSync(path.join(tmpdir(), 'ad-test-data-'));
  const config = testConfig({
    RATE_LIMIT_ENABLED: 'false',
    ...(temporaryDir ? { DATA_DIR: temporaryDir } : {}),
    ...options.env,
  });
  const logger = options.deps?.logger ?? createLogger(config);
  const jobs =
    options.deps?.jobs ??
    createJobQueue({ database, logger, options: { ...TEST_JOB_OPTIONS, ...options.jobs } });
  const app = await buildApp({
    config,
    database,
    logger,
    template: FIXTURE_TEMPLATE,
    distDir: '/nonexistent-web-dist',
    renderer: await webSourceRenderer(),
    ...options.deps,
    jobs,
  });
  await jobs.start();
  return {
    app,
    database,
    jobs,
    dataDir: config.DATA_DIR,
    mailDir: mailDir(config),
    contentSettled: async () => {
      const marker = `settled:${randomUUID()}`;
      const arrived = new Promise<void>((resolve) => {
        const onPayload = (payload: string) => {
          if (payload !== marker) return;
          handled.off(PUBLIC_CONTENT_CHANNEL, onPayload);
          resolve();
        };
        handled.on(PUBLIC_CONTENT_CHANNEL, onPayload);
      });
      await database.db.execute(sql`SELECT pg_notify(${PUBLIC_CONTENT_CHANNEL}, ${marker})`);
      await arrived;
    },
    close: async () => {
      await app.close();
      await jobs.stop();
      await database.close();
      if (temporaryDir) rmSync(temporaryDir, { recursive: true, force: true });
    },
  };
}

export async function createUser(
  database: TestDatabase,
  input: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const { password = 'Secret-Password-2026!', ...rest } = input;
  const [user] = await database.db
    .insert(users)
    .values({
      firstname: 'Camille',
      lastname: 'Martin',
      email: `camille.${Math.random().toString(36).slice(2)}@exemple.fr`,
      role: 'member',
      emailVerifiedAt: new Date(),
      ...rest,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { ...user, password };
}

/** Cookies of a response as a `cookie` request header value (later Set-Cookie wins). */
export function cookieHeader(
  response: LightMyRequestResponse,
  previous: Record<string, string> = {},
): Record<string, string> {
  const jar = { ...previous };
  for (const c of response.cookies as {
    name: string;
    value: string;
    maxAge?: number;
    expires?: Date;
  }[]) {
    const expired =
      c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
    if (expired) delete jar[c.name];
    else jar[c.name] = c.value;
  }
  return jar;
}

export function csrfFromHtml(html: string): string {
  const found = /<meta name="csrf-token" content="([^"]+)">/.exec(html);
  if (!found?.[1]) throw new Error('no csrf meta tag');
  return found[1];
}

export function pageConfigFromHtml(html: string): unknown {
  const found = /<script type="application\/json" id="page-config">(.*?)<\/script>/s.exec(html);
  if (!found?.[1]) throw new Error('no page config');
  return JSON.parse(found[1]);
}

/** Loads a page like a browser would and returns its cookies and CSRF token. */
export async function visit(app: FastifyInstance, url = '/', cookies: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, cookies });
  return {
    response,
    cookies: cookieHeader(response, cookies),
    csrf: response.statusCode === 200 ? csrfFromHtml(response.body) : '',
  };
}

/** Signs `user` in like the login form does; returns the browser's cookies. */
export async function signIn(
  app: FastifyInstance,
  user: { email: string; password: string },
): Promise<Record<string, string>> {
  const { cookies, csrf } = await visit(app, '/connexion');
  const response = await app.inject({
    method: 'POST',
    url: '/connexion',
    cookies,
    headers: { 'x-csrf-token': csrf },
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode}`);
  return cookieHeader(response, cookies);
}

/** A signed-in user, with its browser's cookies and the CSRF token of its pages. */
export interface TestSession {
  user: Awaited<ReturnType<typeof createUser>>;
  cookies: Record<string, string>;
  csrf: string;
}

/** Creates a user (`input`: its role…), signs it in and opens its dashboard, like a browser. */
export async function signedInAs(
  t: TestApp,
  input: Parameters<typeof createUser>[1] = {},
): Promise<TestSession> {
  const user = await createUser(t.database, input);
  const signed = await signIn(t.app, user);
  const { cookies, csrf } = await visit(t.app, '/mon-compte/tableau-de-bord', signed);
  return { user, cookies, csrf };
}

/** A file of `multipartBody`: its name and bytes (the type the browser would claim is optional). */
export interface TestFile {
  filename: string;
  bytes: Buffer;
  type?: string;
}

/**
 * A multipart body as a browser sends it, for `app.inject({ payload, headers })`: fields in
 * bracket notation (`logo_files[0][file]`), files as `TestFile`.
 */
export async function multipartBody(
  fields: Record<string, string | TestFile>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? '' }),
        value.filename,
      );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}
