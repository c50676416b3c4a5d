import { pathTo } from '@ad/contract';
import type { ErrorReportItemType, TeamErrorReport } from '@ad/contract/error-reports';
import { MODERATION_TYPE_LABELS } from '@ad/contract/account/moderation';
import type { ErrorReportSubject, OpenReportRow } from './error-reports.queries.ts';

/** The moderation API's name of a reported type (`/moderation/{type}/{id}`). */
export const ITEM_TYPE_OF: Record<ErrorReportSubject, ErrorReportItemType> = {
  initiative: 'initiatives',
  food_procedure: 'food_procedures',
};

export const SUBJECT_OF: Record<ErrorReportItemType, ErrorReportSubject> = {
  initiatives: 'initiative',
  food_procedures: 'food_procedure',
};

export function presentErrorReport(row: OpenReportRow): TeamErrorReport {
  const type = ITEM_TYPE_OF[row.subjectType];
  const exists = row.title !== null;
  return {
    id: row.id,
    message: row.message,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    item: {
      type,
      type_label: MODERATION_TYPE_LABELS[type],
      id: row.subjectId,
      title: row.title,
      moderation_status: row.moderationStatus,
      public_path:
        row.moderationStatus === 'published'
          ? pathTo('initiative-item', {
              selectedResourceType: row.subjectType === 'initiative' ? 'initiative' : 'demarche',
              selectedResource: row.subjectId,
            })
          : null,
      review_path: exists ? pathTo('moderation.item', { type, id: row.subjectId }) : null,
    },
    item_open_reports: row.itemOpenReports,
  };
}
