import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  FIELD_INVALID_MESSAGE,
  FOOD_PROCEDURES_API_PATH,
  INITIATIVES_API_PATH,
  MAP_DETAIL_TYPES,
} from '@ad/contract';
import type { Config } from '../../env.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { ValidationError } from '../../platform/errors.ts';
import { etagMatches } from '../../platform/http-cache.ts';
import { PUBLIC_JSON_MAX_AGE_SECONDS } from '../../platform/public-cache/response-cache.ts';
import {
  createItemSheetsService,
  DELETE_STALE_SHEETS_JOB,
  ITEM_SHEET_JOB,
  SheetNotReadyError,
  type ItemSheetJob,
} from './item-sheets.service.ts';

const invalid = { error: FIELD_INVALID_MESSAGE };

/** An id of the path: decimal digits of a positive 32-bit integer (as the detail's route). */
const idParam = z
  .string(invalid)
  .regex(/^\d{1,10}$/, invalid)
  .transform(Number)
  .pipe(z.number().int(invalid).min(1, invalid).max(2_147_483_647, invalid));

/**
 * A sheet is the same bytes for as long as its item does not change, and a change gives it a
 * new ETag: browsers and proxies keep it as briefly as the public JSON, then revalidate.
 */
const SHEET_CACHE_CONTROL = `public, max-age=${PUBLIC_JSON_MAX_AGE_SECONDS}`;

/**
 * GET /api/initiatives/{id}/pdf and GET /api/food_procedures/{id}/pdf (`pdf_url` of the detail,
 * contract mapItemPdfPath): the PDF sheet of a published item, anonymous. Served from its stored
 * file; when the item's current version has none yet, the job registered here makes it while the
 * request waits (503 with Retry-After when it takes too long).
 */
export const itemSheetsRoutes: FastifyPluginAsync<{
  config: Config;
  db: AppDatabase;
  /** Tests: a shorter wait for the job. */
  waitMs?: number;
}> = async (app, { config, db, waitMs }) => {
  const sheets = createItemSheetsService({
    db,
    config,
    jobs: app.jobs,
    logger: app.log,
    storage: app.fileStorage,
    ...(waitMs !== undefined ? { waitMs } : {}),
  });
  // 'short': at most one waiting job per item (singletonKey), whatever the number of requests.
  await app.jobs.work<ItemSheetJob>(ITEM_SHEET_JOB, (data) => sheets.render(data.type, data.id), {
    policy: 'short',
  });
  await app.jobs.work(DELETE_STALE_SHEETS_JOB, async () => {
    const deleted = await sheets.deleteStale();
    app.log.info({ deleted }, 'stale item sheets deleted');
  });
  await app.jobs.schedule(DELETE_STALE_SHEETS_JOB, '29 4 * * *');

  for (const type of MAP_DETAIL_TYPES) {
    const base = type === 'initiative' ? INITIATIVES_API_PATH : FOOD_PROCEDURES_API_PATH;
    app.get(`${base}/:id/pdf`, async (request, reply) => {
      const parsed = idParam.safeParse((request.params as { id: string }).id);
      if (!parsed.success) throw new ValidationError({ id: [FIELD_INVALID_MESSAGE] });
      // Twice at most: a new version may replace the file between its lookup and its reading.
      for (let attempt = 1; ; attempt++) {
        let sheet;
        try {
          sheet = await sheets.sheet(type, parsed.data);
        } catch (error) {
          if (!(error instanceof SheetNotReadyError)) throw error;
          return reply
            .code(503)
            .header('Retry-After', String(error.retryAfterSeconds))
            .header('Cache-Control', 'no-store')
            .send(error.toBody());
        }
        reply
          .header('Cache-Control', SHEET_CACHE_CONTROL)
          .header('ETag', sheet.etag)
          .header('Content-Disposition', `inline; filename="${sheet.fileName}"`);
        if (etagMatches(request.headers['if-none-match'], sheet.etag)) {
          return reply.code(304).send();
        }
        const pdf = await readFile(sheet.file).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT' && attempt < 2) return null;
          throw error;
        });
        if (pdf) return reply.type('application/pdf').send(pdf);
      }
    });
  }
};
