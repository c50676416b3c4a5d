import { useId, useState } from 'react';
import type { MapFilters } from '@ad/contract';
import { fr } from '../../lib/fr.ts';
import { FALLBACK_MARKER_COLOR, markerDataUrl } from './map-markers.ts';

/**
 * 'Légende' (spec §2): the food-procedure pin, then the themes with their colours. A disclosure
 * over the map, open by default on large screens (CSS) and closed on small ones.
 */
export function MapLegend({ themes }: { themes: MapFilters['themes'] }) {
  const id = useId();
  const [open, setOpen] = useState(true);
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
          <img
            src={markerDataUrl('foodProcedures', FALLBACK_MARKER_COLOR)}
            alt=""
            width={20}
            height={30}
          />
          Démarche alimentaire
        </li>
        {themes.map((theme) => (
          <li key={theme.id}>
            <img src={markerDataUrl('initiatives', theme.color)} alt="" width={20} height={30} />
            {theme.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
