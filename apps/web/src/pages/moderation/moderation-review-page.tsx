import { Suspense, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { pathTo } from '@ad/contract';
import type { ModerationReview } from '@ad/contract/account/moderation';
import { lazyComponent } from '../../app/lazy-component.tsx';
import { Loader } from '../../app/loader.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate, formatRelative } from '../../lib/date.ts';
import { fr } from '../../lib/fr.ts';
import { DecisionForm, UnpublishForm } from './moderation-decision-form.tsx';
import { ErrorReportsPanel } from './error-reports-panel.tsx';
import { KIND_LABELS } from './moderation-labels.ts';
import { invalidateModeration, moderationQueries } from './moderation-queries.ts';
import type { ReviewLocationState } from './moderation-queue-page.tsx';
import {
  ReviewChanges,
  ReviewDuplicates,
  ReviewFields,
  ReviewHistory,
  ReviewPublicView,
} from './moderation-review-sections.tsx';
import { ModerationFrame, useIsModerationTeam } from './team-only.tsx';
import './moderation.css';

// The member forms (and their editor) load only when the team corrects a submission.
const CorrectionForm = lazyComponent(() =>
  import('./moderation-correction.tsx').then((m) => m.CorrectionForm),
);

/**
 * « Relecture » (issue 10): one submission as the team reviews it (what an edit changes, the
 * page the public will see, its fields, possible duplicates, its history) and the decision form,
 * or unpublishing for a published item with nothing waiting. « Corriger » opens the member's form
 * of the type to correct what waits before deciding.
 */
export function ModerationReviewPage() {
  const { type = '', id = '' } = useParams();
  const isTeam = useIsModerationTeam();
  const navigate = useNavigate();
  const query = useQuery({ ...moderationQueries.item(type, id), enabled: isTeam, retry: false });
  const failed = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (failed) navigate(pathTo('404'), { replace: true });
  }, [failed, navigate]);
  const review = query.data?.data ?? null;

  return (
    <ModerationFrame title={review?.title ?? null} reservedTitle="Relecture" menu={false}>
      {review ? (
        <Review review={review} />
      ) : query.error && !failed ? (
        <p role="alert">{query.error.message}</p>
      ) : (
        <Loader />
      )}
    </ModerationFrame>
  );
}

function Review({ review }: { review: ModerationReview }) {
  const location = useLocation();
  const queueSearch = (location.state as ReviewLocationState | null)?.queueSearch ?? '';
  const queuePath = pathTo('moderation') + (queueSearch ? `?${queueSearch}` : '');
  const queryClient = useQueryClient();
  const [correcting, setCorrecting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // After the form closes, the focus goes to the message (saved) or back to « Corriger ».
  const [focusAfter, setFocusAfter] = useState<'notice' | 'button' | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const correctRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusAfter === 'notice') noticeRef.current?.focus();
    if (focusAfter === 'button') correctRef.current?.focus();
  }, [focusAfter]);

  const closeCorrection = (message: string | null) => {
    setCorrecting(false);
    setNotice(message);
    setFocusAfter(message ? 'notice' : 'button');
    if (message) void invalidateModeration(queryClient);
  };

  return (
    <>
      <ul className={`${fr.cx('fr-badges-group')} fr-mb-2w`}>
        <li>
          <span className={fr.cx('fr-badge', 'fr-badge--no-icon')}>{review.type_label}</span>
        </li>
        <li>
          <span
            className={fr.cx(
              'fr-badge',
              'fr-badge--no-icon',
              review.kind === 'edit' ? 'fr-badge--new' : 'fr-badge--info',
            )}
          >
            {review.kind ? KIND_LABELS[review.kind] : review.moderation_status_label}
          </span>
        </li>
      </ul>
      <Submitter review={review} />
      {notice ? (
        <div
          ref={noticeRef}
          tabIndex={-1}
          role="status"
          className={fr.cx('fr-alert', 'fr-alert--success', 'fr-alert--sm', 'fr-mt-2w')}
        >
          <p>{notice}</p>
        </div>
      ) : null}
      {review.can_correct && !correcting ? (
        <p className={fr.cx('fr-mt-2w')}>
          <button
            ref={correctRef}
            type="button"
            className={fr.cx(
              'fr-btn',
              'fr-btn--secondary',
              'fr-btn--icon-left',
              'fr-icon-edit-line',
            )}
            onClick={() => {
              setNotice(null);
              setFocusAfter(null);
              setCorrecting(true);
            }}
          >
            Corriger
          </button>
        </p>
      ) : null}

      {correcting ? (
        <div className={fr.cx('fr-mt-4w')}>
          <Suspense fallback={<Loader />}>
            <CorrectionForm
              review={review}
              onSaved={(message) => closeCorrection(message)}
              onCancel={() => closeCorrection(null)}
            />
          </Suspense>
        </div>
      ) : (
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-mt-2w')}>
          <div className={fr.cx('fr-col-12', 'fr-col-lg-8')}>
            <ErrorReportsPanel type={review.type} id={review.id} />
            {review.kind === 'edit' ? <ReviewChanges changes={review.changes} /> : null}
            <ReviewPublicView view={review.public_view} />
            <ReviewFields review={review} />
            <ReviewDuplicates duplicates={review.duplicates} />
            <ReviewHistory history={review.history} />
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-lg-4')}>
            <aside className="app-moderation-aside" aria-labelledby="moderation-decision-title">
              {review.kind ? (
                <DecisionForm review={review} queuePath={queuePath} />
              ) : review.moderation_status === 'published' ? (
                <UnpublishForm review={review} queuePath={queuePath} />
              ) : (
                <>
                  <h2 id="moderation-decision-title" className={fr.cx('fr-h4')}>
                    Décision
                  </h2>
                  <p className={fr.cx('fr-mb-0')}>
                    Cet élément n'attend aucune décision de modération (statut :{' '}
                    {review.moderation_status_label}).
                  </p>
                </>
              )}
            </aside>
            <p className={fr.cx('fr-mt-3w')}>
              <Link
                to={queuePath}
                className={fr.cx('fr-link', 'fr-icon-arrow-left-line', 'fr-link--icon-left')}
              >
                Retour à la file de modération
              </Link>
            </p>
          </div>
        </div>
      )}
    </>
  );
}

/** Who submitted the item, for which institution, and when. */
function Submitter({ review }: { review: ModerationReview }) {
  const { author, institution, submitted_at: submittedAt } = review;
  return (
    <p className={fr.cx('fr-text--sm', 'fr-mb-1w')}>
      {author ? (
        <>
          Proposée par <strong>{author.name}</strong> (
          <a href={`mailto:${author.email}`}>{author.email}</a>)
        </>
      ) : (
        "Contenu sans auteur (ajouté par l'équipe)"
      )}
      {institution ? <> pour la structure « {institution} »</> : null}
      {submittedAt ? (
        <>
          ,{' '}
          <time dateTime={submittedAt} title={formatDate(submittedAt)}>
            {formatRelative(submittedAt)}
          </time>
        </>
      ) : null}
      .
      {review.moderation_comment && !review.kind ? (
        <>
          <br />
          Dernier commentaire de modération : {review.moderation_comment}
        </>
      ) : null}
    </p>
  );
}
