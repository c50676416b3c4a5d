import { useQuery } from '@tanstack/react-query';
import { fr } from '../../lib/fr.ts';
import { mapDetailQuery } from './api.ts';
import type { MapQuery } from './map-query.ts';

/**
 * The filters that come from a link rather than from the filter bar: a procedure's initiatives
 * ('Voir les initiatives liées') and a contact's items (the directory's link). Each is a tag that
 * removes it, so the visitor can always get back to the whole map.
 */
export function MapFilterTags({
  query,
  onRemove,
}: {
  query: Pick<MapQuery, 'demarcheId' | 'contactId'>;
  onRemove: (name: 'demarcheId' | 'contactId') => void;
}) {
  const procedure = useQuery({
    ...mapDetailQuery('demarche', query.demarcheId ?? 0),
    enabled: query.demarcheId !== null,
  });
  const procedureTitle = procedure.data?.data.title;
  const tags = [
    query.demarcheId !== null && {
      name: 'demarcheId' as const,
      label: procedureTitle ? `Démarche : ${procedureTitle}` : "Initiatives d'une démarche",
    },
    query.contactId !== null && {
      name: 'contactId' as const,
      label: "Initiatives d'un contact de l'annuaire",
    },
  ].filter((tag) => tag !== false);
  if (tags.length === 0) return null;
  return (
    <ul className={fr.cx('fr-tags-group', 'fr-mt-2w')} aria-label="Filtres actifs">
      {tags.map((tag) => (
        <li key={tag.name}>
          <button
            type="button"
            className={fr.cx('fr-tag', 'fr-tag--dismiss')}
            aria-label={`Retirer le filtre ${tag.label}`}
            onClick={() => onRemove(tag.name)}
          >
            {tag.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
