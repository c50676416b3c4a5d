import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, eq, ne } from 'drizzle-orm';
import {
  EXPORT_MESSAGES,
  EXPORT_REPORT_SUCCESS_MESSAGE,
  exportCriteriaSchema,
  type ExportCriteria,
  type ExportReportBody,
} from '@ad/contract/schemas';
import { exportRequests } from '../../db/schema/contact-us.ts';
import type { Config } from '../../env.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { JobLogger, JobQueue } from '../../platform/jobs/queue.ts';
import type { MailAttachment, Mailer } from '../../platform/mail/mailer.ts';
import { renderReportEmail, reportEmailSubject } from './export-report.email.tsx';
import {
  criteriaNames,
  loadItems,
  matchingIds,
  unknownCriteria,
  type ItemKind,
  type ReportItem,
} from './export-report.queries.ts';
import { parisDay } from '../../platform/paris-time.ts';
import { marianneFont, renderPdfFile } from './pdf-renderer.ts';
import { criteriaLines, periodRange, reportContext, ReportTally } from './report-model.ts';
import { reportPdf } from './report-pdf.tsx';
import { createXlsxReport } from './report-xlsx.ts';

export const EXPORT_REPORT_JOB = 'export-report.generate';

/** Items read per query (with one query per list relation each). */
export const REPORT_BATCH_SIZE = 500;
/** Spreadsheet rows written between two yields to the event loop. */
const XLSX_ROWS_PER_SLICE = 100;
/** The PDF lists at most this many items (the spreadsheet has them all). */
export const PDF_ITEMS_MAX = 5000;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Folder of the generated reports (kept: the mail job reads them when the message leaves). */
export const reportsDir = (config: Pick<Config, 'DATA_DIR'>) =>
  path.join(config.DATA_DIR, 'reports');

/**
 * How long the files of a report stay under DATA_DIR/reports: longer than the mail job's retries
 * (about 11 hours), short enough not to keep copies of the data around.
 */
export const REPORT_FILES_RETENTION_MS = 7 * 86_400_000;
export const DELETE_OLD_REPORTS_JOB = 'export-report.delete-old-files';

/** Deletes the report files (and partial files of crashed runs) older than the retention. */
export async function deleteOldReportFiles(
  config: Pick<Config, 'DATA_DIR'>,
  now: Date,
): Promise<number> {
  const dir = reportsDir(config);
  const names = await readdir(dir).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now.getTime() - info.mtimeMs > REPORT_FILES_RETENTION_MS) {
      await rm(file, { force: true });
      deleted += 1;
    }
  }
  return deleted;
}

export type ExportReportService = ReturnType<typeof createExportReportService>;

/**
 * « Demander un rapport » (spec §3 export request): the request is stored and a job builds the
 * report (spreadsheet and PDF of the matching published initiatives and food procedures) and
 * e-mails it. No HTTP objects here.
 */
export function createExportReportService(deps: {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  logger: JobLogger;
}) {
  const { db, config, clock, jobs, mailer, logger } = deps;

  async function setStatus(
    id: number,
    values: Partial<Pick<typeof exportRequests.$inferInsert, 'status' | 'error' | 'processedAt'>>,
  ) {
    // A request once sent stays so, whatever a late second run of its job does.
    await db
      .update(exportRequests)
      .set(values)
      .where(and(eq(exportRequests.id, id), ne(exportRequests.status, 'sent')));
  }

  /**
   * Builds both files under DATA_DIR/reports: the items are read by batches of ids (each batch
   * one query plus one per list relation), written to the spreadsheet as they come and the event
   * loop is given back between batches; the PDF is laid out in a worker thread.
   */
  async function buildFiles(
    requestId: number,
    idsByKind: [ItemKind, number[]][],
    context: ReturnType<typeof reportContext>,
    lines: [string, string][],
  ) {
    const dir = reportsDir(config);
    await mkdir(dir, { recursive: true });
    const day = parisDay(context.createdAt);
    const base = path.join(dir, `rapport-${day}-${requestId}`);
    const files = { xlsx: `${base}.xlsx`, pdf: `${base}.pdf` };
    // One pair of partial files per run: two runs of one job never write into the same file.
    const run = randomBytes(4).toString('hex');
    const partial = { xlsx: `${files.xlsx}.${run}.partial`, pdf: `${files.pdf}.${run}.partial` };

    const tally = new ReportTally();
    const pdfItems: ReportItem[] = [];
    try {
      const xlsx = createXlsxReport(partial.xlsx, context);
      for (const [kind, ids] of idsByKind) {
        for (let i = 0; i < ids.length; i += REPORT_BATCH_SIZE) {
          const items = await loadItems(db, kind, ids.slice(i, i + REPORT_BATCH_SIZE));
          tally.add(items);
          for (const item of items) if (pdfItems.length < PDF_ITEMS_MAX) pdfItems.push(item);
          // Writing rows is synchronous work: a short slice at a time, then other requests run.
          for (let j = 0; j < items.length; j += XLSX_ROWS_PER_SLICE) {
            xlsx.addItems(items.slice(j, j + XLSX_ROWS_PER_SLICE));
            await yieldToEventLoop();
          }
        }
      }
      await xlsx.finish(lines);

      const font = marianneFont();
      await renderPdfFile(
        reportPdf({
          context,
          criteria: lines,
          counts: { initiatives: tally.initiatives, foodProcedures: tally.foodProcedures },
          byTheme: tally.byTheme(),
          byDepartement: tally.byDepartement(),
          items: pdfItems,
          total: tally.total,
          fontFamily: font ? font.family : 'Helvetica',
        }),
        partial.pdf,
        { fonts: font ? [font] : [] },
      );
      // Renamed once complete: the mail job never attaches half a file.
      await rename(partial.xlsx, files.xlsx);
      await rename(partial.pdf, files.pdf);
    } catch (error) {
      await Promise.all(Object.values(partial).map((f) => rm(f, { force: true })));
      throw error;
    }

    const name = `rapport-initiatives-${day}`;
    const attachments: MailAttachment[] = [
      { filename: `${name}.xlsx`, path: files.xlsx, contentType: XLSX_TYPE },
      { filename: `${name}.pdf`, path: files.pdf, contentType: 'application/pdf' },
    ];
    return { tally, attachments };
  }

  return {
    /** Stores the request and queues its job; unknown criteria are refused (422 per field). */
    async request(
      body: ExportReportBody,
      meta: { ip: string | null; userId: number | null },
    ): Promise<{ message: string }> {
      const criteria: ExportCriteria = {
        subthematics: body.subthematics,
        projectHolders: body.projectHolders,
        beneficiaries: body.beneficiaries,
        locations: body.locations,
        type: body.type,
        period: body.period,
      };
      const unknown = await unknownCriteria(db, criteria);
      const errors: Record<string, string[]> = {};
      for (const field of [
        'subthematics',
        'projectHolders',
        'beneficiaries',
        'locations',
      ] as const) {
        if (unknown[field].length) errors[field] = [EXPORT_MESSAGES[field]];
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);

      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(exportRequests)
          .values({
            email: body.email,
            filters: criteria,
            status: 'pending',
            ip: meta.ip,
            userId: meta.userId,
            createdAt: clock(),
          })
          .returning({ id: exportRequests.id });
        if (!row) throw new Error('export request not stored');
        // A failure is more likely a bug than a passing outage: a few retries, minutes apart.
        await jobs.send(
          EXPORT_REPORT_JOB,
          { requestId: row.id },
          { tx, retryLimit: 3, retryDelay: 30, retryBackoff: true },
        );
      });
      return { message: EXPORT_REPORT_SUCCESS_MESSAGE };
    },

    /** The job: builds the report of a request and queues its e-mail. Idempotent once sent. */
    async generate(requestId: number): Promise<void> {
      const [request] = await db
        .select()
        .from(exportRequests)
        .where(eq(exportRequests.id, requestId))
        .limit(1);
      if (!request) {
        logger.warn({ requestId }, 'export request not found');
        return;
      }
      if (request.status === 'sent') return;
      const started = Date.now();
      await setStatus(request.id, { status: 'processing', error: null });

      try {
        const criteria = exportCriteriaSchema.parse(request.filters);
        const context = reportContext(config, request.createdAt);
        const lines = criteriaLines(criteria, await criteriaNames(db, criteria), request.createdAt);
        const range = periodRange(criteria.period, request.createdAt);
        const kinds: ItemKind[] =
          criteria.type === 'all'
            ? ['initiative', 'foodProcedure']
            : [criteria.type === 'initiatives' ? 'initiative' : 'foodProcedure'];
        const idsByKind: [ItemKind, number[]][] = [];
        for (const kind of kinds) {
          idsByKind.push([kind, await matchingIds(db, kind, criteria, range)]);
        }
        const total = idsByKind.reduce((sum, [, ids]) => sum + ids.length, 0);

        const built = total > 0 ? await buildFiles(request.id, idsByKind, context, lines) : null;
        const counts = {
          initiatives: built?.tally.initiatives ?? 0,
          foodProcedures: built?.tally.foodProcedures ?? 0,
        };
        const attachments = built?.attachments ?? [];
        const body = await renderReportEmail({
          context,
          criteria: lines,
          counts,
          attachments: attachments.map((a) => a.filename),
        });
        // The status change and the message commit together, and only the run that moves the
        // request to 'sent' queues it: neither a retry nor a second run at the same time (a job
        // taken again after its expiry) mails twice.
        await db.transaction(async (tx) => {
          const claimed = await tx
            .update(exportRequests)
            .set({ status: 'sent', error: null, processedAt: clock() })
            .where(and(eq(exportRequests.id, request.id), ne(exportRequests.status, 'sent')))
            .returning({ id: exportRequests.id });
          if (claimed.length === 0) return;
          await mailer.queue(
            {
              to: request.email,
              subject: reportEmailSubject(context, counts.initiatives + counts.foodProcedures),
              ...body,
              ...(attachments.length ? { attachments } : {}),
            },
            { tx },
          );
        });
        logger.info(
          { requestId, ...counts, ms: Date.now() - started },
          'export report built and queued',
        );
      } catch (error) {
        await setStatus(request.id, {
          status: 'failed',
          error: String(error instanceof Error ? error.message : error).slice(0, 2000),
          processedAt: clock(),
        }).catch(() => undefined);
        throw error;
      }
    },
  };
}
