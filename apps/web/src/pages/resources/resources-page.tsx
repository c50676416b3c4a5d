import { fr } from '../../lib/fr.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import { Loader } from '../../app/loader.tsx';
import { useListState } from '../../features/lists/list-params.ts';
import { MultiSelectFilter } from '../../features/lists/multi-select-filter.tsx';
import { EmptyResults, ListPagination, ResultsStatus } from '../../features/lists/pagination.tsx';
import {
  RESOURCE_FILTERS,
  resourceFiltersQuery,
  resourcesQuery,
} from '../../features/resources/api.ts';
import { ResourceCard } from '../../features/resources/resource-card.tsx';
import '../../features/resources/resource.css';

/**
 * 'Les ressources' (spec public-site §2): filters Catégories, Thématiques (grouped by thematic)
 * and Types, 'Déposer une ressource', the cards and the pagination.
 */
export function ResourcesPage() {
  const list = useListState(RESOURCE_FILTERS);
  const filters = useQuery(resourceFiltersQuery());
  const resources = useQuery({ ...resourcesQuery(list), placeholderData: keepPreviousData });
  const result = resources.data;

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <div className="app-resources-head">
        <h1 className={fr.cx('fr-mb-0')}>Les ressources</h1>
        <Link
          to={pathTo('myaccount.resources.create')}
          className={fr.cx('fr-btn', 'fr-icon-add-line', 'fr-btn--icon-left')}
        >
          Déposer une ressource
        </Link>
      </div>
      <div className={`app-filter-bar ${fr.cx('fr-my-4w')}`}>
        <MultiSelectFilter
          label="Catégories"
          options={(filters.data?.categories ?? []).map((category) => ({
            value: String(category.id),
            label: category.name,
          }))}
          selected={list.filters.categories ?? []}
          onChange={(values) => list.setFilter('categories', values)}
        />
        <MultiSelectFilter
          label="Thématiques"
          groups={(filters.data?.subthematics ?? []).map((group) => ({
            label: group.thematic.name,
            options: group.subthematics.map((subthematic) => ({
              value: String(subthematic.id),
              label: subthematic.name,
            })),
          }))}
          selected={list.filters.subthematics ?? []}
          onChange={(values) => list.setFilter('subthematics', values)}
        />
        <MultiSelectFilter
          label="Types"
          options={(filters.data?.types ?? []).map((type) => ({
            value: type.slug,
            label: type.name,
          }))}
          selected={list.filters.types ?? []}
          onChange={(values) => list.setFilter('types', values)}
        />
      </div>
      <ResultsStatus
        total={result && !resources.isPlaceholderData ? result.meta.total : null}
        one="ressource trouvée"
        many="ressources trouvées"
      />
      {resources.error && !result ? (
        <p role="alert">{resources.error.message}</p>
      ) : !result ? (
        <Loader />
      ) : result.data.length === 0 ? (
        <EmptyResults meta={result.meta} />
      ) : (
        <div aria-busy={resources.isPlaceholderData}>
          <ul className={`${fr.cx('fr-grid-row', 'fr-grid-row--gutters')} fr-raw-list`}>
            {result.data.map((resource, index) => (
              <li key={resource.slug} className={fr.cx('fr-col-12', 'fr-col-md-6', 'fr-col-lg-4')}>
                <ResourceCard resource={resource} first={index === 0} />
              </li>
            ))}
          </ul>
          <ListPagination meta={result.meta} pages={result.pages} />
        </div>
      )}
    </div>
  );
}
