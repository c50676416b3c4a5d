import { z } from 'zod';
import { publicFileUrl } from '../../platform/file-urls.ts';
import type { CalendarRangeRow, EventRow } from './events.queries.ts';

/** Event (agenda), spec public-site §3; dates YYYY-MM-DD, `ended_at` null for a one-day event. */
export const agendaEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  place: z.string().nullable(),
  planner: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  external_url: z.string().nullable(),
  more_infos_type: z.enum(['post', 'other']).nullable(),
  post: z.object({ slug: z.string() }).nullable(),
  category: z.object({ name: z.string() }).nullable(),
});
export type AgendaEvent = z.infer<typeof agendaEventSchema>;

/** Event (calendar), spec public-site §3. */
export const calendarEventSchema = z.object({
  started_at: z.string(),
  ended_at: z.string().nullable(),
});

/** GET /api/events/filters: the categories, the calendar's date ranges and min_date (YYYYMMDD). */
export const eventFiltersSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  events: z.array(calendarEventSchema),
  min_date: z.string().regex(/^\d{8}$/),
});

export function presentAgendaEvent(row: EventRow): AgendaEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    started_at: row.startedAt,
    ended_at: row.endedAt,
    place: row.place,
    planner: row.planner,
    thumbUrl: publicFileUrl(row.imageStorageKey),
    external_url: row.externalUrl,
    more_infos_type: row.moreInfosType,
    post: row.postSlug ? { slug: row.postSlug } : null,
    category: row.categoryName ? { name: row.categoryName } : null,
  };
}

export function presentCalendarRange(row: CalendarRangeRow) {
  return { started_at: row.startedAt, ended_at: row.endedAt };
}
