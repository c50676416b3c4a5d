import { useParams } from 'react-router';
import { pathTo } from '@ad/contract';
import { ModerationBadge } from '../../../features/account-forms/index.ts';
import { PublicationPage } from './publication-form-parts.tsx';
import {
  ExternalLink,
  FileLink,
  PreviewActions,
  PreviewList,
  RichText,
  Thumbnail,
} from './publication-preview.tsx';
import { publicationQueries, useQueryOr404 } from './publication-queries.ts';

/** « Ressource : aperçu » (spec account-area §2 "Preview pages", §3 Resource). */
export function ResourcePreviewPage() {
  const { id = '' } = useParams();
  const { data } = useQueryOr404(publicationQueries.resource(id));
  const resource = data?.data;
  return (
    <PublicationPage title="Ressource : aperçu">
      {resource ? (
        <>
          <ModerationBadge label={resource.moderation_status_label} />
          <PreviewList
            items={[
              {
                label: 'Image',
                value: resource.featured_image ? (
                  <Thumbnail image={resource.featured_image} />
                ) : null,
              },
              { label: 'Catégorie', value: resource.category?.name ?? null },
              { label: 'Thématique', value: resource.thematic?.name ?? null },
              { label: 'Nom', value: resource.name },
              {
                label: 'Description',
                value: resource.description ? <RichText html={resource.description} /> : null,
              },
              { label: 'Type de ressource', value: resource.type?.name ?? null },
              {
                label: 'Lien externe',
                value: resource.external_url ? <ExternalLink href={resource.external_url} /> : null,
              },
              {
                label: 'Lien de la vidéo',
                value: resource.video_url ? <ExternalLink href={resource.video_url} /> : null,
              },
              {
                label: 'Document',
                value: resource.resourceFile ? <FileLink file={resource.resourceFile} /> : null,
              },
            ]}
          />
          <PreviewActions
            editTo={pathTo('myaccount.resources.update', { id })}
            editLabel="Modifier ma ressource"
            deleteLabel="Supprimer ma ressource"
            deletable={resource.deletable}
          />
        </>
      ) : null}
    </PublicationPage>
  );
}
