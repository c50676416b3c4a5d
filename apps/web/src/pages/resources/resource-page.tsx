import { useMemo } from 'react';
import { fr } from '../../lib/fr.ts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { pathTo } from '@ad/contract';
import { Loader } from '../../app/loader.tsx';
import { useRouteItem } from '../../app/route-item.tsx';
import { ItemLoadError, useMissingItemShows404 } from '../../app/item-page-errors.tsx';
import { resourceQuery, type Resource } from '../../features/resources/api.ts';
import { fileDetail } from '../../features/resources/file-size.ts';
import { formatResourceDate } from '../../features/resources/resource-date.ts';
import { ResourceVideo } from '../../features/resources/resource-video.tsx';
import '../../features/resources/resource.css';

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
          {data.category || data.type ? (
            <ul className={fr.cx('fr-tags-group')}>
              {data.category ? (
                <li>
                  <p className={fr.cx('fr-tag')}>
                    <span className={fr.cx('fr-sr-only')}>Catégorie : </span>
                    {data.category.name}
                  </p>
                </li>
              ) : null}
              {data.type ? (
                <li>
                  <p className={fr.cx('fr-tag')}>
                    <span className={fr.cx('fr-sr-only')}>Type : </span>
                    {data.type.name}
                  </p>
                </li>
              ) : null}
            </ul>
          ) : null}
          <h1>{data.name}</h1>
          <p className={fr.cx('fr-text--sm')}>
            Mise à jour le {formatResourceDate(data.updated_at)}
          </p>
          {data.description ? (
            // Sanitised on the server when it is saved.
            <div dangerouslySetInnerHTML={{ __html: data.description }} />
          ) : null}
          <div className={fr.cx('fr-mt-4w')}>
            <ResourceContent resource={data} />
          </div>
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

function ResourceContent({ resource }: { resource: Resource }) {
  switch (resource.type?.slug) {
    case 'file':
      if (!resource.resourceFile) return null;
      return (
        <a
          className={fr.cx('fr-link', 'fr-link--download')}
          href={resource.resourceFile.file}
          download
        >
          Télécharger « {resource.name} »
          <span className={fr.cx('fr-link__detail')}>
            {fileDetail(resource.resourceFile.file, resource.resourceFile.size)}
          </span>
        </a>
      );
    case 'video':
      return resource.video_url ? (
        <ResourceVideo url={resource.video_url} name={resource.name} />
      ) : null;
    case 'external_url':
      return resource.external_url ? (
        <a
          className={fr.cx('fr-btn')}
          href={resource.external_url}
          target="_blank"
          rel="noopener noreferrer"
          title={`Consulter la ressource « ${resource.name} » - nouvelle fenêtre`}
        >
          Consulter la ressource
        </a>
      ) : null;
    default:
      return null;
  }
}
