import { z } from 'zod';
import { publicFileUrl } from '../../platform/file-urls.ts';
import { escapeHtml } from '../../platform/html-shell/render.ts';
import type { PostDetailRow, PostListRow } from './posts.queries.ts';

const categorySchema = z.object({ name: z.string() }).nullable();

/** Post (list), spec public-site §3. */
export const postListItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML ('' when the post has none). */
  description: z.string(),
  thumbUrl: z.string().nullable(),
  category: categorySchema,
  updated_at: z.string(),
});
export type PostListItem = z.infer<typeof postListItemSchema>;

/** Post (detail), spec public-site §3; `event.hour` is free text ("14h - 17h"). */
export const postDetailSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** An `<img>` element (HTML), or null without an image. */
  image: z.string().nullable(),
  updated_at: z.string(),
  external_url: z.string().nullable(),
  category: categorySchema,
  event: z
    .object({
      started_at: z.string(),
      ended_at: z.string().nullable(),
      place: z.string().nullable(),
      hour: z.string().nullable(),
    })
    .nullable(),
});
export type PostDetail = z.infer<typeof postDetailSchema>;

export const postCategoryOptionSchema = z.object({ id: z.number().int(), name: z.string() });

export function presentPostListItem(row: PostListRow): PostListItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description ?? '',
    thumbUrl: publicFileUrl(row.imageStorageKey),
    category: row.categoryName === null ? null : { name: row.categoryName },
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Alternative text of an uploaded image from its file name ("marche-de-noel_2024.png" →
 * "marche de noel 2024"): members upload no description of their images.
 */
export function imageAltText(originalName: string): string {
  return originalName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.\s]+/g, ' ')
    .trim();
}

function imageHtml(row: PostDetailRow): string | null {
  const src = publicFileUrl(row.imageStorageKey);
  if (!src) return null;
  // Its size, when known, reserves the room of the image before it loads (no layout shift).
  const size =
    row.imageWidth && row.imageHeight
      ? ` width="${row.imageWidth}" height="${row.imageHeight}"`
      : '';
  const alt = escapeHtml(imageAltText(row.imageOriginalName ?? ''));
  return `<img src="${escapeHtml(src)}" alt="${alt}"${size} class="fr-responsive-img">`;
}

export function presentPostDetail(row: PostDetailRow): PostDetail {
  return {
    slug: row.slug,
    title: row.title,
    description: row.description ?? '',
    image: imageHtml(row),
    updated_at: row.updatedAt.toISOString(),
    external_url: row.externalUrl,
    category: row.categoryName === null ? null : { name: row.categoryName },
    event:
      row.eventStartedAt === null
        ? null
        : {
            started_at: row.eventStartedAt,
            ended_at: row.eventEndedAt,
            place: row.eventPlace,
            hour: row.eventHour,
          },
  };
}
