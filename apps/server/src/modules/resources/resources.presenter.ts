import { z } from 'zod';
import { RESOURCE_TYPES } from '@ad/contract';
import { publicFileUrl } from '../../platform/file-urls.ts';
import type { ResourceRow } from './resources.queries.ts';

/** Resource (spec public-site §3), the same fields in the list and on the resource page. */
export const resourceSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Sanitised HTML. */
  description: z.string().nullable(),
  updated_at: z.string(),
  thumbUrl: z.string().nullable(),
  type: z.object({ slug: z.enum(RESOURCE_TYPES), name: z.string() }).nullable(),
  external_url: z.string().nullable(),
  video_url: z.string().nullable(),
  /** The document of a 'file' resource: its URL and its size in bytes. */
  resourceFile: z.object({ file: z.string(), size: z.number().int() }).nullable(),
  category: z
    .object({
      name: z.string(),
      featured_image: z.object({ image: z.string(), name: z.string().nullable() }).nullable(),
    })
    .nullable(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceFiltersSchema = z.object({
  types: z.array(z.object({ slug: z.string(), name: z.string() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  subthematics: z.array(
    z.object({
      thematic: z.object({ name: z.string(), color: z.string(), class: z.string() }),
      subthematics: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type ResourceFiltersResponse = z.infer<typeof resourceFiltersSchema>;

const isResourceType = (slug: string | null): slug is (typeof RESOURCE_TYPES)[number] =>
  slug !== null && (RESOURCE_TYPES as readonly string[]).includes(slug);

export function presentResource(row: ResourceRow): Resource {
  const documentUrl = publicFileUrl(row.documentStorageKey);
  const featuredUrl = publicFileUrl(row.featuredStorageKey);
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    updated_at: row.updatedAt.toISOString(),
    thumbUrl: publicFileUrl(row.thumbStorageKey),
    type:
      isResourceType(row.typeSlug) && row.typeName !== null
        ? { slug: row.typeSlug, name: row.typeName }
        : null,
    external_url: row.externalUrl,
    video_url: row.videoUrl,
    resourceFile:
      documentUrl !== null && row.documentSize !== null
        ? { file: documentUrl, size: row.documentSize }
        : null,
    category:
      row.categoryName === null
        ? null
        : {
            name: row.categoryName,
            featured_image: featuredUrl ? { image: featuredUrl, name: row.featuredName } : null,
          },
  };
}
