import './search-page.css';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { fr } from '../../lib/fr.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MAX_SEARCH_QUERY_LENGTH, SEARCH_TYPE_LABELS, type SearchResult } from '@ad/contract';
import { Loader } from '../../app/loader.tsx';
import { useListState } from '../../features/lists/list-params.ts';
import { EmptyResults, ListPagination, ResultsStatus } from '../../features/lists/pagination.tsx';
import {
  isExternalResult,
  SEARCH_PARAMS,
  searchFiltersQuery,
  searchQuery,
  searchStateFrom,
} from './search.ts';

/**
 * 'Résultats de votre recherche' (spec public-site §2): the query, a field to change it, the
 * 'Types' filter, the results (title, type, excerpt of 30 words with the matching words marked)
 * and the pagination. Everything lives in the URL (`q`, `type`, `page`); nothing is fetched
 * while `q` is empty (spec §5).
 */
export function SearchPage() {
  const { searchParams, setSingle, update } = useListState([], SEARCH_PARAMS);
  const state = searchStateFrom(searchParams);
  const { data, error, isFetching, isPlaceholderData } = useQuery({
    ...searchQuery(state),
    enabled: state.q !== '',
    placeholderData: keepPreviousData,
  });
  const types = useQuery(searchFiltersQuery()).data?.types ?? [];
  const ids = { q: useId(), type: useId() };
  // A new query in the URL (header search, back button) refills the field, in place: a field
  // rebuilt under the caret would lose the focus. Not the query this form just sent: the
  // visitor may already be typing the next one when the page renders it.
  const field = useRef<HTMLInputElement>(null);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const input = field.current;
    const ours = sent.current === state.q;
    sent.current = null;
    if (input && !ours && input.value.trim() !== state.q) input.value = state.q;
  }, [state.q]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    sent.current = q;
    update((next) => {
      if (q) next.set('q', q);
      else next.delete('q');
      next.delete('page');
    });
  };

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1 className={fr.cx('fr-mb-2w')}>Résultats de votre recherche</h1>
      {state.q && (
        <p className={fr.cx('fr-text--lead')}>
          Votre recherche : <strong className="app-search__query">« {state.q} »</strong>
        </p>
      )}

      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-grid-row--bottom')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-8')}>
          <form role="search" onSubmit={submit}>
            <div className={fr.cx('fr-search-bar')}>
              <label className={fr.cx('fr-label')} htmlFor={ids.q}>
                Rechercher sur le site
              </label>
              <input
                ref={field}
                className={fr.cx('fr-input')}
                id={ids.q}
                name="q"
                type="search"
                placeholder="Rechercher"
                maxLength={MAX_SEARCH_QUERY_LENGTH}
                defaultValue={state.q}
              />
              <button type="submit" className={fr.cx('fr-btn')} title="Rechercher">
                Rechercher
              </button>
            </div>
          </form>
        </div>
        <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
          <div className={fr.cx('fr-select-group')}>
            <label className={fr.cx('fr-label')} htmlFor={ids.type}>
              Types
            </label>
            <select
              className={fr.cx('fr-select')}
              id={ids.type}
              value={state.type}
              onChange={(event) => setSingle('type', event.target.value || null)}
            >
              <option value="">Tous les types</option>
              {types.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <ResultsStatus
        total={state.q && data && !isPlaceholderData ? data.meta.total : null}
        one="résultat"
        many="résultats"
      />
      {/* Busy while shown results are being replaced; never around the loader, which it would
          silence. */}
      <section
        className={fr.cx('fr-mt-4w')}
        aria-label="Résultats"
        aria-busy={isFetching && data !== undefined}
      >
        {!state.q ? (
          <p>Saisissez un ou plusieurs mots pour rechercher sur le site.</p>
        ) : error && !data ? (
          <p role="alert">{error.message}</p>
        ) : !data ? (
          <Loader />
        ) : data.data.length === 0 ? (
          <EmptyResults meta={data.meta} />
        ) : (
          <>
            <p className={fr.cx('fr-text--sm')}>
              {data.meta.total === 1 ? '1 résultat' : `${data.meta.total} résultats`}
            </p>
            <ul className={`${fr.cx('fr-raw-list')} app-search__results`}>
              {data.data.map((result, index) => (
                // Two events may share a title and a link: the position tells them apart.
                <li key={`${index}:${result.type}:${result.url}`}>
                  <SearchResultCard result={result} />
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

/**
 * One result: its title as the link (external results open in a new window, announced), its
 * type, its excerpt. The server sends the title and excerpt as escaped text where only the
 * `<mark>` of the matching words is markup.
 */
function SearchResultCard({ result }: { result: SearchResult }) {
  const title = { __html: result.searchable.searchable_title || escapeText(result.title) };
  const external = isExternalResult(result);
  return (
    <article className={fr.cx('fr-card', 'fr-enlarge-link', 'fr-card--sm')}>
      <div className={fr.cx('fr-card__body')}>
        <div className={fr.cx('fr-card__content')}>
          <h2 className={fr.cx('fr-card__title')}>
            {external ? (
              <a
                href={result.url}
                target="_blank"
                rel="noopener noreferrer"
                title={`${result.title} - nouvelle fenêtre`}
                dangerouslySetInnerHTML={title}
              />
            ) : (
              <Link to={result.url} dangerouslySetInnerHTML={title} />
            )}
          </h2>
          {result.searchable.searchable_description && (
            <p
              className={`${fr.cx('fr-card__desc')} app-search__excerpt`}
              dangerouslySetInnerHTML={{ __html: result.searchable.searchable_description }}
            />
          )}
          <div className={fr.cx('fr-card__start')}>
            <p className={fr.cx('fr-card__detail')}>{SEARCH_TYPE_LABELS[result.type]}</p>
          </div>
        </div>
      </div>
    </article>
  );
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
