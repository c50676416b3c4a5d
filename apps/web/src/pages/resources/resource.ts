import type { PageSeo } from '@ad/contract';
import { stripTags } from '@ad/contract';
import type { Resource } from '../../features/resources/api.ts';

/** The resource page's head: its image for shared links, and schema.org JSON-LD. */
export function resourceSeo(resource: Resource | undefined): PageSeo {
  if (!resource) return {};
  const image = resource.thumbUrl ?? resource.category?.featured_image?.image ?? null;
  const isFile = resource.type?.slug === 'file' && resource.resourceFile;
  return {
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': isFile ? 'DigitalDocument' : 'CreativeWork',
        name: resource.name,
        ...(resource.description ? { description: stripTags(resource.description) } : {}),
        dateModified: resource.updated_at,
        inLanguage: 'fr',
        ...(resource.category ? { genre: resource.category.name } : {}),
        ...(image ? { image } : {}),
        ...(resource.type?.slug === 'external_url' && resource.external_url
          ? { url: resource.external_url }
          : {}),
        ...(resource.type?.slug === 'video' && resource.video_url
          ? { associatedMedia: { '@type': 'VideoObject', contentUrl: resource.video_url } }
          : {}),
      },
    ],
  };
}
