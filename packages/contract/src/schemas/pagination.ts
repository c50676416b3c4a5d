import { z } from 'zod';
import { PAGE_ELLIPSIS } from '../pagination.ts';

/** Response schema of a paginated list of `item` (the server's second guard on what leaves). */
export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    links: z.object({
      first: z.string(),
      last: z.string(),
      prev: z.string().nullable(),
      next: z.string().nullable(),
    }),
    meta: z.object({
      current_page: z.number().int(),
      last_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      from: z.number().int().nullable(),
      to: z.number().int().nullable(),
    }),
    pages: z.array(z.union([z.number().int(), z.literal(PAGE_ELLIPSIS)])),
  });
