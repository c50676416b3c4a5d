import {
  AUDIT_API_PATH,
  type AuditActors,
  type AuditList,
} from '@ad/contract/account/audit-history';
import { apiQuery } from '../../../lib/api-query.ts';

/** The filters of the page, as in its URL (and the API's query string). */
export const AUDIT_FILTERS = [
  'actor',
  'action',
  'subject_type',
  'subject_id',
  'from',
  'to',
] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];

export const auditQueries = {
  list: (filters: Partial<Record<AuditFilterName, string>>, page: number) =>
    apiQuery<AuditList>(AUDIT_API_PATH, { ...filters, page: page > 1 ? page : undefined }),
  actors: () => apiQuery<AuditActors>(`${AUDIT_API_PATH}/actors`),
};
