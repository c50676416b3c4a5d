import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { routeForPath } from './route-head.ts';

const RETRY_FRAMES = 60;

/** Retries `attempt` on the next frames until it succeeds (lazy pages render after a tick). */
function retry(attempt: () => boolean): () => void {
  let frames = 0;
  let handle = 0;
  const run = () => {
    if (attempt() || ++frames >= RETRY_FRAMES) return;
    handle = requestAnimationFrame(run);
  };
  run();
  return () => cancelAnimationFrame(handle);
}

function elementForHash(hash: string): HTMLElement | null {
  const id = decodeURIComponent(hash.slice(1));
  return id ? document.getElementById(id) : null;
}

/**
 * Scroll rule of the spec (§2): a navigation to a new route scrolls to the top, unless there is
 * a hash (scroll to its element when it exists), a saved position (back/forward restores it),
 * or the route name is the same (only the query or parameters changed).
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const previous = useRef<{ key: string; routeName: string } | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Remember the position of the current history entry while the user scrolls. The key is read
  // from a ref updated in the layout effect, so that the scroll events caused by a navigation
  // (clamping, scroll to top) are never recorded against the entry we just left.
  const currentKey = useRef(location.key);
  useEffect(() => {
    const save = () => positions.current.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    const routeName = routeForPath(location.pathname).name;
    const before = previous.current;
    previous.current = { key: location.key, routeName };
    currentKey.current = location.key;
    if (before?.key === location.key) return;

    const saved = positions.current.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      return retry(() => {
        window.scrollTo(0, saved);
        return Math.abs(window.scrollY - saved) < 2;
      });
    }
    if (location.hash) {
      return retry(() => {
        const target = elementForHash(location.hash);
        target?.scrollIntoView();
        return !!target;
      });
    }
    if (!before || before.routeName === routeName) return;
    window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
