import { useEffect, useId, useState } from 'react';
import { BREAKPOINT_TABLET, type MapFilters } from '@ad/contract';
import { fr } from '../../lib/fr.ts';
import { FALLBACK_MARKER_COLOR, markerSvg } from './map-markers.ts';
import type { MapListKind } from './map-query.ts';

/**
 * A pin of the legend, drawn inline: an image of an SVG data: URL is a document of its own for
 * the browser (about 5 ms of the main thread each on a desktop, while the page is parsed).
 */
function LegendPin({ kind, color }: { kind: MapListKind; color: string | null }) {
  return (
    <span
      className="ad-map-legend__pin"
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: markerSvg(kind, color) }}
    />
  );
}

/**
 * 'Légende' (spec §2): the food-procedure pin, then the themes with their colours. A disclosure
 * over the map, open on large screens; on small ones, where it would cover most of the map, it
 * closes once the page has started (the server's HTML, without a screen size, has it open).
 */
export function MapLegend({ themes }: { themes: MapFilters['themes'] }) {
  const id = useId();
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (!window.matchMedia(`(min-width: ${BREAKPOINT_TABLET}px)`).matches) setOpen(false);
  }, []);
  return (
    <div className="ad-map-legend" data-open={open}>
      <button
        type="button"
        className={fr.cx('fr-btn', 'fr-btn--tertiary', 'fr-btn--sm')}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Légende
      </button>
      <ul id={id} hidden={!open} className="ad-map-legend__items">
        <li>
          <LegendPin kind="foodProcedures" color={FALLBACK_MARKER_COLOR} />
          Démarche alimentaire
        </li>
        {themes.map((theme) => (
          <li key={theme.id}>
            <LegendPin kind="initiatives" color={theme.color} />
            {theme.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
