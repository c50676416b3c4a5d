import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ModerationReview } from '@ad/contract/account/moderation';
import type { FoodProcedureOptions, InitiativeOptions } from '@ad/contract/account/projects';
import type { EventOptions, PostOptions, ResourceOptions } from '@ad/contract/account/publications';
import { Loader } from '../../app/loader.tsx';
import { fr } from '../../lib/fr.ts';
import { ProjectForm } from '../account/projects/project-form.tsx';
import { EventForm } from '../account/publications/event-form-page.tsx';
import type { FormTarget } from '../account/publications/publication-form-parts.tsx';
import { PostForm } from '../account/publications/post-form-page.tsx';
import { ResourceForm } from '../account/publications/resource-form-page.tsx';
import { correctionUrl, moderationQueries } from './moderation-queries.ts';

/**
 * « Corriger » (issue 10): the member's own form of the type, filled with the submission (for an
 * edit of a published item: its pending version), sent to the moderation API. Loaded on demand:
 * the forms and their editor stay out of the review page's chunk.
 */
export function CorrectionForm({
  review,
  onSaved,
  onCancel,
}: {
  review: ModerationReview;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const id = String(review.id);
  const query = useQuery({
    ...moderationQueries.form<object>(review.type, id),
    retry: false,
    // Always the submission as it is now (another moderator may have corrected it).
    staleTime: 0,
    gcTime: 0,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const target: FormTarget = {
    submitUrl: correctionUrl(review.type, review.id),
    onSaved,
    onCancel,
    // Not « Annuler »: the editor's toolbar already has a button of that name (undo).
    cancelLabel: 'Annuler la correction',
    submitLabel: 'Enregistrer la correction',
  };
  const options = query.data;
  return (
    <section aria-labelledby="moderation-correction-title">
      <h2 id="moderation-correction-title" ref={heading} tabIndex={-1} className={fr.cx('fr-h4')}>
        Corriger la proposition
      </h2>
      <p>
        {review.kind === 'edit'
          ? "Vos corrections remplacent la modification proposée par l'auteur, qui reste en attente de votre décision ; la version publiée reste en ligne jusqu'à la publication."
          : "Vos corrections remplacent la proposition de l'auteur, qui reste en attente de votre décision."}
      </p>
      {options ? (
        <FormOf review={review} id={id} options={options} target={target} />
      ) : query.error ? (
        <>
          <p role="alert">{query.error.message}</p>
          <button type="button" className={fr.cx('fr-btn', 'fr-btn--secondary')} onClick={onCancel}>
            Retour à la relecture
          </button>
        </>
      ) : (
        <Loader />
      )}
    </section>
  );
}

function FormOf({
  review,
  id,
  options,
  target,
}: {
  review: ModerationReview;
  id: string;
  options: object;
  target: FormTarget;
}) {
  switch (review.type) {
    case 'posts':
      return <PostForm id={id} options={options as PostOptions} target={target} />;
    case 'events':
      return <EventForm id={id} options={options as EventOptions} target={target} />;
    case 'resources':
      return <ResourceForm id={id} options={options as ResourceOptions} target={target} />;
    case 'initiatives':
    case 'food_procedures':
      return (
        <ProjectForm
          type={review.type}
          id={id}
          options={options as InitiativeOptions | FoodProcedureOptions}
          target={target}
        />
      );
    default:
      return null;
  }
}
