import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { RouteName } from '@ad/contract';
import { sameScreen } from './pages.ts';
import { routeForPath } from './route-head.ts';

const RETRY_FRAMES = 60;
/** A restored position must hold this many frames: late layout shifts (lazy chunks, fonts) move it. */
const STABLE_FRAMES = 20;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

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

/**
 * Restores a saved position and keeps it until it has held for STABLE_FRAMES frames, giving up
 * as soon as the visitor scrolls on their own.
 */
function restorePosition(y: number): () => void {
  let frames = 0;
  let stable = 0;
  let handle = 0;
  const stop = () => {
    cancelAnimationFrame(handle);
    USER_SCROLL_EVENTS.forEach((type) => window.removeEventListener(type, stop));
  };
  const run = () => {
    if (Math.abs(window.scrollY - y) < 2) stable += 1;
    else {
      stable = 0;
      window.scrollTo(0, y);
    }
    if (stable >= STABLE_FRAMES || ++frames >= RETRY_FRAMES * 2) return stop();
    handle = requestAnimationFrame(run);
  };
  USER_SCROLL_EVENTS.forEach((type) => window.addEventListener(type, stop, { passive: true }));
  window.scrollTo(0, y);
  handle = requestAnimationFrame(run);
  return stop;
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
  const previous = useRef<{ key: string; routeName: RouteName } | null>(null);

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
    if (navigationType === 'POP' && saved !== undefined) return restorePosition(saved);
    if (location.hash) {
      return retry(() => {
        const target = elementForHash(location.hash);
        target?.scrollIntoView();
        return !!target;
      });
    }
    if (!before || before.routeName === routeName) return;
    // A list and its detail modal (the initiatives map): the page stays where it is.
    if (sameScreen(before.routeName, routeName)) return;
    window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
