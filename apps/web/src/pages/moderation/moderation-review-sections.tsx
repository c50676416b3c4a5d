import { Link } from 'react-router';
import type { MapItemDetail } from '@ad/contract';
import type {
  ModerationChange,
  ModerationDuplicate,
  ModerationHistoryEntry,
  ModerationPublicView,
  ModerationReview,
} from '@ad/contract/account/moderation';
import { EventCard } from '../../features/events/event-card.tsx';
import type { AgendaEvent } from '../../features/events/events.ts';
import { ItemDetail } from '../../features/maps/item-detail.tsx';
import type { PostDetail } from '../../features/posts/posts.ts';
import type { Resource } from '../../features/resources/api.ts';
import '../../features/resources/resource.css';
import { formatDate } from '../../lib/date.ts';
import { formatTime } from '../../lib/date-time.ts';
import { fr } from '../../lib/fr.ts';
import { PreviewList } from '../account/publications/publication-preview.tsx';
import { eventLink } from '../events/agenda.ts';
import { PostArticleBody } from '../posts/post-article.tsx';
import { ResourceArticleBody } from '../resources/resource-article.tsx';
import { DUPLICATE_REASONS, publicPathOf } from './moderation-labels.ts';

const EMPTY = 'Non renseigné';

/** « 05 mars 2027 à 14:05 ». */
function dateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${formatDate(date)} à ${formatTime(date)}`;
}

/** The API gives fields as plain text whose line breaks are the paragraphs. */
function Text({ value }: { value: string | null }) {
  return value ? <span className="app-moderation-text">{value}</span> : <em>{EMPTY}</em>;
}

/** « Modifications proposées »: the fields an edit changes, published version beside the new one. */
export function ReviewChanges({ changes }: { changes: ModerationChange[] }) {
  return (
    <section className={fr.cx('fr-mb-6w')} aria-labelledby="moderation-changes-title">
      <h2 id="moderation-changes-title" className={fr.cx('fr-h4')}>
        Modifications proposées
      </h2>
      {changes.length === 0 ? (
        <p>Cette modification ne change aucun champ de la version publiée.</p>
      ) : (
        <div className={`${fr.cx('fr-table', 'fr-table--bordered')} app-moderation-table`}>
          <div className={fr.cx('fr-table__wrapper')}>
            {/* Scrolls sideways on small screens: reachable with the keyboard (it holds no link). */}
            <div
              className={fr.cx('fr-table__container')}
              tabIndex={0}
              role="region"
              aria-labelledby="moderation-changes-title"
            >
              <div className={fr.cx('fr-table__content')}>
                <table>
                  <caption className={fr.cx('fr-sr-only')}>
                    Modifications proposées : version publiée et version proposée de chaque champ
                    modifié
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Champ</th>
                      <th scope="col">Version publiée</th>
                      <th scope="col">Version proposée</th>
                    </tr>
                  </thead>
                  <tbody>
                    {changes.map((change) => (
                      <tr key={change.field}>
                        <th scope="row" className={fr.cx('fr-cell--multiline')}>
                          {change.label}
                        </th>
                        <td
                          className={`${fr.cx('fr-cell--multiline')} app-moderation-change--before`}
                        >
                          <Text value={change.before} />
                        </td>
                        <td
                          className={`${fr.cx('fr-cell--multiline')} app-moderation-change--after`}
                        >
                          <Text value={change.after} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

/** The submission field by field (for an edit: the proposed version), empty fields left out. */
export function ReviewFields({ review }: { review: ModerationReview }) {
  const filled = review.fields.filter((field) => field.value);
  const empty = review.fields.filter((field) => !field.value);
  return (
    <section className={fr.cx('fr-mb-6w')} aria-labelledby="moderation-fields-title">
      <h2 id="moderation-fields-title" className={fr.cx('fr-h4')}>
        {review.kind === 'edit'
          ? 'Version proposée'
          : review.kind === 'new'
            ? 'Contenu de la proposition'
            : 'Contenu'}
      </h2>
      <PreviewList
        items={filled.map((field) => ({
          label: field.label,
          value: <Text value={field.value} />,
        }))}
      />
      {empty.length > 0 ? (
        <p className={fr.cx('fr-hint-text', 'fr-mt-2w')}>
          Non renseignés : {empty.map((field) => field.label).join(', ')}.
        </p>
      ) : null}
    </section>
  );
}

/**
 * « Aperçu public »: the submission as the public site will show it once published, with the
 * public pages' components and markup (for an edit: the proposed version). Its links are those
 * of the public page.
 */
export function ReviewPublicView({ view }: { view: ModerationPublicView | null }) {
  if (!view) return null;
  return (
    <section className={fr.cx('fr-mb-6w')} aria-labelledby="moderation-public-title">
      <h2 id="moderation-public-title" className={fr.cx('fr-h4')}>
        Aperçu public
      </h2>
      <p className={fr.cx('fr-hint-text')}>
        {view.kind === 'initiative' || view.kind === 'demarche'
          ? "La fiche telle que la carte l'affichera une fois la proposition publiée."
          : view.kind === 'event'
            ? "L'évènement tel que l'agenda l'affichera une fois la proposition publiée."
            : "La page telle que le site public l'affichera une fois la proposition publiée."}
      </p>
      <div className="app-moderation-public">
        <PublicView view={view} />
      </div>
    </section>
  );
}

function PublicView({ view }: { view: ModerationPublicView }) {
  switch (view.kind) {
    case 'post':
      return <PublicPost post={view.data as PostDetail} />;
    case 'event': {
      const event = view.data as AgendaEvent;
      return <EventCard event={event} link={eventLink(event)} headingLevel={3} />;
    }
    case 'resource':
      return <PublicResource resource={view.data as Resource} />;
    case 'initiative':
    case 'demarche':
      // The map's detail, its title under « Aperçu public »: without « Voir les initiatives
      // liées », the contact button and the contact's link to the map (none works here).
      return (
        <ItemDetail
          item={view.data as MapItemDetail}
          titleId="moderation-public-item-title"
          contactItemsLink={false}
          headingLevel={3}
        />
      );
  }
}

/** The article of the post page (pages/posts/post-page.tsx), its title one level down. */
function PublicPost({ post }: { post: PostDetail }) {
  return (
    <article>
      <PostArticleBody post={post} titleLevel={3} />
    </article>
  );
}

/** The article of the resource page (pages/resources/resource-page.tsx), its name one level down. */
function PublicResource({ resource }: { resource: Resource }) {
  return (
    <article className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
      <div className={fr.cx('fr-col-12', 'fr-col-md-8')}>
        <ResourceArticleBody resource={resource} titleLevel={3} />
      </div>
      {resource.thumbUrl ? (
        <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
          <img className={fr.cx('fr-responsive-img')} src={resource.thumbUrl} alt="" />
        </div>
      ) : null}
    </article>
  );
}

/** « Doublons possibles »: published items with a similar title, or the same commune and theme. */
export function ReviewDuplicates({ duplicates }: { duplicates: ModerationDuplicate[] }) {
  return (
    <section className={fr.cx('fr-mb-6w')} aria-labelledby="moderation-duplicates-title">
      <h2 id="moderation-duplicates-title" className={fr.cx('fr-h4')}>
        Doublons possibles
      </h2>
      {duplicates.length === 0 ? (
        <p>Aucun contenu publié ne semble proche de cette proposition.</p>
      ) : (
        <ul>
          {duplicates.map((duplicate) => {
            const path = publicPathOf(duplicate);
            return (
              <li key={`${duplicate.type}-${duplicate.id}`}>
                {path ? <Link to={path}>{duplicate.title}</Link> : duplicate.title} (
                {DUPLICATE_REASONS[duplicate.reason]})
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** « Historique »: every event of the item, newest first. */
export function ReviewHistory({ history }: { history: ModerationHistoryEntry[] }) {
  return (
    <section className={fr.cx('fr-mb-6w')} aria-labelledby="moderation-history-title">
      <h2 id="moderation-history-title" className={fr.cx('fr-h4')}>
        Historique
      </h2>
      {history.length === 0 ? (
        <p>Aucun évènement enregistré.</p>
      ) : (
        <ol className={`${fr.cx('fr-raw-list')} app-moderation-history`}>
          {history.map((entry) => (
            <li key={entry.id} className="app-moderation-history__entry">
              <p className={fr.cx('fr-mb-0')}>
                <strong>{entry.label}</strong>
                {entry.actor ? <> par {entry.actor.name}</> : null}
                {' — '}
                <time dateTime={entry.created_at}>{dateTime(entry.created_at)}</time>
              </p>
              {entry.comment ? (
                <blockquote className={fr.cx('fr-mt-1w', 'fr-mb-0')}>
                  <p className={fr.cx('fr-mb-0')}>
                    <span className={fr.cx('fr-sr-only')}>Commentaire : </span>
                    {entry.comment}
                  </p>
                </blockquote>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
