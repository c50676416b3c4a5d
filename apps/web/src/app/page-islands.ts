/**
 * The modules of the client-only islands a page shows from its first paint, such as the map, by
 * page module (both relative to apps/web: Vite manifest keys). The server preloads them with the
 * page's chunk (its renderer.ts, `manifestPreloadTags`); not the page's other dynamic imports (a
 * form loaded when its dialog first opens). Read by the server's render only (entry-server.tsx): the
 * browser never needs it, so it stays out of the app's chunk.
 */
export const PAGE_ISLANDS: Readonly<Record<string, readonly string[]>> = {
  'src/pages/initiatives/initiatives-page.tsx': ['src/features/maps/initiatives-map.tsx'],
};
