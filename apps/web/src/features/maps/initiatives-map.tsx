import { useEffect, useRef } from 'react';
import L from 'leaflet';
import leafletCssUrl from 'leaflet/dist/leaflet.css?url';
import {
  FIT_TO_MARKERS_DELAY_MS,
  MAP_INITIAL_ZOOM,
  MAP_MAX_ZOOM,
  MARKER_ICON_SIZE,
  type MapListItem,
} from '@ad/contract';
import { formatNumber } from '../../lib/french-numbers.ts';
import { ClusterClient } from './cluster-client.ts';
import { ClusterIndex } from './cluster-index.ts';
import type { ClustersAnswer } from './cluster-protocol.ts';
import { type MapBounds, type MapListKind } from './map-query.ts';
import { boundsKey } from './map-query-changes.ts';
import { itemMarkerSvg } from './map-markers.ts';
import outlines from './outlines.json';
import './initiatives-map.css';

/**
 * The map of the initiatives page: a client-only island (Leaflet, in its own chunk). Markers are
 * clustered with supercluster (cluster-index.ts, partly in a worker) and only what the view shows
 * is drawn, so tens of thousands of items stay smooth. The region and its départements are drawn under the markers, so the map
 * still reads when the tiles cannot load. The side list is its text alternative.
 */

export interface MapItems {
  foodProcedures: readonly MapListItem[];
  initiatives: readonly MapListItem[];
}

/**
 * An item to show: its popup opened and focused, zoomed in and flown to (a list click on large
 * screens). When the popup closes with the focus in it, the focus goes back to `from`.
 */
export interface MapFocus {
  kind: MapListKind;
  id: number;
  from?: HTMLElement | null;
}

export interface InitiativesMapProps {
  items: MapItems;
  /**
   * The query's bounds, or null: the map starts at its initial view and reports its bounds. When
   * they change otherwise than by the map's own move (a filter change resets them, a step back in
   * the history), the map shows them: the list and the map always show the same area.
   */
  bounds: MapBounds | null;
  tileUrl: string;
  tileAttribution: string;
  /**
   * The map moved (or, without bounds, is ready): its new bounds. Returns whether the page took
   * them into its query (which then echoes them).
   */
  onBoundsChange: (bounds: MapBounds) => boolean;
  /** The href of an item's detail ('Voir plus'). */
  detailHref: (kind: MapListKind, item: MapListItem) => string;
  /** Follows a 'Voir plus' link inside the app (no page load). */
  onNavigate: (href: string) => void;
  focus: MapFocus | null;
  /** Fits the view to the markers about 250 ms after the query's result came (a procedure filter). */
  fitToMarkers: boolean;
  /** Whether `items` is the result of the current query (a fit waits for it). */
  itemsCurrent: boolean;
}

/** A point of the map: the worker names it by its index in the list of them. */
interface PointProperties {
  kind: MapListKind;
  item: MapListItem;
}

const REGION_CENTER: L.LatLngTuple = [45.19, 0.35];

/** The region's outline's extent: the first view when the URL has no bounds. */
const REGION_BOUNDS = L.geoJSON(
  (outlines as GeoJSON.FeatureCollection).features.filter((f) => f.properties?.kind === 'region'),
).getBounds();

function addLeafletStylesheet() {
  if (document.querySelector('link[data-leaflet]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = leafletCssUrl;
  link.dataset.leaflet = '';
  document.head.append(link);
}

const toBounds = (b: L.LatLngBounds): MapBounds => ({
  south: b.getSouth(),
  north: b.getNorth(),
  west: b.getWest(),
  east: b.getEast(),
});

function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function popupHtml(kind: MapListKind, item: MapListItem, href: string) {
  const pat = kind === 'foodProcedures' && item.is_pat === 1;
  return (
    `<div class="ad-map-popup">` +
    (pat ? `<p class="fr-badge fr-badge--sm fr-badge--info ad-map-popup__badge">PAT</p>` : '') +
    `<p class="ad-map-popup__title">${escapeHtml(item.title)}</p>` +
    `<a class="fr-link fr-link--sm" href="${escapeHtml(href)}" data-map-detail>Voir plus<span class="fr-sr-only"> : ${escapeHtml(item.title)}</span></a>` +
    `</div>`
  );
}

const [ICON_WIDTH, ICON_HEIGHT] = MARKER_ICON_SIZE;

function markerIcon(kind: MapListKind, item: MapListItem) {
  return L.divIcon({
    className: 'ad-map-marker',
    html: itemMarkerSvg(kind, item),
    iconSize: [ICON_WIDTH, ICON_HEIGHT],
    iconAnchor: [ICON_WIDTH / 2, ICON_HEIGHT],
    popupAnchor: [0, -ICON_HEIGHT + 4],
  });
}

function clusterIcon(count: number) {
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 46 : 52;
  return L.divIcon({
    className: 'ad-map-cluster',
    // Its name for screen readers: the count and what the button does (the title is only a hint).
    html:
      `<span aria-hidden="true">${formatNumber(count)}</span>` +
      `<span class="fr-sr-only">${count} éléments : zoomer</span>`,
    iconSize: [size, size],
  });
}

/** At most this many of the map's reports wait for their echo (a missed echo leaves one behind). */
const REPORTS_KEPT = 16;

/**
 * Opens a marker's popup with the focus on its 'Voir plus' link (spec §2: a list click focuses
 * the popup), and gives the focus back to `from` (the list's link) when the popup closes with
 * the focus in it (Escape, its close button): keyboard users are never left nowhere.
 */
function openFocused(marker: L.Marker, from: HTMLElement | null | undefined) {
  marker.openPopup();
  const popup = marker.getPopup();
  const element = popup?.getElement();
  if (!popup || !element) return;
  element.querySelector<HTMLElement>('a[data-map-detail]')?.focus({ preventScroll: true });
  marker.once('popupclose', () => {
    const active = document.activeElement;
    if (from?.isConnected && (!active || active === document.body || element.contains(active))) {
      from.focus({ preventScroll: true });
    }
  });
}

export default function InitiativesMap(props: InitiativesMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const state = useRef<{
    map: L.Map;
    layer: L.LayerGroup;
    clusters: ClusterClient;
    /** The last result: its points, in the order the index names them, and their index. */
    points: PointProperties[] | null;
    index: ClusterIndex | null;
    /** The markers of the last view drawn, by item, and the zoom they were drawn for. */
    markers: Map<string, L.Marker>;
    markersZoom: number | null;
    draw: () => void;
    /** Points the open popup's 'Voir plus' link at the query, which has changed. */
    refreshPopup: () => void;
    /**
     * Shows these bounds, or the initial view of the region: now, or once the map appears (a
     * hidden map, the list shown on a phone, has no size).
     */
    show: (bounds: MapBounds | null) => void;
    /** Fits the view to these markers' bounds: now, or once the map appears. */
    fit: (markers: L.LatLngBounds) => void;
    /**
     * The keys (boundsKey) of the reports the page took and has not echoed yet, oldest first.
     * The query echoes each one a little later, in order: by then the map may have moved again
     * (quick zoom clicks), and the echo of an older report must not bring it back.
     */
    reported: string[];
    /** The key of the view the map shows (its last report, or what it was told to show). */
    view: string | null;
  } | null>(null);
  // The latest props for Leaflet's listeners, which are bound once.
  const latest = useRef(props);
  latest.current = props;

  // The map itself: created once.
  useEffect(() => {
    addLeafletStylesheet();
    const element = container.current!;
    const map = L.map(element, {
      maxZoom: MAP_MAX_ZOOM,
      zoomSnap: 0.25,
      preferCanvas: false,
      zoomControl: false,
    });
    L.control.zoom({ zoomInTitle: 'Zoomer', zoomOutTitle: 'Dézoomer' }).addTo(map);
    L.tileLayer(latest.current.tileUrl, {
      attribution: latest.current.tileAttribution,
      maxZoom: MAP_MAX_ZOOM,
    }).addTo(map);
    // A few thousand points, drawn whole rather than clipped to the view at each move (Leaflet's
    // clipping of the outlines, on every move and before the first draw, was a third of the map's
    // creation); its polygons take the options of the layer.
    const outlineOptions: L.GeoJSONOptions & L.PolylineOptions = {
      interactive: false,
      noClip: true,
      style: (feature) =>
        feature?.properties?.kind === 'region'
          ? { color: '#000091', weight: 2.5, fill: true, fillColor: '#f5f5fe', fillOpacity: 0.35 }
          : // Solid: a dashed outline drawn whole would be cut into dashes along its whole length.
            { color: '#6a6af4', weight: 1, opacity: 0.75, fill: false },
    };
    L.geoJSON(outlines as GeoJSON.FeatureCollection, outlineOptions).addTo(map);
    const layer = L.layerGroup().addTo(map);
    const markers = new Map<string, L.Marker>();
    const clusterClient = new ClusterClient();

    // What the view shows, drawn again after each move and each new list (the map fires
    // 'ad:drawn' then: above the first zoom, the worker's answer comes a little later). Markers
    // still shown are kept (an open popup stays open), the others removed, the new ones added. A
    // marker's popup is written when it opens, from its entry's item (a new result may bring a
    // new one).
    type Shown = { marker: L.Marker; point?: PointProperties };
    const shown = new Map<string, Shown>();
    let lastDraw = 0;
    const draw = () => {
      const { index, points } = state.current ?? {};
      if (!index || !points) return; // the points come with the lists
      const b = map.getBounds();
      const zoom = Math.round(map.getZoom());
      const ticket = (lastDraw += 1);
      const drawn = (answer: ClustersAnswer | null) => {
        // Only the answer to the last question, about the last result, is drawn.
        if (!answer || ticket !== lastDraw || state.current?.points !== points) return;
        drawAnswer(answer, points, index, zoom);
        if (state.current) state.current.markersZoom = zoom;
        map.fire('ad:drawn', { zoom });
      };
      const answer = index.clusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom);
      if (answer instanceof Promise) void answer.then(drawn);
      else drawn(answer);
    };
    const drawAnswer = (
      answer: ClustersAnswer,
      points: PointProperties[],
      index: ClusterIndex,
      zoom: number,
    ) => {
      const next = new Map<string, Shown>();
      markers.clear();
      const { clusters } = answer;
      for (let c = 0; c < clusters.length; c += 4) {
        const clusterId = clusters[c]!;
        const count = clusters[c + 1]!;
        const lng = clusters[c + 2]!;
        const lat = clusters[c + 3]!;
        const key = `cluster:${zoom}:${clusterId}:${count}:${lat}:${lng}`;
        const kept = shown.get(key);
        if (kept) {
          next.set(key, kept);
          continue;
        }
        const marker = L.marker([lat, lng], {
          icon: clusterIcon(count),
          title: `${count} éléments : zoomer`,
          keyboard: true,
        });
        // Zoomed in to show its points: where they fit, at the maximum zoom for points at
        // one place (Leaflet.markercluster's way).
        const zoomIn = async () => {
          const extent = await index.expansion(clusterId, zoom);
          if (!extent) return;
          map.flyToBounds(
            [
              [extent[0], extent[1]],
              [extent[2], extent[3]],
            ],
            { maxZoom: MAP_MAX_ZOOM, padding: [40, 40] },
          );
        };
        marker.on('click', () => void zoomIn());
        // A focusable button for the keyboard too (Leaflet only handles Enter on markers
        // with a popup): Enter or Space.
        marker.on('keypress', (event) => {
          const { key } = (event as L.LeafletKeyboardEvent).originalEvent;
          if (key !== 'Enter' && key !== ' ') return;
          event.originalEvent.preventDefault();
          // The cluster goes with the move: the focus stays on the map (its arrow keys pan).
          map.once('moveend', () => map.getContainer().focus({ preventScroll: true }));
          void zoomIn();
        });
        next.set(key, { marker });
      }
      for (const position of answer.points) {
        const point = points[position]!;
        const { kind, item } = point;
        const lat = item.latitude;
        const lng = item.longitude;
        const key = `${kind}:${item.id}`;
        let entry = shown.get(key);
        if (entry) {
          entry.point = point;
        } else {
          const marker = L.marker([lat, lng], { icon: markerIcon(kind, item), title: item.title });
          const created: Shown = { marker, point };
          marker.bindPopup(
            () => {
              const { kind: k, item: i } = created.point!;
              return popupHtml(k, i, latest.current.detailHref(k, i));
            },
            { maxWidth: 260 },
          );
          entry = created;
        }
        next.set(key, entry);
        markers.set(key, entry.marker);
      }
      for (const [key, { marker }] of shown) if (!next.has(key)) layer.removeLayer(marker);
      for (const [key, { marker }] of next) if (!shown.has(key)) layer.addLayer(marker);
      shown.clear();
      for (const [key, entry] of next) shown.set(key, entry);
    };

    // The view to show as soon as the map is visible (undefined: none waits), or the markers to
    // fit (a procedure filter chosen in the list, on a phone): the last asked of the two.
    let pending: MapBounds | null | undefined = latest.current.bounds;
    let pendingFit: L.LatLngBounds | undefined;
    // Shown, and with the size Leaflet knows: a map just shown keeps its hidden size (0×0) until
    // the resize observer tells it, at the next frame; a view asked before then waits for it.
    const visible = () => {
      const known = map.getSize();
      const { clientWidth: width, clientHeight: height } = element;
      return width > 0 && height > 0 && known.x === width && known.y === height;
    };

    map.on('moveend', () => {
      draw();
      // Only a visible map says what it shows, and not before it shows the view it must.
      if (visible() && pending === undefined && !pendingFit && state.current) {
        const bounds = toBounds(map.getBounds());
        const { reported } = state.current;
        state.current.view = boundsKey(bounds);
        if (latest.current.onBoundsChange(bounds)) reported.push(state.current.view);
        if (reported.length > REPORTS_KEPT) reported.shift();
      }
    });
    // Leaflet names the popup's close button in English, and closes a popup on Escape only
    // while the map itself has the focus: not while its link or button has it.
    map.on('popupopen', (event) => {
      event.popup
        .getElement()
        ?.querySelector('.leaflet-popup-close-button')
        ?.setAttribute('aria-label', 'Fermer la bulle');
    });
    element.addEventListener('keydown', (event) => {
      const target = event.target as HTMLElement;
      // A marker (a button for screen readers) opens its popup with Enter or Space, the focus on
      // its link, given back to the marker when it closes. Leaflet reacts to Enter only, and left
      // the focus on the marker, the link coming after every marker of the map.
      if (
        (event.key === 'Enter' || event.key === ' ') &&
        target.classList.contains('ad-map-marker')
      ) {
        const entry = [...shown.values()].find(({ marker }) => marker.getElement() === target);
        if (!entry) return;
        // No keypress then: Leaflet's Enter would toggle the popup again.
        event.preventDefault();
        openFocused(entry.marker, target);
        return;
      }
      if (event.key !== 'Escape' || !target.closest('.leaflet-popup')) return;
      event.preventDefault();
      map.closePopup();
    });
    // 'Voir plus' inside a popup: followed by the app's router.
    element.addEventListener('click', (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-map-detail]');
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      latest.current.onNavigate(link.getAttribute('href')!);
    });

    // Leaflet's zoom animation (250 ms) ends by moving to where it was going, over any view set
    // meanwhile: a view asked then waits for its end.
    let zooming = false;
    map.on('zoomanim', () => (zooming = true));
    map.on('zoomend', () => {
      zooming = false;
      if (visible()) showPending();
    });

    // A view: the bounds, else the whole region (at most the initial zoom).
    const show = (bounds: MapBounds | null) => {
      if (state.current) {
        state.current.reported = [];
        state.current.view = bounds && boundsKey(bounds);
      }
      pendingFit = undefined;
      if (!visible() || zooming) {
        pending = bounds;
        return;
      }
      pending = undefined;
      if (bounds) {
        map.fitBounds(
          [
            [bounds.south, bounds.west],
            [bounds.north, bounds.east],
          ],
          { animate: false },
        );
      } else {
        map.fitBounds(REGION_BOUNDS, { maxZoom: MAP_INITIAL_ZOOM, animate: false });
      }
    };
    const fit = (markers: L.LatLngBounds) => {
      pending = undefined;
      if (!visible() || zooming) {
        pendingFit = markers;
        return;
      }
      pendingFit = undefined;
      map.fitBounds(markers, { padding: [40, 40], maxZoom: 14, animate: false });
    };
    const showPending = () => {
      if (pendingFit) fit(pendingFit);
      else if (pending !== undefined) show(pending);
    };
    // In place: the link keeps the focus that a list click gave it.
    const refreshPopup = () => {
      for (const { marker, point } of shown.values()) {
        if (!point || !marker.isPopupOpen()) continue;
        marker
          .getPopup()!
          .getElement()
          ?.querySelector('a[data-map-detail]')
          ?.setAttribute('href', latest.current.detailHref(point.kind, point.item));
      }
    };
    state.current = {
      map,
      layer,
      clusters: clusterClient,
      points: null,
      index: null,
      markers,
      markersZoom: null,
      draw,
      refreshPopup,
      show,
      fit,
      reported: [],
      view: null,
    };
    // The first view: the query's when the map has its size, else a provisional one (each new
    // view projects the outlines again) until it appears.
    show(latest.current.bounds);
    if (pending !== undefined) map.setView(REGION_CENTER, MAP_INITIAL_ZOOM, { animate: false });
    const resize = new ResizeObserver(() => {
      map.invalidateSize({ pan: false });
      showPending();
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      clusterClient.dispose();
      state.current = null;
      map.remove();
    };
  }, []);

  // The query's bounds differ from the map's view otherwise than by the echo of its own move (a
  // filter or a search reset them, a step back in the history), or the procedure filter (whose
  // markers decided the view, below) was left: the map shows the query's bounds. Compared with
  // the map's view, not with the last bounds rendered: a step back may come before the echo of
  // the last move was rendered, and the query's bounds then look unchanged.
  const { bounds, fitToMarkers } = props;
  const seen = useRef({ key: bounds && boundsKey(bounds), fitToMarkers });
  useEffect(() => {
    const key = bounds && boundsKey(bounds);
    const previous = seen.current;
    seen.current = { key, fitToMarkers };
    const current = state.current;
    if (!current || (!bounds && fitToMarkers)) return;
    const left = previous.fitToMarkers && !fitToMarkers;
    if (key === null) {
      if (previous.key !== null || left) current.show(null);
      return;
    }
    // The echo of a report: the reports before it were echoed (or dropped) already.
    const echoed = current.reported.indexOf(key);
    if (echoed >= 0) current.reported.splice(0, echoed + 1);
    if (left || (echoed < 0 && key !== current.view)) current.show(bounds);
  }, [bounds, fitToMarkers]);

  // A popup's 'Voir plus' link keeps the query, which a move has just changed: the open one is
  // written again (the others are written when they open).
  const { detailHref } = props;
  useEffect(() => state.current?.refreshPopup(), [detailHref]);

  // The points: indexed again when a new result comes (not when the map moves: the items are the
  // whole result, clipped to the view by the index).
  const { items } = props;
  useEffect(() => {
    const current = state.current;
    if (!current) return;
    const points: PointProperties[] = [];
    for (const kind of ['foodProcedures', 'initiatives'] as const) {
      for (const item of items[kind]) points.push({ kind, item });
    }
    const coordinates = new Float64Array(points.length * 2);
    points.forEach(({ item }, i) => {
      coordinates[2 * i] = item.longitude;
      coordinates[2 * i + 1] = item.latitude;
    });
    current.points = points;
    current.index = new ClusterIndex(
      coordinates,
      Math.round(current.map.getZoom()),
      current.clusters,
    );
    current.draw();
  }, [items]);

  // A procedure filter: the view fits the markers of its result about 250 ms after it came (spec
  // §4, §9), not those of the result before; on a phone showing the list, once the map is shown.
  // Without Leaflet's zoom animation, which starts at the next frame: a view shown before that
  // frame (the filter removed) would be moved back to the markers, and the map report their bounds.
  const { itemsCurrent } = props;
  useEffect(() => {
    if (!fitToMarkers || !itemsCurrent) return;
    const all = [...items.foodProcedures, ...items.initiatives];
    if (all.length === 0) return;
    const timer = setTimeout(() => {
      state.current?.fit(
        L.latLngBounds(all.map((i) => [i.latitude, i.longitude] as L.LatLngTuple)),
      );
    }, FIT_TO_MARKERS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [fitToMarkers, itemsCurrent, items]);

  // A list click on large screens: zoomed to the maximum if needed, flown to, popup opened.
  const { focus } = props;
  useEffect(() => {
    const current = state.current;
    if (!current || !focus) return;
    const item = latest.current.items[focus.kind].find((i) => i.id === focus.id);
    if (!item) return;
    const { map } = current;
    const key = `${focus.kind}:${focus.id}`;
    const position = L.latLng(item.latitude, item.longitude);
    // The map flies to it (spec §2), at this zoom when its own marker is drawn for it, else (in a
    // cluster, or the markers of this zoom still to come from the worker) at the maximum.
    const zoomNow = Math.round(map.getZoom());
    const shown = current.markers.has(key) && current.markersZoom === zoomNow;
    const zoom = shown ? map.getZoom() : MAP_MAX_ZOOM;
    // The popup opens on the first view drawn for the map's zoom once the flight has ended (its
    // 'zoomend': a resize or the end of another pan also end a move, not the flight), never with
    // the markers of an answer asked before or during it. Anything else moving the map (the
    // visitor, a filter) gives up, and so does a view that does not show the item on its own.
    let flying = true;
    const stop = () => {
      map.off('ad:drawn', onDrawn);
      map.off('zoomend', onArrival);
      map.off('movestart', stop);
    };
    const onDrawn = (event: L.LeafletEvent & { zoom?: number }) => {
      if (flying || event.zoom !== Math.round(map.getZoom())) return;
      stop();
      const marker = current.markers.get(key);
      if (marker) openFocused(marker, focus.from);
    };
    const onArrival = () => {
      flying = false;
    };
    map.on('ad:drawn', onDrawn);
    map.once('zoomend', onArrival);
    map.flyTo(position, zoom, { duration: 1 });
    // After flyTo: its own start is not a move of someone else.
    map.once('movestart', stop);
    return stop;
  }, [focus]);

  return (
    <div ref={container} className="ad-map" role="region" aria-label="Carte des initiatives" />
  );
}
