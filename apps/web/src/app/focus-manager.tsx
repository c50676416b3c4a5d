import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { sameScreen } from './pages.ts';
import { routeForPath } from './route-head.ts';

/** The id of the page's <main> (layout.tsx). */
export const MAIN_ID = 'content';

/** How long to wait for the <h1> of a lazily loaded page before focusing the main content. */
export const FOCUS_WAIT_MS = 3000;

/** The element that starts the page: its <h1>, or the main content while it has none. */
function focusTarget(main: HTMLElement): HTMLElement | null {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/**
 * Moves the focus to the page's <h1> (or its main content): for a new search made from the
 * header while on the results page, which the FocusManager leaves alone (only the query changes).
 */
export function focusPageStart(): void {
  const main = document.getElementById(MAIN_ID);
  if (main) (focusTarget(main) ?? main).focus({ preventScroll: true });
}

/**
 * After a client-side navigation to another path (not on first load, nor when only the query
 * or the hash changes), moves focus to the new page's <h1>, or to the main content when the
 * page has none, so that keyboard and screen-reader users start at the new page (RGAA 12.x).
 * Lazily loaded pages render after a delay: the heading is awaited, and any key press or
 * pointer press of the user meanwhile cancels the move. The scroll position is left to the
 * ScrollManager.
 */
export function FocusManager() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    const before = previous.current;
    previous.current = pathname;
    // A detail modal opened or closed over its list: the dialog handles the focus.
    if (sameScreen(routeForPath(before).name, routeForPath(pathname).name)) return;

    let frame = 0;
    let cancelled = false;
    const started = performance.now();
    const cancel = () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
    const focus = (element: HTMLElement) => {
      element.focus({ preventScroll: true });
      cancel();
    };
    const attempt = () => {
      if (cancelled) return;
      const main = document.getElementById(MAIN_ID);
      // A pop-up opened by the hash (modal <dialog>) keeps the focus it took.
      if (
        !main ||
        (window.location.hash && document.querySelector('dialog[open]:not(.app-menu)'))
      ) {
        cancel();
        return;
      }
      const target = focusTarget(main);
      if (target) return focus(target);
      if (performance.now() - started >= FOCUS_WAIT_MS) return focus(main);
      frame = requestAnimationFrame(attempt);
    };
    // Next frame: the header first closes its menu, which hands focus back to its opener.
    frame = requestAnimationFrame(attempt);

    document.addEventListener('keydown', cancel, true);
    document.addEventListener('pointerdown', cancel, true);
    return () => {
      cancel();
      document.removeEventListener('keydown', cancel, true);
      document.removeEventListener('pointerdown', cancel, true);
    };
  }, [pathname]);

  return null;
}
