import { pathTo, stripTags, type PageSeo } from '@ad/contract';
import { eventLocationJsonLd } from '../../features/events/event-json-ld.ts';
import type { PostResponse } from '../../features/posts/posts.ts';

/** The `src` of the server's `<img>` element of a post (its only attribute that is a URL). */
export function imageUrlOf(imageHtml: string | null): string | null {
  const src = imageHtml ? /\ssrc="([^"]+)"/.exec(imageHtml)?.[1] : undefined;
  if (!src) return null;
  return src
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Head tags of a post page: og:type article, its image, and a schema.org NewsArticle (the
 * server adds the BreadcrumbList). `response` is undefined when the read failed.
 */
export function postSeo(response: PostResponse | undefined): PageSeo {
  if (!response) return { ogType: 'article' };
  const post = response.post;
  const image = imageUrlOf(post.image);
  const article: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: stripTags(post.title),
    dateModified: post.updated_at,
  };
  if (image) article.image = [image];
  if (post.category) article.articleSection = post.category.name;
  const jsonLd = [article];
  // A post announcing an event: the event too (its page is the post's).
  if (post.event) {
    const url = pathTo('post', { slug: post.slug });
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: stripTags(post.title),
      startDate: post.event.started_at,
      endDate: post.event.ended_at ?? post.event.started_at,
      eventStatus: 'https://schema.org/EventScheduled',
      url,
      ...(image ? { image } : {}),
      // Online: at its external link, else at the post that announces it.
      ...eventLocationJsonLd(post.event.place, post.external_url ?? url),
    });
  }
  return { ogType: 'article', image, jsonLd };
}
