import { useMemo } from 'react';
import { fr } from '../../lib/fr.ts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { pathTo } from '@ad/contract';
import { Loader } from '../../app/loader.tsx';
import { useRouteItem } from '../../app/route-item.tsx';
import { ItemLoadError, useMissingItemShows404 } from '../../app/item-page-errors.tsx';
import { resourceQuery } from '../../features/resources/api.ts';
import '../../features/resources/resource.css';
import { ResourceArticleBody } from './resource-article.tsx';

/**
 * A resource (route resource, spec public-site §2, §3): name, category, date, description, then
 * by type its file (DSFR download link), its video (player after consent) or its external link.
 */
export function ResourcePage() {
  const { slug = '' } = useParams();
  const { data, error } = useQuery({ ...resourceQuery(slug), select: (response) => response.data });
  // The name and description fill the title, the meta description and the breadcrumb.
  const item = useMemo(
    () => (data ? { name: data.name, description: data.description } : null),
    [data],
  );
  useRouteItem(item);

  const missing = useMissingItemShows404(error);
  if (error && !missing) {
    return (
      <ItemLoadError heading="Ressources" error={error}>
        <BackLink />
      </ItemLoadError>
    );
  }
  if (!data) return <Loader />;
  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <article className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
        <div className={fr.cx('fr-col-12', 'fr-col-lg-8')}>
          <ResourceArticleBody resource={data} />
          <p className={fr.cx('fr-mt-6w')}>
            <BackLink />
          </p>
        </div>
        {data.thumbUrl ? (
          <div className={fr.cx('fr-col-12', 'fr-col-lg-4')}>
            <img className={fr.cx('fr-responsive-img')} src={data.thumbUrl} alt="" />
          </div>
        ) : null}
      </article>
    </div>
  );
}

function BackLink() {
  return (
    <Link
      to={pathTo('resources')}
      className={fr.cx('fr-link', 'fr-icon-arrow-left-line', 'fr-link--icon-left')}
    >
      Retour aux ressources
    </Link>
  );
}
