import { MIN_DELAY_HOME_MS } from '@ad/contract';
import { apiQuery } from '../../lib/api-query.ts';
import type { PostListItem } from '../../features/posts/posts.ts';

/** GET /api/homepage (spec §7): the latest published posts. */
export const homepageQuery = () =>
  apiQuery<{ posts: PostListItem[] }>('/api/homepage', {}, { minDelayMs: MIN_DELAY_HOME_MS });

/**
 * GET /api/events/filters without parameters (spec §7 '(home)'): the calendar's date ranges, and
 * today (`min_date`, YYYYMMDD).
 */
export const homeEventsQuery = () =>
  apiQuery<{ events: { started_at: string; ended_at: string | null }[]; min_date: string }>(
    '/api/events/filters',
    {},
    { minDelayMs: MIN_DELAY_HOME_MS },
  );

/**
 * Spec §2 'Latest news': the `firstCount` first posts, then up to `lastCount` of the last posts
 * not already shown.
 */
export function splitHomePosts<T extends { id: number }>(
  posts: T[],
  firstCount: number,
  lastCount: number,
): { first: T[]; last: T[] } {
  const first = posts.slice(0, firstCount);
  const shown = new Set(first.map((post) => post.id));
  const rest = posts.filter((post) => !shown.has(post.id));
  return { first, last: rest.slice(Math.max(0, rest.length - lastCount)) };
}
