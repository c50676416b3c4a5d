import { and, asc, count, eq, gt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { pathTo } from '@ad/contract';
import { faqItems } from '../../db/schema/content.ts';
import { foodProcedures } from '../../db/schema/food-procedures.ts';
import { initiatives } from '../../db/schema/initiatives.ts';
import { posts } from '../../db/schema/posts.ts';
import { resources } from '../../db/schema/resources.ts';
import type { AppDatabase } from '../../platform/database.ts';

export interface SitemapUrl {
  /** Path of the page on this site. */
  path: string;
  lastmod: Date | null;
}

/**
 * One kind of published item that has a page of its own. Rows are read in id order by keyset
 * (`id > after`), so a sitemap file of 50,000 URLs never needs an OFFSET.
 */
interface SitemapSource {
  count(db: AppDatabase): Promise<number>;
  /** Up to `limit` URLs after the `skip` first ones. */
  urls(db: AppDatabase, skip: number, limit: number): Promise<SitemapUrl[]>;
}

function source(
  table: PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn },
  where: SQL | undefined,
  key: AnyPgColumn,
  toPath: (key: string) => string,
): SitemapSource {
  return {
    async count(db) {
      const [row] = await db.select({ n: count() }).from(table).where(where);
      return row?.n ?? 0;
    },
    async urls(db, skip, limit) {
      if (limit <= 0) return [];
      // The id of the last row before the window, then the window by keyset.
      let after = 0;
      if (skip > 0) {
        const [boundary] = await db
          .select({ id: table.id })
          .from(table)
          .where(where)
          .orderBy(asc(table.id))
          .offset(skip - 1)
          .limit(1);
        after = Number(boundary?.id ?? Number.MAX_SAFE_INTEGER);
      }
      const rows = await db
        .select({ key, updatedAt: table.updatedAt })
        .from(table)
        .where(and(where, gt(table.id, after)))
        .orderBy(asc(table.id))
        .limit(limit);
      return rows.map((row) => ({
        path: toPath(String(row.key)),
        lastmod: (row.updatedAt as Date | null) ?? null,
      }));
    },
  };
}

const published = (column: AnyPgColumn) => eq(column, 'published');

/** Every published item with a page, by kind (the static pages come from the route table). */
export const SITEMAP_SOURCES: SitemapSource[] = [
  source(posts, published(posts.moderationStatus), posts.slug, (slug) => pathTo('post', { slug })),
  source(resources, published(resources.moderationStatus), resources.slug, (slug) =>
    pathTo('resource', { slug }),
  ),
  source(faqItems, undefined, faqItems.slug, (slug) => pathTo('faq-item', { slug })),
  source(foodProcedures, published(foodProcedures.moderationStatus), foodProcedures.id, (id) =>
    pathTo('initiative-item', { selectedResourceType: 'demarche', selectedResource: id }),
  ),
  source(initiatives, published(initiatives.moderationStatus), initiatives.id, (id) =>
    pathTo('initiative-item', { selectedResourceType: 'initiative', selectedResource: id }),
  ),
];
