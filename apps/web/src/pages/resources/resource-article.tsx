import { fr } from '../../lib/fr.ts';
import type { Resource } from '../../features/resources/api.ts';
import { downloadName, fileDetail } from '../../features/resources/file-size.ts';
import { formatDate } from '../../lib/date.ts';
import { ResourceVideo } from '../../features/resources/resource-video.tsx';

/**
 * The body of a resource's article (its main column): category and type, name, date,
 * description, then by type its file (DSFR download link), its video (player after consent) or
 * its external link. The resource page shows it with the name as the page's h1; the moderation's
 * « Aperçu public » one level down (`titleLevel` 3, styled as an h1).
 */
export function ResourceArticleBody({
  resource,
  titleLevel = 1,
}: {
  resource: Resource;
  titleLevel?: 1 | 3;
}) {
  const Title = titleLevel === 1 ? 'h1' : 'h3';
  return (
    <>
      {resource.category || resource.type ? (
        <ul className={fr.cx('fr-tags-group')}>
          {resource.category ? (
            <li>
              <p className={fr.cx('fr-tag')}>
                <span className={fr.cx('fr-sr-only')}>Catégorie : </span>
                {resource.category.name}
              </p>
            </li>
          ) : null}
          {resource.type ? (
            <li>
              <p className={fr.cx('fr-tag')}>
                <span className={fr.cx('fr-sr-only')}>Type : </span>
                {resource.type.name}
              </p>
            </li>
          ) : null}
        </ul>
      ) : null}
      <Title className={titleLevel === 1 ? undefined : fr.cx('fr-h1')}>{resource.name}</Title>
      <p className={fr.cx('fr-text--sm')}>Mise à jour le {formatDate(resource.updated_at)}</p>
      {resource.description ? (
        // Sanitised on the server when it is saved.
        <div dangerouslySetInnerHTML={{ __html: resource.description }} />
      ) : null}
      <div className={fr.cx('fr-mt-4w')}>
        <ResourceContent resource={resource} />
      </div>
    </>
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
          download={downloadName(resource.name, resource.resourceFile.file)}
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
