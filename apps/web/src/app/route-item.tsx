import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { usePageConfig } from './page-config.ts';
import type { RouteItem } from './route-head.ts';

interface RouteItemState {
  pathname: string;
  item: RouteItem;
}

interface RouteItemContextValue {
  /** The item handed by the page of the current path, or null. */
  item: RouteItem | null;
  setItem: (state: RouteItemState | null) => void;
}

const RouteItemContext = createContext<RouteItemContextValue>({
  item: null,
  setItem: () => undefined,
});

/**
 * Holds the item of the current detail page for the head (title, meta) and the breadcrumb.
 * It starts with the item the server loaded for the first page (page config), so a detail page
 * has its title, description and breadcrumb from the first render; a page that loads its own
 * item later overrides it through useRouteItem.
 */
export function RouteItemProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { item: initialItem } = usePageConfig();
  const [state, setItem] = useState<RouteItemState | null>(() =>
    initialItem ? { pathname, item: initialItem } : null,
  );
  // An item only counts on the path that provided it, so a stale one never leaks to the next page.
  const item = state && state.pathname === pathname ? state.item : null;
  const value = useMemo(() => ({ item, setItem }), [item]);
  return <RouteItemContext.Provider value={value}>{children}</RouteItemContext.Provider>;
}

/**
 * A detail page hands its loaded item (or null while loading) to the frame: the ':field'
 * placeholders of the route's title, description and breadcrumb are filled from it, e.g.
 * `useRouteItem(post)` on /actualites/:slug fills ':title' and ':description'.
 * Pass a stable object (the query data), not a literal rebuilt on every render.
 */
export function useRouteItem(item: RouteItem | null | undefined): void {
  const { setItem } = useContext(RouteItemContext);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!item) return;
    setItem({ pathname, item });
    return () => setItem(null);
  }, [item, pathname, setItem]);
}

/** The item of the current page (null on pages that provide none). */
export function useCurrentRouteItem(): RouteItem | null {
  return useContext(RouteItemContext).item;
}
