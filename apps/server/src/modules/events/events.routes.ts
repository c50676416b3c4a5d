import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { paginatedSchema } from '@ad/contract/schemas';
import type { AppDatabase, Clock } from '../../platform/database.ts';
import { idListParam, pageParam } from '../../platform/list-input.ts';
import { pageLink, pageRequest, paginate } from '../../platform/pagination.ts';
import { parisDay } from '../../platform/paris-time.ts';
import { publicGet, type PublicGetDeps } from '../../platform/public-reads.ts';
import { compactFromIso, dayParam, monthParam, msUntilNextParisMidnight } from './events.dates.ts';
import {
  agendaEventSchema,
  eventFiltersSchema,
  presentAgendaEvent,
  presentCalendarRange,
} from './events.presenter.ts';
import { listCalendarRanges, listEventCategories, listEvents } from './events.queries.ts';

export const eventsRoutes: FastifyPluginAsync<
  PublicGetDeps & { db: AppDatabase; clock: Clock }
> = async (app, { db, clock, ...deps }) => {
  // GET /api/events/filters (spec public-site §7, agenda and home): the categories, the date
  // ranges of the calendar and min_date, today (YYYYMMDD). `date` (YYYYMM, or YYYYMMDD for any
  // day of the month) is the calendar's month: before today's month, the ranges start there so
  // that past months show their events; otherwise they start today.
  publicGet(app, deps, {
    path: '/api/events/filters',
    input: z.object({ date: monthParam, categories: idListParam }),
    response: eventFiltersSchema,
    read: async ({ date, categories }) => {
      const today = parisDay(clock());
      const from = date && date < today ? date : today;
      const [categoryRows, ranges] = await Promise.all([
        listEventCategories(db),
        listCalendarRanges(db, { from, categoryIds: categories }),
      ]);
      return {
        categories: categoryRows,
        events: ranges.map(presentCalendarRange),
        min_date: compactFromIso(today),
      };
    },
  });

  // GET /api/events (spec public-site §7): published events, soonest first; without `day` those
  // still running or to come, with `day` (YYYYMMDD) those whose range contains that day.
  publicGet(app, deps, {
    path: '/api/events',
    input: z.object({ page: pageParam, categories: idListParam, day: dayParam }),
    response: paginatedSchema(agendaEventSchema),
    read: async ({ page, categories, day }) => {
      const request = pageRequest(page);
      const { rows, total } = await listEvents(
        db,
        { categoryIds: categories, day: day ?? null, today: parisDay(clock()) },
        request,
      );
      const link = pageLink('/api/events', {
        categories,
        day: day ? compactFromIso(day) : undefined,
      });
      return paginate(rows.map(presentAgendaEvent), total, request, link);
    },
  });

  // These answers (and the pages rendered from them) depend on the day: the public response
  // cache, otherwise only emptied when the content changes, is emptied at midnight (Paris) on
  // each instance, each holding its own cache.
  let timer: NodeJS.Timeout | undefined;
  const scheduleMidnight = () => {
    timer = setTimeout(() => {
      deps.cache.invalidate();
      scheduleMidnight();
    }, msUntilNextParisMidnight(clock()));
    timer.unref();
  };
  scheduleMidnight();
  app.addHook('onClose', async () => clearTimeout(timer));
};
