import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FRESHNESS_FLAG_REASONS,
  INITIATIVE_UP_TO_DATE_HASH,
  INITIATIVE_UP_TO_DATE_PATH,
  UPKEEP_FRESHNESS_API_PATH,
  UPKEEP_RETENTION_API_PATH,
} from '@ad/contract/account/upkeep';
import type { Config } from '../../env.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { registerEmailLinkRoutes } from '../../platform/email-link-routes.ts';
import { restrictTo, TEAM_ROLES } from '../moderation/team-access.ts';
import { createUpkeepEmails } from './content-freshness.emails.tsx';
import { confirmUpToDate } from './freshness-confirm.ts';
import { registerFreshnessJob } from './freshness-job.ts';
import { linkRefusedPage } from './link-refused-page.ts';
import { registerRetentionJob } from './retention-job.ts';
import { freshnessFlags, retentionSchedule } from './upkeep-lists.ts';
import { registerUpkeepMailJob } from './upkeep-mail.ts';

export interface ContentFreshnessRoutesOptions {
  config: Config;
  db: AppDatabase;
  clock: Clock;
}

const pageQuery = z.object({
  page: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'La page est invalide.' })
      .int({ error: 'La page est invalide.' })
      .min(1, { error: 'La page est invalide.' })
      .max(100_000, { error: 'La page est invalide.' })
      .default(1),
  ),
});

const freshnessQuery = pageQuery.extend({
  reason: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(FRESHNESS_FLAG_REASONS, { error: 'Le motif est invalide.' }).optional(),
  ),
});

/**
 * Keeping the map true over time (issue 10): the daily freshness and retention jobs, the POST of
 * the signed « still up to date » link of their e-mails (no sign-in; the link opens the web app's
 * page 'initiative-up-to-date', whose button posts), and the team's two lists of « Suivi des
 * contenus ».
 */
export const contentFreshnessRoutes: FastifyPluginAsync<ContentFreshnessRoutesOptions> = async (
  app,
  { config, db, clock },
) => {
  const emails = createUpkeepEmails(config);
  await registerUpkeepMailJob(app.jobs, {
    db,
    config,
    emails,
    mailer: app.mailer,
    logger: app.log,
  });
  await registerFreshnessJob({ db, clock, config, jobs: app.jobs });
  await registerRetentionJob({
    db,
    clock,
    config,
    jobs: app.jobs,
    fileStore: app.fileStore,
    contentChanged: () => app.publicCache.invalidate(),
  });

  // The link of the e-mails opens a page whose button posts here (platform/email-link-routes.ts).
  await registerEmailLinkRoutes(app, config, {
    [INITIATIVE_UP_TO_DATE_PATH]: async (request, reply) => {
      const outcome = await confirmUpToDate(
        { db, config },
        { id: request.params.id ?? '', query: request.query, ip: request.ip ?? null },
        clock(),
      );
      if (outcome === 'confirmed') return reply.redirect(`/#${INITIATIVE_UP_TO_DATE_HASH}`, 303);
      const page = linkRefusedPage(outcome, config.APP_NAME);
      return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
    },
  });

  await app.register(async (team) => {
    restrictTo(team, TEAM_ROLES);
    const typed = team.withTypeProvider<ZodTypeProvider>();
    typed.get(
      UPKEEP_FRESHNESS_API_PATH,
      { schema: { querystring: freshnessQuery } },
      async (request) => freshnessFlags(db, config, clock(), request.query),
    );
    typed.get(UPKEEP_RETENTION_API_PATH, { schema: { querystring: pageQuery } }, async (request) =>
      retentionSchedule(db, config, clock(), request.query.page),
    );
  });
};
