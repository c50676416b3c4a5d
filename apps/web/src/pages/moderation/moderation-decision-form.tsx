import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import { useNavigate } from 'react-router';
import type {
  ModerationDecision,
  ModerationDecisionResponse,
  ModerationReview,
} from '@ad/contract/account/moderation';
import {
  ErrorBanner,
  FormError,
  SubmitButton,
  useAccountForm,
} from '../../features/account-forms/index.ts';
import { FieldInput } from '../../features/forms/field-input.tsx';
import { api, ApiError } from '../../lib/api-client.ts';
import { fr } from '../../lib/fr.ts';
import type { QueueLocationState } from './moderation-queue-page.tsx';
import { decisionUrl, invalidateModeration, unpublishUrl } from './moderation-queries.ts';

const DECISIONS: { value: ModerationDecision; label: string; hint: string }[] = [
  { value: 'publish', label: 'Publier', hint: 'La proposition est mise en ligne telle quelle.' },
  {
    value: 'request_changes',
    label: 'Demander des modifications',
    hint: "L'auteur corrige sa proposition et la soumet à nouveau.",
  },
  { value: 'refuse', label: 'Refuser', hint: "La proposition n'est pas publiée." },
];

const COMMENT_HINT =
  "Envoyé à l'auteur par e-mail. Obligatoire pour refuser ou demander des modifications.";

/** Back to the queue with the server's message; the item has left it. */
function useBackToQueue(queuePath: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (result: ModerationDecisionResponse) => {
    void invalidateModeration(queryClient);
    const state: QueueLocationState = { moderationMessage: result.message };
    navigate(queuePath, { state });
  };
}

/**
 * A decision refused because the item changed since the review was read (409, `changedMeanwhile`):
 * the review is read again, so that the moderator decides on what is there now.
 */
function useReloadWhenChanged() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) void invalidateModeration(queryClient);
  };
}

/** Publish, ask for changes or refuse, with the comment sent to the author. */
export function DecisionForm({
  review,
  queuePath,
}: {
  review: ModerationReview;
  queuePath: string;
}) {
  const form = useAccountForm();
  const [decision, setDecision] = useState<ModerationDecision | null>(null);
  const [comment, setComment] = useState('');
  const backToQueue = useBackToQueue(queuePath);
  const reloadWhenChanged = useReloadWhenChanged();
  const commentRequired = decision === 'refuse' || decision === 'request_changes';

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      ({ signal }) =>
        api.post<ModerationDecisionResponse>(
          decisionUrl(review.type, review.id),
          { decision, comment: comment.trim() || null, version: review.version },
          { signal },
        ),
      backToQueue,
      reloadWhenChanged,
    );

  return (
    <>
      <h2 id="moderation-decision-title" className={fr.cx('fr-h4')}>
        Décision
      </h2>
      <FormError message={form.generalError} />
      <ErrorBanner show={form.hasErrors && !form.processing} />
      <form ref={form.formRef} noValidate aria-busy={form.processing} onSubmit={submit}>
        <RadioButtons
          legend="Votre décision *"
          disabled={form.processing}
          state={form.errorFor('decision') ? 'error' : 'default'}
          stateRelatedMessage={form.errorFor('decision')}
          options={DECISIONS.map((option) => ({
            label: option.label,
            hintText: option.hint,
            nativeInputProps: {
              name: 'decision',
              value: option.value,
              checked: decision === option.value,
              onChange: () => setDecision(option.value),
            },
          }))}
        />
        <FieldInput
          name="comment"
          label={`Commentaire pour l'auteur${commentRequired ? ' *' : ''}`}
          hintText={COMMENT_HINT}
          value={comment}
          onChange={setComment}
          error={form.errorFor('comment')}
          disabled={form.processing}
          required={commentRequired}
          maxLength={5000}
          rows={6}
        />
        <SubmitButton processing={form.processing}>Valider la décision</SubmitButton>
      </form>
    </>
  );
}

/** Takes a published item offline, with the reason sent to the author. */
export function UnpublishForm({
  review,
  queuePath,
}: {
  review: ModerationReview;
  queuePath: string;
}) {
  const form = useAccountForm();
  const [comment, setComment] = useState('');
  const backToQueue = useBackToQueue(queuePath);
  const reloadWhenChanged = useReloadWhenChanged();

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      ({ signal }) =>
        api.post<ModerationDecisionResponse>(
          unpublishUrl(review.type, review.id),
          { comment: comment.trim() || null, version: review.version },
          { signal },
        ),
      backToQueue,
      reloadWhenChanged,
    );

  return (
    <>
      <h2 id="moderation-decision-title" className={fr.cx('fr-h4')}>
        Dépublier
      </h2>
      <p>
        Cet élément est publié et aucune modification n'attend. Le dépublier le retire du site
        public ; son auteur en est averti par e-mail.
      </p>
      <FormError message={form.generalError} />
      <ErrorBanner show={form.hasErrors && !form.processing} />
      <form ref={form.formRef} noValidate aria-busy={form.processing} onSubmit={submit}>
        <FieldInput
          name="comment"
          label="Motif de la dépublication *"
          hintText="Envoyé à l'auteur par e-mail."
          value={comment}
          onChange={setComment}
          error={form.errorFor('comment')}
          disabled={form.processing}
          maxLength={5000}
          rows={5}
        />
        <SubmitButton processing={form.processing} className={fr.cx('fr-btn--secondary')}>
          Dépublier
        </SubmitButton>
      </form>
    </>
  );
}
