import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { eventCategories, events } from '../../db/schema/events.ts';
import { files } from '../../db/schema/files.ts';
import { posts } from '../../db/schema/posts.ts';
import type { AppDatabase } from '../../platform/database.ts';
import type { PageRequest } from '../../platform/pagination.ts';

/** Calendar dates are compared as YYYY-MM-DD strings, the `date` columns' string mode. */
type IsoDate = string;

/** The last day of an event: its end, or its start for a one-day event (ended_at null). */
const lastDay = sql<string>`coalesce(${events.endedAt}, ${events.startedAt})`;

export interface EventFilters {
  categoryIds: readonly number[];
  /** Only the events whose range contains this day, if set. */
  day: IsoDate | null;
  /** Otherwise only the events still running or to come on this day. */
  today: IsoDate;
}

/** Only published events (public endpoints), of the chosen categories, on the chosen dates. */
function eventConditions(filters: EventFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(events.moderationStatus, 'published')];
  if (filters.categoryIds.length)
    conditions.push(inArray(events.categoryId, [...filters.categoryIds]));
  if (filters.day) {
    conditions.push(lte(events.startedAt, filters.day), gte(lastDay, filters.day));
  } else {
    conditions.push(gte(lastDay, filters.today));
  }
  return and(...conditions);
}

/** The event categories of the filter, in the team's order. */
export function listEventCategories(db: AppDatabase) {
  return db
    .select({ id: eventCategories.id, name: eventCategories.name })
    .from(eventCategories)
    .orderBy(asc(eventCategories.position), asc(eventCategories.name));
}

/**
 * The date ranges of the published events ending on or after `from`, for the calendar: dates
 * only, each distinct range once (many events share a day).
 */
export function listCalendarRanges(
  db: AppDatabase,
  filters: { from: IsoDate; categoryIds: readonly number[] },
) {
  const conditions: (SQL | undefined)[] = [
    eq(events.moderationStatus, 'published'),
    gte(lastDay, filters.from),
  ];
  if (filters.categoryIds.length)
    conditions.push(inArray(events.categoryId, [...filters.categoryIds]));
  return db
    .selectDistinct({ startedAt: events.startedAt, endedAt: events.endedAt })
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.startedAt), asc(events.endedAt));
}

/**
 * A page of published events, soonest first, with what the card shows: the image's storage key,
 * the category's name and the slug of the linked post when that post is published too (two
 * queries whatever the page size: the count and the page with its joins).
 */
export async function listEvents(db: AppDatabase, filters: EventFilters, page: PageRequest) {
  const where = eventConditions(filters);
  const [totalRow] = await db.select({ total: count() }).from(events).where(where);
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      startedAt: events.startedAt,
      endedAt: events.endedAt,
      place: events.place,
      planner: events.planner,
      externalUrl: events.externalUrl,
      moreInfosType: events.moreInfosType,
      imageStorageKey: files.storageKey,
      categoryName: eventCategories.name,
      postSlug: posts.slug,
    })
    .from(events)
    .leftJoin(files, eq(files.id, events.imageFileId))
    .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .leftJoin(posts, and(eq(posts.id, events.postId), eq(posts.moderationStatus, 'published')))
    .where(where)
    .orderBy(asc(events.startedAt), asc(lastDay), asc(events.id))
    .limit(page.perPage)
    .offset(page.offset);
  return { rows, total: totalRow?.total ?? 0 };
}

export type EventRow = Awaited<ReturnType<typeof listEvents>>['rows'][number];
export type CalendarRangeRow = Awaited<ReturnType<typeof listCalendarRanges>>[number];
