import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EXPORT_REPORT_PATH,
  EXPORT_REPORT_SUCCESS_MESSAGE,
  exportReportBodySchema,
  messageResponseSchema,
} from '@ad/contract/schemas';
import type { Config } from '../../env.ts';
import { honeypotFilled } from '../../platform/captcha/index.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import {
  createExportReportService,
  DELETE_OLD_REPORTS_JOB,
  deleteOldReportFiles,
  EXPORT_REPORT_JOB,
} from './export-report.service.ts';

/**
 * POST /api/export-report (spec §7): an anonymous form with a captcha (checked before
 * validation) and a honeypot (filled: the same answer, nothing done), in the forms' rate-limit
 * tier. The answer comes at once; the report is built and mailed by the job registered here.
 */
export const exportReportRoutes: FastifyPluginAsync<{
  config: Config;
  db: AppDatabase;
  clock: Clock;
}> = async (app, { config, db, clock }) => {
  const service = createExportReportService({
    db,
    config,
    clock,
    jobs: app.jobs,
    mailer: app.mailer,
    logger: app.log,
  });
  await app.jobs.work<{ requestId: number }>(EXPORT_REPORT_JOB, (data) =>
    service.generate(data.requestId),
  );
  await app.jobs.work(DELETE_OLD_REPORTS_JOB, async () => {
    await deleteOldReportFiles(config, clock());
  });
  await app.jobs.schedule(DELETE_OLD_REPORTS_JOB, '41 3 * * *');

  app.withTypeProvider<ZodTypeProvider>().post(
    EXPORT_REPORT_PATH,
    {
      preValidation: app.captcha.guard,
      schema: { body: exportReportBodySchema, response: { 200: messageResponseSchema } },
      ...routeRateLimit(config, 'auth'),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (honeypotFilled(request.body)) return { message: EXPORT_REPORT_SUCCESS_MESSAGE };
      return service.request(request.body, {
        ip: request.ip ?? null,
        userId: request.user?.id ?? null,
      });
    },
  );
};
