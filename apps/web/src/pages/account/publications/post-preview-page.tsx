import { useParams } from 'react-router';
import { pathTo } from '@ad/contract';
import { ModerationBadge } from '../../../features/account-forms/index.ts';
import { PublicationPage } from './publication-form-parts.tsx';
import {
  ExternalLink,
  PreviewActions,
  PreviewList,
  RichText,
  Thumbnail,
} from './publication-preview.tsx';
import { publicationQueries, useQueryOr404 } from './publication-queries.ts';

/** « Actualité : aperçu » (spec account-area §2 "Preview pages", §3 Post). */
export function PostPreviewPage() {
  const { id = '' } = useParams();
  const { data } = useQueryOr404(publicationQueries.post(id));
  const post = data?.data;
  return (
    <PublicationPage title="Actualité : aperçu">
      {post ? (
        <>
          <ModerationBadge label={post.moderation_status_label} />
          <PreviewList
            items={[
              {
                label: 'Image',
                value: post.featured_image ? <Thumbnail image={post.featured_image} /> : null,
              },
              { label: 'Catégorie', value: post.category?.name ?? null },
              { label: 'Titre', value: post.title },
              { label: 'Auteurs', value: post.authors },
              {
                label: 'Description',
                value: post.description ? <RichText html={post.description} /> : null,
              },
              {
                label: 'Lien externe',
                value: post.external_url ? <ExternalLink href={post.external_url} /> : null,
              },
            ]}
          />
          <PreviewActions
            editTo={pathTo('myaccount.posts.update', { id })}
            editLabel="Modifier mon actualité"
            deleteLabel="Supprimer mon actualité"
            deletable={post.deletable}
          />
        </>
      ) : null}
    </PublicationPage>
  );
}
