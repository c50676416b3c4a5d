import {
  UPKEEP_FRESHNESS_API_PATH,
  UPKEEP_RETENTION_API_PATH,
  type FreshnessFlags,
  type RetentionSchedule,
} from '@ad/contract/account/upkeep';
import { apiQuery } from '../../../lib/api-query.ts';

export const upkeepQueries = {
  freshness: (page: number, reason: string) =>
    apiQuery<FreshnessFlags>(UPKEEP_FRESHNESS_API_PATH, {
      page: page > 1 ? page : undefined,
      reason,
    }),
  retention: (page: number) =>
    apiQuery<RetentionSchedule>(UPKEEP_RETENTION_API_PATH, { page: page > 1 ? page : undefined }),
};
