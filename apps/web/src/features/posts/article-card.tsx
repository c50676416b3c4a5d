import { createElement } from 'react';
import { fr } from '../../lib/fr.ts';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import { useHydrated } from '../../app/client-only.tsx';
import { formatRelative } from '../../lib/date.ts';
import { excerpt } from '../../lib/excerpt.ts';
import type { PostListItem } from './posts.ts';
import { cardImageLoading } from '../lists/card-image.ts';

/**
 * 'Mis à jour il y a 3 jours'. The server's HTML may come from the public cache, rendered hours
 * ago: it counts in days ('aujourd’hui', not 'il y a 5 minutes'), which stays true until the
 * cache is emptied at midnight; the text it computed is kept while the browser hydrates (no
 * mismatch error), then the element is rendered again from the browser's clock, to the minute.
 */
function UpdatedAgo({ value }: { value: string }) {
  const hydrated = useHydrated();
  return (
    <time key={hydrated ? 'browser' : 'server'} dateTime={value} suppressHydrationWarning>
      {`Mis à jour ${formatRelative(value, undefined, !hydrated)}`}
    </time>
  );
}

export type ArticleCardHeading = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/**
 * Article card (spec public-site §2, home page and news list): thumbnail, category, title,
 * excerpt, last modification in relative form and a 'Voir plus' link to the post. The whole card
 * is that link (DSFR `fr-enlarge-link`); its accessible name adds the title, so that a list of
 * cards does not read as a list of identical 'Voir plus'.
 */
export function ArticleCard({
  post,
  headingLevel = 'h3',
  first = false,
}: {
  post: PostListItem;
  /** The first card of its list: its image loads at once (cardImageLoading). */
  first?: boolean;
  /** The element of the card's title, for the page's outline ('h3' under an h2). */
  headingLevel?: ArticleCardHeading;
}) {
  const summary = excerpt(post.description);
  return (
    <div className={fr.cx('fr-card', 'fr-enlarge-link', 'fr-card--no-icon')}>
      <div className={fr.cx('fr-card__body')}>
        <div className={fr.cx('fr-card__content')}>
          {createElement(headingLevel, { className: fr.cx('fr-card__title') }, post.title)}
          {summary && <p className={fr.cx('fr-card__desc')}>{summary}</p>}
          {post.category && (
            <div className={fr.cx('fr-card__start')}>
              <p className={fr.cx('fr-card__detail', 'fr-text--bold')}>{post.category.name}</p>
            </div>
          )}
          <div className={fr.cx('fr-card__end')}>
            <p className={fr.cx('fr-card__detail', 'fr-icon-time-line')}>
              <UpdatedAgo value={post.updated_at} />
            </p>
          </div>
        </div>
        <div className={fr.cx('fr-card__footer')}>
          <Link
            to={pathTo('post', { slug: post.slug })}
            className={fr.cx('fr-link', 'fr-icon-arrow-right-line', 'fr-link--icon-right')}
          >
            Voir plus<span className={fr.cx('fr-sr-only')}> : {post.title}</span>
          </Link>
        </div>
      </div>
      {post.thumbUrl && (
        <div className={fr.cx('fr-card__header')}>
          <div className={fr.cx('fr-card__img')}>
            {/* Decorative: the title says what the post is about. */}
            <img
              className={fr.cx('fr-responsive-img')}
              src={post.thumbUrl}
              alt=""
              {...cardImageLoading(first)}
            />
          </div>
        </div>
      )}
    </div>
  );
}
