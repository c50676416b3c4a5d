import type { QueryClient } from '@tanstack/react-query';
import {
  MODERATION_API_PATH,
  type ModerationQueue,
  type ModerationReview,
} from '@ad/contract/account/moderation';
import { apiQuery } from '../../lib/api-query.ts';

export interface QueueFilters {
  type: string;
  departement: string;
  page: number;
}

export const moderationQueries = {
  queue: ({ type, departement, page }: QueueFilters) =>
    apiQuery<ModerationQueue>(`${MODERATION_API_PATH}/queue`, {
      type,
      departement,
      page: page > 1 ? page : undefined,
    }),
  item: (type: string, id: string) =>
    apiQuery<{ data: ModerationReview }>(`${MODERATION_API_PATH}/items/:type/:id`, { type, id }),
  /** The member's form options of the type, with the submission's values as `resource`. */
  form: <T>(type: string, id: string) =>
    apiQuery<T>(`${MODERATION_API_PATH}/items/:type/:id/form`, { type, id }),
};

/** After a decision the queue and the item are stale (the item leaves the queue). */
export function invalidateModeration(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(MODERATION_API_PATH),
  });
}

export const decisionUrl = (type: string, id: number) =>
  `${MODERATION_API_PATH}/items/${encodeURIComponent(type)}/${id}/decision`;

export const unpublishUrl = (type: string, id: number) =>
  `${MODERATION_API_PATH}/items/${encodeURIComponent(type)}/${id}/unpublish`;

/** The team's correction of a submission: the member's multipart form, `_method=put`. */
export const correctionUrl = (type: string, id: number) =>
  `${MODERATION_API_PATH}/items/${encodeURIComponent(type)}/${id}`;
