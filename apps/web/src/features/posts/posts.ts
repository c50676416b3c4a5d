import { MIN_DELAY_DETAIL_MS, MIN_DELAY_POST_MS, type Paginated } from '@ad/contract';
import { apiQuery } from '../../lib/api-query.ts';
import { validIds } from '../lists/list-params.ts';

/** Post (list), as GET /api/posts and the home page send it (spec public-site §3). */
export interface PostListItem {
  id: number;
  slug: string;
  title: string;
  /** Sanitised HTML ('' when the post has none). */
  description: string;
  thumbUrl: string | null;
  category: { name: string } | null;
  /** ISO 8601 timestamp. */
  updated_at: string;
}

/** Post (detail), as GET /api/posts/{slug} sends it in `data` (a type: it is a route item). */
export type PostDetail = {
  slug: string;
  title: string;
  /** Sanitised HTML. */
  description: string;
  /** An `<img>` element built by the server (its alt text included), or null. */
  image: string | null;
  updated_at: string;
  external_url: string | null;
  category: { name: string } | null;
  /** Dates are calendar days (YYYY-MM-DD); `hour` is free text ('9h30', '14h - 17h'). */
  event: {
    started_at: string;
    ended_at: string | null;
    place: string | null;
    hour: string | null;
  } | null;
};

export interface PostResponse {
  post: PostDetail;
  related_posts: PostListItem[];
}

export interface PostFilters {
  categories: { id: number; name: string }[];
}

/** The state of the news list: its page and the chosen category ids (from the URL). */
export interface PostsListState {
  page: number;
  categories: readonly string[];
}

/** The name of the list's filter in the URL and the API (`categories=2&categories=5`). */
export const POST_FILTER_NAMES = ['categories'] as const;

/** GET /api/posts?page=&categories[]= (shown no sooner than 250 ms in the browser, spec §9). */
export const postsQuery = (state: PostsListState) =>
  apiQuery<Paginated<PostListItem>>(
    '/api/posts',
    { page: state.page, categories: validIds(state.categories).map(Number) },
    { minDelayMs: MIN_DELAY_DETAIL_MS },
  );

/** GET /api/posts/filters: the categories of the 'Catégories' filter. */
export const postFiltersQuery = () => apiQuery<PostFilters>('/api/posts/filters');

/** GET /api/posts/{slug}: the post and its related posts, shown no sooner than 500 ms (spec §7). */
export const postQuery = (slug: string) =>
  apiQuery<PostResponse>('/api/posts/:slug', { slug }, { minDelayMs: MIN_DELAY_POST_MS });
