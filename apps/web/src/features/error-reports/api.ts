import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_API_PATH } from '@ad/contract/account/audit-history';
import {
  ERROR_REPORTS_API_PATH,
  errorReportResolvePath,
  type ErrorReportItemType,
  type ErrorReportResolveResponse,
  type TeamErrorReportList,
} from '@ad/contract/error-reports';
import { api } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/api-query.ts';

/** The team's reads: the open reports, all of them or those of one item. */
export const errorReportQueries = {
  open: ({ page, type, id }: { page: number; type?: ErrorReportItemType; id?: number }) =>
    apiQuery<TeamErrorReportList>(ERROR_REPORTS_API_PATH, {
      type,
      id,
      page: page > 1 ? page : undefined,
    }),
};

export const resolveErrorReport = (id: number): Promise<string> =>
  api.post<ErrorReportResolveResponse>(errorReportResolvePath(id)).then((result) => result.message);

/** After a report is dealt with, the lists (the page's and the items' panels) and the history. */
export function invalidateErrorReports(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = String(query.queryKey[0]);
      return path.startsWith(ERROR_REPORTS_API_PATH) || path.startsWith(AUDIT_API_PATH);
    },
  });
}
