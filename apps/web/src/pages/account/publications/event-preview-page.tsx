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
  frenchDay,
} from './publication-preview.tsx';
import { publicationQueries, useQueryOr404 } from './publication-queries.ts';

/** « Évènement : aperçu » (spec account-area §2 "Preview pages", §3 Event). */
export function EventPreviewPage() {
  const { id = '' } = useParams();
  const { data } = useQueryOr404(publicationQueries.event(id));
  const event = data?.data;
  return (
    <PublicationPage title="Évènement : aperçu">
      {event ? (
        <>
          <ModerationBadge label={event.moderation_status_label} />
          <PreviewList
            items={[
              { label: 'Image', value: event.image ? <Thumbnail image={event.image} /> : null },
              { label: 'Catégorie', value: event.category?.name ?? null },
              { label: 'Titre', value: event.title },
              { label: 'Date de début', value: frenchDay(event.started_at) },
              { label: 'Date de fin', value: frenchDay(event.ended_at) },
              { label: 'Lieu', value: event.place },
              { label: 'Organisateur', value: event.planner },
              {
                label: 'Description',
                value: event.description ? <RichText html={event.description} /> : null,
              },
              {
                label: 'Lien externe',
                value: event.external_url ? <ExternalLink href={event.external_url} /> : null,
              },
            ]}
          />
          <PreviewActions
            editTo={pathTo('myaccount.events.update', { id })}
            editLabel="Modifier mon évènement"
            deleteLabel="Supprimer mon évènement"
            deletable={event.deletable}
          />
        </>
      ) : null}
    </PublicationPage>
  );
}
