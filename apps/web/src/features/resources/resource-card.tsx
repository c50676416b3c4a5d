import { fr } from '../../lib/fr.ts';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import { excerpt } from '../../lib/excerpt.ts';
import type { Resource } from './api.ts';
import { formatDate } from '../../lib/date.ts';
import { cardImageLoading } from '../lists/card-image.ts';

/** A card of 'Les ressources': the whole card links to the resource page (route resource). */
export function ResourceCard({
  resource,
  first = false,
}: {
  resource: Resource;
  /** The first card of its list: its image loads at once (cardImageLoading). */
  first?: boolean;
}) {
  const image = resource.thumbUrl ?? resource.category?.featured_image?.image ?? null;
  const summary = excerpt(resource.description);
  return (
    <div className={fr.cx('fr-card', 'fr-enlarge-link')}>
      <div className={fr.cx('fr-card__body')}>
        <div className={fr.cx('fr-card__content')}>
          <h2 className={fr.cx('fr-card__title')}>
            <Link to={pathTo('resource', { slug: resource.slug })}>{resource.name}</Link>
          </h2>
          {summary ? <p className={fr.cx('fr-card__desc')}>{summary}</p> : null}
          <div className={fr.cx('fr-card__start')}>
            {resource.type ? (
              <ul className={fr.cx('fr-badges-group')}>
                <li>
                  <p className={fr.cx('fr-badge', 'fr-badge--sm', 'fr-badge--blue-cumulus')}>
                    {resource.type.name}
                  </p>
                </li>
              </ul>
            ) : null}
            {resource.category ? (
              <p className={fr.cx('fr-card__detail')}>{resource.category.name}</p>
            ) : null}
          </div>
          <div className={fr.cx('fr-card__end')}>
            <p className={fr.cx('fr-card__detail', 'fr-icon-time-line')}>
              Mise à jour le {formatDate(resource.updated_at)}
            </p>
          </div>
        </div>
      </div>
      {image ? (
        <div className={fr.cx('fr-card__header')}>
          <div className={fr.cx('fr-card__img')}>
            <img
              className={fr.cx('fr-responsive-img')}
              src={image}
              alt=""
              {...cardImageLoading(first)}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
