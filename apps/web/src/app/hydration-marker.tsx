import { useEffect } from 'react';

let onHydrated: (() => void) | undefined;

/** Browser only: what to do once the server's HTML is hydrated, the page's included (once). */
export function whenHydrated(run: () => void): void {
  onHydrated = run;
}

/**
 * Rendered after the page, in its Suspense boundary (layout.tsx): React hydrates the frame first
 * and a boundary's content in a later commit, so its effect runs once the page itself is
 * hydrated. It calls `whenHydrated`'s function, then marks <html data-hydrated>: from then on
 * every control has its handler (browser tests wait for it). Effects never run on the server.
 */
export function HydrationMarker() {
  useEffect(() => {
    const run = onHydrated;
    onHydrated = undefined;
    run?.();
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
