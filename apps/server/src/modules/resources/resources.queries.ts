import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files } from '../../db/schema/files.ts';
import {
  resourceCategories,
  resources,
  resourceSubthematics,
  resourceTypes,
} from '../../db/schema/resources.ts';
import { subthematics, thematics } from '../../db/schema/taxonomy.ts';
import type { AppDatabase } from '../../platform/database.ts';
import type { PageRequest } from '../../platform/pagination.ts';

export interface ResourceFilters {
  /** subthematics ids: a resource matches if it has any of them. */
  subthematics: number[];
  /** resource_types slugs ('file', 'video', 'external_url'). */
  types: string[];
  /** resource_categories ids. */
  categories: number[];
}

const published = () => eq(resources.moderationStatus, 'published');

function resourcesWhere(db: AppDatabase, filters: ResourceFilters): SQL | undefined {
  return and(
    published(),
    filters.categories.length ? inArray(resources.categoryId, filters.categories) : undefined,
    filters.types.length
      ? inArray(
          resources.typeId,
          db
            .select({ id: resourceTypes.id })
            .from(resourceTypes)
            .where(inArray(resourceTypes.slug, filters.types)),
        )
      : undefined,
    filters.subthematics.length
      ? exists(
          db
            .select({ one: sql`1` })
            .from(resourceSubthematics)
            .where(
              and(
                eq(resourceSubthematics.resourceId, resources.id),
                inArray(resourceSubthematics.subthematicId, filters.subthematics),
              ),
            ),
        )
      : undefined,
  );
}

const thumb = alias(files, 'thumb');
const document = alias(files, 'document');
const featured = alias(files, 'featured');

/** Everything a resource card and the resource page show, in one query (joins only). */
function selectResources(db: AppDatabase) {
  return db
    .select({
      slug: resources.slug,
      name: resources.name,
      description: resources.description,
      updatedAt: resources.updatedAt,
      thumbStorageKey: thumb.storageKey,
      typeSlug: resourceTypes.slug,
      typeName: resourceTypes.name,
      externalUrl: resources.externalUrl,
      videoUrl: resources.videoUrl,
      documentStorageKey: document.storageKey,
      documentSize: document.size,
      categoryName: resourceCategories.name,
      featuredStorageKey: featured.storageKey,
      featuredName: resourceCategories.featuredImageName,
    })
    .from(resources)
    .leftJoin(thumb, eq(thumb.id, resources.imageFileId))
    .leftJoin(resourceTypes, eq(resourceTypes.id, resources.typeId))
    .leftJoin(document, eq(document.id, resources.documentFileId))
    .leftJoin(resourceCategories, eq(resourceCategories.id, resources.categoryId))
    .leftJoin(featured, eq(featured.id, resourceCategories.featuredImageFileId));
}

export async function countResources(db: AppDatabase, filters: ResourceFilters) {
  const [row] = await db
    .select({ total: count() })
    .from(resources)
    .where(resourcesWhere(db, filters));
  return row?.total ?? 0;
}

/** A page of published resources, newest first (index resources_moderation_status_published_at_idx). */
export function listResources(db: AppDatabase, filters: ResourceFilters, page: PageRequest) {
  return selectResources(db)
    .where(resourcesWhere(db, filters))
    .orderBy(sql`${resources.publishedAt} desc nulls last`, desc(resources.id))
    .limit(page.perPage)
    .offset(page.offset);
}

export async function findPublishedResource(db: AppDatabase, slug: string) {
  const [row] = await selectResources(db)
    .where(and(eq(resources.slug, slug), published()))
    .limit(1);
  return row ?? null;
}

export type ResourceRow = Awaited<ReturnType<typeof listResources>>[number];

export function listResourceTypes(db: AppDatabase) {
  return db
    .select({ slug: resourceTypes.slug, name: resourceTypes.name })
    .from(resourceTypes)
    .orderBy(asc(resourceTypes.position), asc(resourceTypes.id));
}

export function listResourceCategories(db: AppDatabase) {
  return db
    .select({ id: resourceCategories.id, name: resourceCategories.name })
    .from(resourceCategories)
    .orderBy(asc(resourceCategories.position), asc(resourceCategories.name));
}

/** Every subthematic with its thematic, themes in their order (grouped by the service). */
export function listSubthematicsWithThematic(db: AppDatabase) {
  return db
    .select({
      thematicId: thematics.id,
      thematicName: thematics.name,
      thematicColor: thematics.color,
      thematicClass: thematics.class,
      id: subthematics.id,
      name: subthematics.name,
    })
    .from(subthematics)
    .innerJoin(thematics, eq(thematics.id, subthematics.thematicId))
    .orderBy(
      asc(thematics.position),
      asc(thematics.id),
      asc(subthematics.position),
      asc(subthematics.name),
    );
}
