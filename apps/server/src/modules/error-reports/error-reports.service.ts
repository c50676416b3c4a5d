import type { MapDetailType } from '@ad/contract';
import {
  ERROR_REPORT_MESSAGES,
  ERROR_REPORTS_API_PATH,
  ERROR_REPORTS_PER_PAGE,
  type ErrorReportItemType,
  type ErrorReportResolveResponse,
  type TeamErrorReportList,
} from '@ad/contract/error-reports';
import { recordAudit } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { pageLink, pageRequest, paginate } from '../../platform/pagination.ts';
import { presentErrorReport, SUBJECT_OF } from './error-reports.presenter.ts';
import {
  findPublishedTitle,
  findTitle,
  insertErrorReport,
  listOpenReports,
  lockReport,
  markResolved,
  type ErrorReportSubject,
} from './error-reports.queries.ts';
import type { ErrorReportBody } from './error-reports.schemas.ts';

/** Audit actions of this module; the subject is the report (`error_report`, its id). */
export const ERROR_REPORT_AUDIT = {
  create: 'error_report.create',
  resolve: 'error_report.resolve',
} as const;

const SUBJECT_OF_DETAIL: Record<MapDetailType, ErrorReportSubject> = {
  initiative: 'initiative',
  demarche: 'food_procedure',
};

/** Who sent the report, as the request tells it. */
export interface Reporter {
  userId: number | null;
  ip: string | null;
}

export interface Actor {
  user: SessionUser;
  ip: string | null;
}

/**
 * « Signaler une erreur » (issue 10): visitors report a mistake on a published initiative or
 * procedure; the team lists the open reports and marks them dealt with. Each change is one
 * transaction with its audit event. No public content changes here: nothing to purge.
 */
export function createErrorReportsService(deps: { db: AppDatabase; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** Only a published item can be reported (404 otherwise, as its public detail). */
    async report(
      type: MapDetailType,
      id: number,
      body: ErrorReportBody,
      reporter: Reporter,
    ): Promise<{ message: string }> {
      const subject = SUBJECT_OF_DETAIL[type];
      await db.transaction(async (tx) => {
        const title = await findPublishedTitle(tx, subject, id);
        if (title === null) throw notFound(ERROR_REPORT_MESSAGES.notFound);
        const reportId = await insertErrorReport(tx, {
          subjectType: subject,
          subjectId: id,
          email: body.email ?? null,
          message: body.message,
          createdAt: clock(),
        });
        await recordAudit(tx, {
          actorId: reporter.userId,
          action: ERROR_REPORT_AUDIT.create,
          subjectType: 'error_report',
          subjectId: reportId,
          data: { item_type: subject, item_id: id, title },
          ip: reporter.ip,
        });
      });
      return { message: ERROR_REPORT_MESSAGES.sent };
    },

    /** Open reports, newest first; `type` and `id` narrow them to one type or one item. */
    async list(
      filter: { type?: ErrorReportItemType; id?: number },
      page: number,
    ): Promise<TeamErrorReportList> {
      const request = pageRequest(page, ERROR_REPORTS_PER_PAGE);
      const { rows, total } = await listOpenReports(
        db,
        { subject: filter.type ? SUBJECT_OF[filter.type] : undefined, subjectId: filter.id },
        request,
      );
      const link = pageLink(ERROR_REPORTS_API_PATH, { type: filter.type, id: filter.id });
      return paginate(rows.map(presentErrorReport), total, request, link);
    },

    /** Marks the report dealt with (once: a second time changes nothing and says so). */
    async resolve(id: number, actor: Actor): Promise<ErrorReportResolveResponse> {
      return db.transaction(async (tx) => {
        const report = await lockReport(tx, id);
        if (!report) throw notFound();
        if (report.resolvedAt) return { message: ERROR_REPORT_MESSAGES.alreadyResolved };
        await markResolved(tx, id, actor.user.id, clock());
        await recordAudit(tx, {
          actorId: actor.user.id,
          action: ERROR_REPORT_AUDIT.resolve,
          subjectType: 'error_report',
          subjectId: id,
          data: {
            item_type: report.subjectType,
            item_id: report.subjectId,
            title: await findTitle(tx, report.subjectType, report.subjectId),
          },
          ip: actor.ip,
        });
        return { message: ERROR_REPORT_MESSAGES.resolved };
      });
    },
  };
}

export type ErrorReportsService = ReturnType<typeof createErrorReportsService>;
