import { createRequire } from 'node:module';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino, type DestinationStream, type Logger } from 'pino';
import { z } from 'zod';
import type { Config } from './env.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { userAccountRoutes } from './modules/user-account/user-account.routes.ts';
import { userPublicationsRoutes } from './modules/user-publications/user-publications.routes.ts';
import { userProjectsRoutes } from './modules/user-projects/user-projects.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { contentFreshnessRoutes } from './modules/content-freshness/content-freshness.routes.ts';
import { teamSettingsRoutes } from './modules/team-settings/team-settings.routes.ts';
import { teamContentRoutes } from './modules/team-content/team-content.routes.ts';
import { teamUsersRoutes } from './modules/team-users/team-users.routes.ts';
import { auditHistoryRoutes } from './modules/audit-history/audit-history.routes.ts';
import { errorReportsRoutes } from './modules/error-reports/error-reports.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { homepageRoutes } from './modules/homepage/homepage.routes.ts';
import { createAccountEmails } from './modules/accounts/accounts.emails.tsx';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { exportReportRoutes } from './modules/export-report/export-report.routes.ts';
import { geoSearchRoutes } from './modules/geo-search/geo-search.routes.ts';
import { itemSheetsRoutes } from './modules/item-sheets/item-sheets.routes.ts';
import { registerAuth } from './platform/auth/plugin.ts';
import { createUserTokens } from './platform/auth/user-tokens.ts';
import { registerCaptcha } from './platform/captcha/plugin.ts';
import { createSessionStore } from './platform/auth/sessions.ts';
import { contentSecurityPolicy } from './platform/csp.ts';
import { systemClock, type Clock, type DatabaseHandle } from './platform/database.ts';
import { MESSAGES } from './platform/errors.ts';
import { registerNulCharacterGuard } from './platform/nul-characters.ts';
import { errorHandler } from './platform/error-handler.ts';
import { registerUploads } from './platform/uploads/plugin.ts';
import { sendBuildFilesAsBuilt } from './platform/html-shell/build-files.ts';
import { registerHtmlShell } from './platform/html-shell/plugin.ts';
import {
  distTemplate,
  staticTemplate,
  viteTemplate,
  type TemplateSource,
} from './platform/html-shell/template.ts';
import { registerHttpCache } from './platform/http-cache.ts';
import { registerDevMails } from './platform/dev-mails.ts';
import { registerJobs } from './platform/jobs/plugin.ts';
import { unavailableJobQueue, type JobQueue } from './platform/jobs/queue.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { webDistDir, webRootDir, webSsrDistDir } from './platform/paths.ts';
import { registerRateLimit } from './platform/rate-limit.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerPublicCacheHook } from './platform/public-cache/hook.ts';
import { openFrontDoor } from './platform/public-cache/front-door.ts';
import { PublicResponseCache } from './platform/public-cache/response-cache.ts';
import { CacheWarmer, warmThroughApp } from './platform/public-cache/cache-warmer.ts';
import { PublicReads } from './platform/public-reads.ts';
import { distRenderer, viteRenderer, type PageRenderer } from './platform/ssr/renderer.ts';
import { faqRoutes } from './modules/faq/faq.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { resourcesRoutes } from './modules/resources/resources.routes.ts';
import { mapsRoutes } from './modules/maps/maps.routes.ts';
import { postsRoutes } from './modules/posts/posts.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { glossaryRoutes } from './modules/glossary/glossary.routes.ts';
import { teamMembersRoutes } from './modules/team-members/team-members.routes.ts';
import { contactUsRoutes } from './modules/contact-us/contact-us.routes.ts';
import { createContactUsEmails } from './modules/contact-us/contact-us.emails.tsx';
import { createContactUsService } from './modules/contact-us/contact-us.service.ts';
import { contactsRoutes } from './modules/contacts/contacts.routes.ts';
import { createContactsEmails } from './modules/contacts/contacts.emails.tsx';
import { createContactsService } from './modules/contacts/contacts.service.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { createNewsletterEmails } from './modules/newsletter/newsletter.emails.tsx';
import { createNewsletterService } from './modules/newsletter/newsletter.service.ts';

// French messages for every zod schema without its own message (server side).
z.config(z.locales.fr());

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: Logger;
  clock?: Clock;
  /** HTML shell template; default: apps/web/dist/index.html (or Vite's index.html with VITE_DEV). */
  template?: TemplateSource | string;
  /** Built web app folder; default apps/web/dist. */
  distDir?: string;
  /**
   * Server renderer of the web app; default: the SSR build (apps/web/dist-ssr), or Vite's with
   * VITE_DEV. null: the HTML shell alone.
   */
  renderer?: PageRenderer | null;
  /**
   * Durable job queue (platform/jobs), created and started by main.ts / createTestApp; buildApp
   * only registers handlers. Default: none (sending a job throws).
   */
  jobs?: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Anonymous public answers. A service that changes public content empties it right after its
     * commit (`contentChanged: () => app.publicCache.invalidate()`); the database's NOTIFY
     * empties it on every instance.
     */
    publicCache: PublicResponseCache;
    /** Fills the public cache again after a change (its `idle()` for tests). */
    cacheWarmer: CacheWarmer;
  }
}

/** NOTIFY channel of the triggers of migration 0002 (public content changed). */
export const PUBLIC_CONTENT_CHANNEL = 'public_content_changed';

/**
 * Quiet time after a change of the public content before the cache is filled again: a
 * publication commits and notifies several times within a few milliseconds.
 */
const CACHE_WARM_DELAY_MS = 1000;

/**
 * The secret values an address may carry: the token of an e-mail link (a password reset is
 * valid an hour), the signature of a freshness link. Logs are read by more people than the
 * database: their values are never written there.
 */
const SECRET_PARAMS = /([?&](?:token|signature)=)[^&#]*/gi;

export const addressForLog = (url: string): string => url.replace(SECRET_PARAMS, '$1[secret]');

/** A request as the log shows it: Fastify's own fields, the address without its secrets. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: addressForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's logger; `destination`: where its lines go (standard output by default; tests). */
export function createLogger(config: Config, destination?: DestinationStream): Logger {
  const options = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
    serializers: { req: requestForLog },
  };
  if (config.NODE_ENV === 'development' && isInstalled('pino-pretty')) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true } } });
  }
  return destination ? pino(options, destination) : pino(options);
}

function isInstalled(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const viteDev = config.VITE_DEV && config.NODE_ENV === 'development';

  const app: FastifyInstance = Fastify({
    loggerInstance: (deps.logger ?? createLogger(config)) as FastifyBaseLogger,
    // A hop count is supported at run time (proxy-addr) but missing from the types.
    trustProxy: config.TRUST_PROXY as boolean | string[],
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler(errorHandler(config.APP_NAME));
  registerNulCharacterGuard(app);

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MESSAGES.notFound }));

  await app.register(cookie);
  const securityHeaders = registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, { viteDev }),
    },
    // Tiles and embedded videos come from other origins.
    crossOriginEmbedderPolicy: false,
    // Tile servers (OpenStreetMap France) require a Referer; send only the origin cross-site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense behind TLS.
    strictTransportSecurity: config.secureCookies
      ? { maxAge: 31_536_000, includeSubDomains: false }
      : false,
  });
  registerHttpCache(app); // before compression: the ETag is computed on the plain body
  sendBuildFilesAsBuilt(app); // before compression, which it turns off for the build's files
  await app.register(compress, { global: true, threshold: 1024 });
  const readLimit = await registerRateLimit(app, { config, db: database.db, clock });

  // Anonymous public answers, emptied on every change of public content: by the services of
  // this instance at once, and by the database triggers' NOTIFY for every instance.
  const cache = new PublicResponseCache({ enabled: !viteDev });
  const reads = new PublicReads();
  app.decorate('publicCache', cache);
  const unlisten = await database.listen(
    PUBLIC_CONTENT_CHANNEL,
    () => cache.invalidate(),
    () => {
      // Notifications may have been missed while reconnecting.
      cache.resume();
      app.log.info('public cache: listening to content changes again, cache on');
    },
    (error) => {
      // Another instance's change would go unheard: nothing is cached until it listens again.
      cache.pause();
      app.log.warn({ err: error }, 'public cache: content changes no longer heard, cache off');
    },
  );
  app.addHook('onClose', async () => unlisten());
  registerPublicCacheHook(app, { cache, config });
  openFrontDoor(app, { cache, config, securityHeaders, readLimit, log: app.log });
  // What the cache held is computed again in the background after a change (decision 0005).
  const cacheWarmer = new CacheWarmer({
    cache,
    maxEntries: config.PUBLIC_CACHE_WARM_ENTRIES,
    delayMs: CACHE_WARM_DELAY_MS,
    get: warmThroughApp(app, cache),
    onError: (error, key) =>
      app.log.warn({ err: error, url: addressForLog(key) }, 'public cache: warming failed'),
  });
  cache.onEmptied((entries) => cacheWarmer.emptied(entries));
  app.decorate('cacheWarmer', cacheWarmer);
  // Before Fastify refuses new requests: a round's next answer would fail.
  app.addHook('preClose', async () => cacheWarmer.close());

  let template: TemplateSource;
  if (typeof deps.template === 'string') template = staticTemplate(deps.template);
  else if (deps.template) template = deps.template;
  else template = distTemplate(deps.distDir ?? webDistDir());
  let renderer =
    deps.renderer !== undefined
      ? deps.renderer
      : viteDev
        ? null
        : await distRenderer(deps.distDir ?? webDistDir(), webSsrDistDir());

  if (viteDev && !deps.template) {
    const [{ default: middie }, { createServer }] = await Promise.all([
      import('@fastify/middie'),
      import('vite'),
    ]);
    const vite = await createServer({
      root: webRootDir(),
      server: { middlewareMode: true, ws: { server: app.server } },
      appType: 'custom',
      plugins: [
        {
          // vite.config.ts proxies /api etc. to the API server for a standalone `vite`; inside
          // this server that proxy would loop back to ourselves, so drop it.
          name: 'ad-no-proxy-in-middleware-mode',
          configResolved(resolved) {
            (resolved.server as { proxy?: unknown }).proxy = undefined;
          },
        },
      ],
    });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => vite.close());
    template = viteTemplate(vite, webRootDir());
    if (deps.renderer === undefined) renderer = viteRenderer(vite);
  }

  const sessionStore = createSessionStore({
    db: database.db,
    clock,
    lifetimeMinutes: config.SESSION_LIFETIME_MINUTES,
    rememberDays: config.SESSION_REMEMBER_DAYS,
  });
  await registerAuth(app, { config, store: sessionStore });
  await registerCaptcha(app, { config, db: database.db, clock });

  const jobs = deps.jobs ?? unavailableJobQueue();
  await registerJobs(app, {
    jobs,
    mailer: createMailer({ jobs, config, logger: app.log }),
    config,
    db: database.db,
    clock,
  });
  await registerDevMails(app, { config });
  await registerUploads(app, { config, db: database.db, clock });

  app.get('/healthz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await database.ping();
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'error', database: 'unavailable' });
    }
  });

  await app.register(teamMembersRoutes, { db: database.db, reads, cache });
  await app.register(faqRoutes, { db: database.db, reads, cache });
  await app.register(searchRoutes, { db: database.db, reads, cache });
  await app.register(resourcesRoutes, { db: database.db, reads, cache });
  await app.register(mapsRoutes, { db: database.db, reads, cache });
  await app.register(postsRoutes, { db: database.db, reads, cache });
  await app.register(eventsRoutes, { db: database.db, clock, reads, cache });
  await app.register(glossaryRoutes, { db: database.db, reads, cache });
  const accountEmails = createAccountEmails(config);
  const accounts = createAccountsService({
    db: database.db,
    clock,
    config,
    tokens: createUserTokens({ db: database.db, clock }),
    sessions: sessionStore,
    jobs: app.jobs,
    mailer: app.mailer,
    emails: accountEmails,
  });
  await app.register(accountsRoutes, { config, accounts });
  await app.register(exportReportRoutes, { config, db: database.db, clock });
  await app.register(itemSheetsRoutes, { config, db: database.db });
  await app.register(geoSearchRoutes, { config, db: database.db });
  const contactUs = createContactUsService({
    db: database.db,
    config,
    mailer: app.mailer,
    emails: createContactUsEmails(config),
  });
  await app.register(contactUsRoutes, { config, db: database.db, clock, contactUs, reads, cache });
  const contacts = createContactsService({
    db: database.db,
    mailer: app.mailer,
    emails: createContactsEmails(config),
  });
  await app.register(contactsRoutes, { config, db: database.db, contacts, reads, cache });
  const newsletter = createNewsletterService({
    db: database.db,
    clock,
    config,
    jobs: app.jobs,
    mailer: app.mailer,
    emails: createNewsletterEmails(config),
  });
  await app.register(newsletterRoutes, { config, newsletter });
  const userRoutesOptions = { config, db: database.db, clock, sessions: sessionStore };
  await app.register(userAccountRoutes, { ...userRoutesOptions, emails: accountEmails });
  await app.register(userPublicationsRoutes, userRoutesOptions);
  await app.register(userProjectsRoutes, userRoutesOptions);
  await app.register(moderationRoutes, { config, db: database.db, clock });
  await app.register(contentFreshnessRoutes, { config, db: database.db, clock });
  await app.register(teamSettingsRoutes, { config, db: database.db, clock });
  await app.register(teamContentRoutes, { config, db: database.db });
  await app.register(teamUsersRoutes, { config, db: database.db, clock });
  await app.register(auditHistoryRoutes, { db: database.db });
  await app.register(errorReportsRoutes, { config, db: database.db, clock });
  await app.register(seoRoutes, { config, db: database.db });
  await app.register(homepageRoutes, { db: database.db, reads, cache });

  await registerHtmlShell(app, {
    config,
    db: database.db,
    template,
    renderer,
    reads,
    cache,
    distDir: viteDev && !deps.template ? null : (deps.distDir ?? webDistDir()),
  });

  await app.ready();
  return app;
}
