import { MARKER_ICON_SIZE, type MapListItem } from '@ad/contract';
import type { MapListKind } from './map-query.ts';

/**
 * The marker pins (spec §2, §9: 30 by 45): a drop coloured by the item's theme, with a white dot
 * for an initiative and a white square for a food procedure, so that the two stay apart without
 * colour. Plain SVG strings: the map draws them as Leaflet div icons, the legend inline.
 */

export const FALLBACK_MARKER_COLOR = '#666666';

const [WIDTH, HEIGHT] = MARKER_ICON_SIZE;

const escapeAttribute = (value: string) => value.replace(/[^#0-9a-zA-Z]/g, '');

export function markerSvg(kind: MapListKind, color: string | null | undefined): string {
  const fill = escapeAttribute(color || FALLBACK_MARKER_COLOR);
  const mark =
    kind === 'foodProcedures'
      ? '<rect x="9" y="9" width="12" height="12" rx="1" fill="#fff"/>'
      : '<circle cx="15" cy="15" r="6" fill="#fff"/>';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 30 45" aria-hidden="true" focusable="false">` +
    `<path d="M15 1C7.3 1 1 7.2 1 14.9c0 10.4 14 29.1 14 29.1s14-18.7 14-29.1C29 7.2 22.7 1 15 1z" fill="${fill}" stroke="#fff" stroke-width="1.5"/>` +
    `${mark}</svg>`
  );
}

/** The marker of a list item. */
export function itemMarkerSvg(kind: MapListKind, item: MapListItem): string {
  return markerSvg(kind, item.thematic?.color);
}
