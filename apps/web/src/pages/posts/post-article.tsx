import { fr } from '../../lib/fr.ts';
import type { PostDetail } from '../../features/posts/posts.ts';
import { formatEventDates, formatUpdatedAt } from './post-dates.ts';

/** The optional event of a post: its date(s), hour and place. */
function PostEvent({
  event,
  headingLevel,
}: {
  event: NonNullable<PostDetail['event']>;
  headingLevel: 'h2' | 'h4';
}) {
  const Heading = headingLevel;
  return (
    <div className={fr.cx('fr-callout', 'fr-icon-calendar-event-line', 'fr-my-4w')}>
      <Heading className={fr.cx('fr-callout__title', 'fr-h6')}>Évènement</Heading>
      <ul className={fr.cx('fr-callout__text', 'fr-raw-list', 'fr-text--md')}>
        <li>{formatEventDates(event)}</li>
        {event.hour && <li>Heure : {event.hour}</li>}
        {event.place && <li>Lieu : {event.place}</li>}
      </ul>
    </div>
  );
}

/**
 * The body of a post's article: title, category, last modification, the optional event,
 * description, image and 'En savoir plus'. The post page shows it with its title as the page's
 * h1; the moderation's « Aperçu public » one level down (`titleLevel` 3, styled as an h1).
 */
export function PostArticleBody({
  post,
  titleLevel = 1,
}: {
  post: PostDetail;
  titleLevel?: 1 | 3;
}) {
  const Title = titleLevel === 1 ? 'h1' : 'h3';
  return (
    <>
      <Title className={titleLevel === 1 ? undefined : fr.cx('fr-h1')}>{post.title}</Title>
      {post.category && (
        <p className={fr.cx('fr-tag', 'fr-mb-2w')}>
          <span className={fr.cx('fr-sr-only')}>Catégorie : </span>
          {post.category.name}
        </p>
      )}
      <p className={fr.cx('fr-text--sm', 'fr-mb-4w')}>
        <span
          className={fr.cx('fr-icon-time-line', 'fr-icon--sm', 'fr-mr-1v')}
          aria-hidden="true"
        />
        <time dateTime={post.updated_at}>{`Mis à jour ${formatUpdatedAt(post.updated_at)}`}</time>
      </p>

      {post.event && <PostEvent event={post.event} headingLevel={titleLevel === 1 ? 'h2' : 'h4'} />}

      {/* Sanitised on the server when the post is saved. */}
      <div dangerouslySetInnerHTML={{ __html: post.description }} />

      {post.image && (
        // The server's <img> element, with its alt text.
        <div className={fr.cx('fr-my-4w')} dangerouslySetInnerHTML={{ __html: post.image }} />
      )}

      {post.external_url && (
        <p className={fr.cx('fr-mt-4w')}>
          <a
            href={post.external_url}
            target="_blank"
            rel="noopener noreferrer"
            className={fr.cx('fr-btn')}
            title="En savoir plus - nouvelle fenêtre"
          >
            En savoir plus
          </a>
        </p>
      )}
    </>
  );
}
