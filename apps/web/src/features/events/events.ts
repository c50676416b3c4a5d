import { MIN_DELAY_DETAIL_MS, type Paginated } from '@ad/contract';
import { apiQuery } from '../../lib/api-query.ts';
import type { CalendarEvent } from './calendar.ts';

/** Event (agenda), as GET /api/events returns it (spec public-site §3). */
export interface AgendaEvent {
  id: number;
  title: string;
  /** Sanitised HTML. */
  description: string | null;
  /** YYYY-MM-DD. */
  started_at: string;
  /** YYYY-MM-DD, null for a one-day event. */
  ended_at: string | null;
  place: string | null;
  planner: string | null;
  thumbUrl: string | null;
  external_url: string | null;
  more_infos_type: 'post' | 'other' | null;
  post: { slug: string } | null;
  category: { name: string } | null;
}

/** GET /api/events/filters: the categories, the calendar's ranges and min_date (YYYYMMDD). */
export interface EventFilters {
  categories: { id: number; name: string }[];
  events: CalendarEvent[];
  min_date: string;
}

/**
 * GET /api/events/filters. `date` (YYYYMM) is the earliest calendar month shown before
 * min_date: the ranges then start at that month. Empty parameters are left out of the key, so
 * that the agenda without filters shares the home page's answer.
 */
export const eventFiltersQuery = (params: { categories: string[]; date: string | null }) =>
  apiQuery<EventFilters>('/api/events/filters', {
    ...(params.categories.length ? { categories: params.categories } : {}),
    ...(params.date ? { date: params.date } : {}),
  });

/** GET /api/events: a page of events, of a day (YYYYMMDD) or still running or to come. */
export const eventsQuery = (params: { page: number; categories: string[]; day: string | null }) =>
  apiQuery<Paginated<AgendaEvent>>(
    '/api/events',
    {
      page: params.page,
      ...(params.categories.length ? { categories: params.categories } : {}),
      ...(params.day ? { day: params.day } : {}),
    },
    { minDelayMs: MIN_DELAY_DETAIL_MS },
  );
