import './posts-page.css';
import { fr } from '../../lib/fr.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import { Loader } from '../../app/loader.tsx';
import { useListState } from '../../features/lists/list-params.ts';
import { MultiSelectFilter } from '../../features/lists/multi-select-filter.tsx';
import { EmptyResults, ListPagination, ResultsStatus } from '../../features/lists/pagination.tsx';
import { ArticleCard } from '../../features/posts/article-card.tsx';
import { POST_FILTER_NAMES, postFiltersQuery, postsQuery } from '../../features/posts/posts.ts';

/**
 * 'Les actualités' (spec public-site §2, News list): the 'Catégories' filter, the cards of the
 * published posts, newest first, and the pagination. Filters and page live in the URL.
 */
export function PostsPage() {
  const { page, filters, setFilter } = useListState(POST_FILTER_NAMES);
  const categories = filters.categories ?? [];
  const { data: options } = useQuery(postFiltersQuery());
  const { data, error, isFetching, isPlaceholderData } = useQuery({
    ...postsQuery({ page, categories }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>Les actualités</h1>

      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-grid-row--bottom')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-8')}>
          <div className="app-filter-bar">
            <MultiSelectFilter
              label="Catégories"
              options={(options?.categories ?? []).map((category) => ({
                value: String(category.id),
                label: category.name,
              }))}
              selected={categories}
              onChange={(values) => setFilter('categories', values)}
            />
          </div>
        </div>
        <div className={`${fr.cx('fr-col-12', 'fr-col-md-4')} app-posts__propose`}>
          <Link
            to={pathTo('myaccount.posts.create')}
            className={fr.cx('fr-btn', 'fr-icon-add-line', 'fr-btn--icon-left')}
          >
            Déposer une actualité
          </Link>
        </div>
      </div>

      <ResultsStatus
        total={data && !isPlaceholderData ? data.meta.total : null}
        one="actualité trouvée"
        many="actualités trouvées"
      />
      <section
        className={fr.cx('fr-mt-4w')}
        aria-label="Liste des actualités"
        aria-busy={isFetching}
      >
        {error && !data ? (
          <p role="alert">{error.message}</p>
        ) : !data ? (
          <Loader />
        ) : data.data.length === 0 ? (
          <EmptyResults meta={data.meta} />
        ) : (
          <>
            <ul className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-raw-list')}>
              {data.data.map((post, index) => (
                <li key={post.id} className={fr.cx('fr-col-12', 'fr-col-md-6', 'fr-col-lg-4')}>
                  <ArticleCard post={post} headingLevel="h2" first={index === 0} />
                </li>
              ))}
            </ul>
            <ListPagination meta={data.meta} pages={data.pages} />
          </>
        )}
      </section>
    </div>
  );
}
