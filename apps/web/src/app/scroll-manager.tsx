import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { RouteName } from '@ad/contract';
import { sameScreen } from './pages.ts';
import { routeForPath } from './route-head.ts';
import { hashTarget } from '../lib/url-hash.ts';

/**
 * Frames a restored position is kept for at most, and twice as many for a hash's element to come:
 * a lazy page that fetches its list first (the directory's card that a search result links to)
 * can take seconds on a slow phone.
 */
const RETRY_FRAMES = 150;
/** A restored position must hold this many frames: late layout shifts (lazy chunks, fonts) move it. */
const STABLE_FRAMES = 20;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Runs `step` on the next frames until it returns true or `frames` have passed, giving up as soon
 * as the visitor scrolls on their own. Returns the cancel function.
 */
function onFrames(frames: number, step: () => boolean): () => void {
  let handle = 0;
  const stop = () => {
    cancelAnimationFrame(handle);
    USER_SCROLL_EVENTS.forEach((type) => window.removeEventListener(type, stop));
  };
  const run = () => {
    if (step() || --frames < 0) return stop();
    handle = requestAnimationFrame(run);
  };
  USER_SCROLL_EVENTS.forEach((type) => window.addEventListener(type, stop, { passive: true }));
  run();
  return stop;
}

/**
 * Restores a saved position and keeps it until it has held for STABLE_FRAMES frames (late layout
 * shifts move it), giving up as soon as the visitor scrolls on their own.
 */
function restorePosition(y: number): () => void {
  let stable = 0;
  window.scrollTo(0, y);
  return onFrames(RETRY_FRAMES, () => {
    if (Math.abs(window.scrollY - y) < 2) stable += 1;
    else {
      stable = 0;
      window.scrollTo(0, y);
    }
    return stable >= STABLE_FRAMES;
  });
}

function elementForHash(hash: string): HTMLElement | null {
  const id = hashTarget(hash);
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
      const toTarget = () => {
        const target = elementForHash(location.hash);
        target?.scrollIntoView();
        return !!target;
      };
      if (toTarget()) return;
      // Another page starts at its top until the element comes (it may never come).
      if (before && before.routeName !== routeName) window.scrollTo(0, 0);
      return onFrames(RETRY_FRAMES * 2, toTarget);
    }
    if (!before || before.routeName === routeName) return;
    // A list and its detail modal (the initiatives map): the page stays where it is.
    if (sameScreen(before.routeName, routeName)) return;
    window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
