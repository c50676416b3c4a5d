import {
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
} from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BREAKPOINT_TABLET, pathTo, type MapListItem } from '@ad/contract';
import { fr } from '../../lib/fr.ts';
import { ClientOnly } from '../../app/client-only.tsx';
import { CloseButton } from '../../app/close-button.tsx';
import { lazyComponent } from '../../app/lazy-component.tsx';
import { Loader } from '../../app/loader.tsx';
import { NativeDialog } from '../../app/native-dialog.tsx';
import { usePageConfig } from '../../app/page-config.ts';
import { useRouteItem } from '../../app/route-item.tsx';
import { AskContactDialog } from '../../features/contacts/ask-contact-dialog.tsx';
import {
  ErrorReportDialog,
  type ErrorReportTarget,
} from '../../features/error-reports/error-report-dialog.tsx';
import { mapDetailQuery, mapFiltersQuery } from '../../features/maps/api.ts';
import { ExportReportDialog } from '../../features/maps/export-report-dialog.tsx';
import type { InitiativesMapProps, MapFocus } from '../../features/maps/initiatives-map.tsx';
import { ItemDetail } from '../../features/maps/item-detail.tsx';
import { MapFilterTags } from '../../features/maps/map-filter-tags.tsx';
import { MapFilterSelects, MapSearch } from '../../features/maps/map-filters-bar.tsx';
import { MapLegend } from '../../features/maps/map-legend.tsx';
import { MapList } from '../../features/maps/map-list.tsx';
import {
  listsOf,
  mapQueryFrom,
  type MapBounds,
  type MapListKind,
  type MapQuery,
} from '../../features/maps/map-query.ts';
import {
  criteriaNotInReport,
  mapQuerySearch,
  relatedInitiatives,
  withFilter,
  withMovedBounds,
  withResourceType,
  withSearch,
  withoutFilter,
} from '../../features/maps/map-query-changes.ts';
import { useMapLists } from '../../features/maps/use-map-lists.ts';
import { detailOf, detailPath } from './initiatives.ts';
import './initiatives.css';

/**
 * The state the address bar holds now, which every change of the query builds on. The router
 * writes a navigation there at once and renders it a little later (a transition): a map move
 * ending in between, or a click, must build on the new query, not bring the old one back.
 */
function addressed(): { query: MapQuery; detailOpen: boolean; onPage: boolean } {
  const { pathname, search } = window.location;
  const page = pathTo('initiatives');
  const detailOpen = pathname.startsWith(`${page}/`);
  return {
    query: mapQueryFrom(new URLSearchParams(search)),
    detailOpen,
    // Not when the visitor has just followed a link to another page (still loading).
    onPage: pathname === page || detailOpen,
  };
}

/** The map island: Leaflet in its own chunk, loaded in the browser only. */
const InitiativesMap = lazyComponent<InitiativesMapProps>(() =>
  import('../../features/maps/initiatives-map.tsx').then((m) => m.default),
);

// In the browser, its chunk loads while the page hydrates, not after.
if (typeof window !== 'undefined') void InitiativesMap.preload();

const mapPlaceholder = <div className="ad-map" aria-hidden="true" />;

/**
 * 'Les initiatives d'alimentation saine et durable' (spec public-site §2 'Initiatives page', §4):
 * the filter bar, the side list, the map and its legend, and on /initiatives/{type}/{id} the
 * detail modal over the same page (the page is not remounted: the map keeps its view). The state
 * lives in the URL (features/maps/map-query.ts).
 */
export function InitiativesPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useParams();
  const { tileUrl, tileAttribution } = usePageConfig().settings;
  const query = useMemo(
    () => mapQueryFrom(new URLSearchParams(location.search)),
    [location.search],
  );
  const filters = useQuery(mapFiltersQuery());
  const { mapped, lists, listed, totals, loading, ready, error } = useMapLists(query);
  // Spec §8 leaves list failures unshown; a loader that never ends would mislead (decision 0011).
  const failed = error !== null && !loading;
  const kinds = listsOf(query);

  const detail = detailOf(params);
  const detailOpen = params.selectedResourceType !== undefined;
  const [mobileView, setMobileView] = useState<'list' | 'map'>('list');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [contact, setContact] = useState<{ id: number; society_name: string } | null>(null);
  const [errorReport, setErrorReport] = useState<ErrorReportTarget | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  /**
   * Where the focus goes when the detail leaves for the results: the list, or the map where the
   * phone's toggle shows the map instead (the list is not displayed then).
   */
  const listSection = useRef<HTMLElement>(null);
  const focusList = useCallback((): HTMLElement | null => {
    const list = listSection.current;
    if (list?.offsetParent) return list;
    return document.querySelector<HTMLElement>('.ad-initiatives__map .leaflet-container');
  }, []);
  const listAfterDetail = useRef(false);
  // « Voir les initiatives liées »: the detail is gone, its results are in the list. After the
  // dialog's own cleanup, whose opener (a list row) may show another item by now.
  useEffect(() => {
    if (detailOpen || !listAfterDetail.current) return;
    listAfterDetail.current = false;
    focusList()?.focus({ preventScroll: true });
  }, [detailOpen, focusList]);

  const go = useCallback(
    (next: MapQuery, replace = false) =>
      navigate(
        { pathname: pathTo('initiatives'), search: mapQuerySearch(next) },
        { replace, preventScrollReset: true },
      ),
    [navigate],
  );
  const onSearch = useCallback(
    (q: string) => {
      const latest = addressed();
      if (q.trim() !== latest.query.q) go(withSearch(latest.query, q));
    },
    [go],
  );
  // The query the page shows (committed: a render may be started and dropped).
  const shown = useRef(query);
  useLayoutEffect(() => {
    shown.current = query;
  }, [query]);
  const onBoundsChange = useCallback(
    (bounds: MapBounds) => {
      const { query: latest, detailOpen: open, onPage } = addressed();
      if (!onPage) return false;
      const next = withMovedBounds(latest, bounds, { detailOpen: open, shown: shown.current });
      if (next) void go(next, true);
      return next !== null;
    },
    [go],
  );
  const itemHref = useCallback(
    (kind: MapListKind, item: MapListItem) => detailPath(kind, item.id, location.search),
    [location.search],
  );
  const onNavigate = useCallback((href: string) => navigate(href), [navigate]);

  // Tablet and below: the link opens the detail modal. Larger screens: the marker's popup, with
  // the focus, when the map has the item (not yet while the list shows only its first pages).
  // A click with a modifier key keeps the link's own behaviour (a new tab, a new window).
  const onItemClick = (kind: MapListKind, item: MapListItem, event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!window.matchMedia(`(min-width: ${BREAKPOINT_TABLET}px)`).matches) return;
    if (!lists[kind].some((shown) => shown.id === item.id)) return;
    event.preventDefault();
    setFocus({ kind, id: item.id, from: event.currentTarget as HTMLElement });
  };

  const closeDetail = () => {
    listAfterDetail.current = false;
    navigate(
      { pathname: pathTo('initiatives'), search: location.search },
      { preventScrollReset: true },
    );
  };

  const filterSelects = (
    <MapFilterSelects
      query={query}
      filters={filters.data}
      onFilter={(name, values) => go(withFilter(addressed().query, name, values))}
    />
  );

  return (
    <div className={fr.cx('fr-container', 'fr-my-4w')}>
      <h1>Les initiatives d'alimentation saine et durable</h1>
      <MapSearch q={query.q} onSearch={onSearch} />
      <div className="ad-initiatives__filters">{filterSelects}</div>
      <div className="ad-initiatives__mobile-bar">
        <button
          type="button"
          className={fr.cx('fr-btn', 'fr-btn--secondary', 'fr-btn--sm')}
          onClick={() => setMobileView(mobileView === 'list' ? 'map' : 'list')}
        >
          {/* A no-break space: a plain one would vanish at the end of the flex item. */}
          <span aria-hidden="true">&gt;&nbsp;</span>
          {mobileView === 'list' ? 'Carte' : 'Liste'}
        </button>
        <button
          type="button"
          className={fr.cx(
            'fr-btn',
            'fr-btn--tertiary',
            'fr-btn--sm',
            'fr-icon-filter-line',
            'fr-btn--icon-left',
          )}
          aria-haspopup="dialog"
          onClick={() => setFiltersOpen(true)}
        >
          Filtrer
        </button>
      </div>
      <MapFilterTags
        query={query}
        onRemove={(name) => {
          go(withoutFilter(addressed().query, name));
          // The tag goes: the focus moves to the search, the top of the page's controls.
          document.querySelector<HTMLInputElement>('.ad-map-search input')?.focus();
        }}
      />
      <NativeDialog
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        labelledBy="initiatives-filters-title"
        className="app-dialog"
      >
        <div className={fr.cx('fr-modal__body')}>
          <div className={fr.cx('fr-modal__header')}>
            <CloseButton title="Fermer les filtres" onClick={() => setFiltersOpen(false)} />
          </div>
          <div className={fr.cx('fr-modal__content')}>
            <h2 id="initiatives-filters-title" className={fr.cx('fr-modal__title')}>
              Filtrer
            </h2>
            {filterSelects}
          </div>
        </div>
      </NativeDialog>

      {/* Said by screen readers: a live region present before its text (outside the columns,
          which the phone's toggle hides in turn). */}
      <p className={fr.cx('fr-sr-only')} role="status">
        {loading ? 'Chargement…' : ''}
      </p>
      {/* Above both columns: seen with the list and with the map (phones show one of them). */}
      {failed ? (
        <div
          className={fr.cx('fr-alert', 'fr-alert--error', 'fr-alert--sm', 'fr-mb-2w')}
          role="alert"
        >
          <p>Les initiatives n'ont pas pu être chargées. Veuillez réessayer dans un instant.</p>
        </div>
      ) : null}
      <div className="ad-initiatives" data-mobile-view={mobileView}>
        <section
          ref={listSection}
          className="ad-initiatives__list"
          aria-label="Liste des résultats"
          tabIndex={-1}
        >
          <MapList
            query={query}
            kinds={kinds}
            lists={listed}
            counts={totals}
            loading={(loading || !ready) && !failed}
            failed={failed}
            itemHref={itemHref}
            onItemClick={onItemClick}
            onResourceType={(type) => go(withResourceType(addressed().query, type))}
            onExport={() => setExportOpen(true)}
          />
        </section>
        <div className="ad-initiatives__map">
          <ClientOnly placeholderClassName="ad-map">
            {() => (
              <Suspense fallback={mapPlaceholder}>
                <InitiativesMap
                  items={mapped}
                  bounds={query.bounds}
                  tileUrl={tileUrl}
                  tileAttribution={tileAttribution}
                  onBoundsChange={onBoundsChange}
                  detailHref={itemHref}
                  onNavigate={onNavigate}
                  focus={focus}
                  fitToMarkers={query.demarcheId !== null}
                  itemsCurrent={ready}
                />
              </Suspense>
            )}
          </ClientOnly>
          {loading ? (
            <p className="ad-initiatives__loading" aria-hidden="true">
              Chargement…
            </p>
          ) : null}
          <MapLegend themes={filters.data?.themes ?? []} />
        </div>
      </div>

      <div className={fr.cx('fr-callout', 'fr-mt-6w')}>
        <h2 className={fr.cx('fr-callout__title')}>Vous portez une initiative ?</h2>
        <p className={fr.cx('fr-callout__text')}>
          Producteurs, collectivités, associations, restaurateurs : publiez votre initiative ou
          votre démarche alimentaire pour la faire connaître sur la carte de la région.
        </p>
        <Link to={pathTo('myaccount.initiatives.create')} className={fr.cx('fr-btn')}>
          Publier mon initiative
        </Link>
      </div>

      {detailOpen ? (
        <DetailDialog
          detail={detail}
          hidden={contact !== null || errorReport !== null}
          onClose={closeDetail}
          fallbackFocus={focusList}
          onShowRelated={(procedureId) => {
            listAfterDetail.current = true;
            go(relatedInitiatives(addressed().query, procedureId));
          }}
          onAskContact={setContact}
          onReportError={setErrorReport}
        />
      ) : null}
      <AskContactDialog contact={contact} onClose={() => setContact(null)} />
      <ErrorReportDialog target={errorReport} onClose={() => setErrorReport(null)} />
      <ExportReportDialog
        open={exportOpen}
        onClose={() => setExportOpen(false)}
        criteria={{
          subthematics: query.filters.subthematics.map(Number),
          projectHolders: query.filters.projectHolders.map(Number),
          beneficiaries: query.filters.beneficiaries.map(Number),
          locations: query.filters.locations,
        }}
        ignored={criteriaNotInReport(query)}
        filters={filters.data}
      />
    </div>
  );
}

/**
 * The detail modal of /initiatives/{initiative|demarche}/{id}: fetched only for a valid type and
 * integer id (spec §5); hidden while the contact modal is open; the page title is the item's.
 */
function DetailDialog({
  detail,
  hidden,
  onClose,
  fallbackFocus,
  onShowRelated,
  onAskContact,
  onReportError,
}: {
  detail: ReturnType<typeof detailOf>;
  hidden: boolean;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
  onShowRelated: (procedureId: number) => void;
  onAskContact: (contact: { id: number; society_name: string }) => void;
  onReportError: (target: ErrorReportTarget) => void;
}) {
  const titleId = 'initiative-detail-title';
  const result = useQuery({
    ...mapDetailQuery(detail?.type ?? 'initiative', detail?.id ?? 0),
    enabled: detail !== null,
  });
  const item = result.data?.data;
  useRouteItem(item as Record<string, unknown> | undefined);
  return (
    <NativeDialog
      open={!hidden}
      // Hidden while the contact or error-report form is open, then shown again as it was.
      keepMounted
      fallbackFocus={fallbackFocus}
      onClose={onClose}
      labelledBy={item ? titleId : undefined}
      label={item ? undefined : 'Fiche'}
      className="app-dialog ad-detail-dialog"
    >
      <div className={fr.cx('fr-modal__body')}>
        <div className={fr.cx('fr-modal__header')}>
          <CloseButton title="Fermer la fenêtre modale" onClick={onClose} />
        </div>
        <div className={fr.cx('fr-modal__content')}>
          {item ? (
            <ItemDetail
              item={item}
              titleId={titleId}
              onShowRelated={onShowRelated}
              onAskContact={onAskContact}
              onReportError={() =>
                onReportError({ type: item.resource_type, id: item.id, title: item.title })
              }
            />
          ) : result.error || !detail ? (
            <p role="alert">Cette fiche est introuvable ou n'est plus publiée.</p>
          ) : (
            <Loader />
          )}
        </div>
      </div>
    </NativeDialog>
  );
}
