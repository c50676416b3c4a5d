import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
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

/** Holds the item of the current detail page for the head (title, meta) and the breadcrumb. */
export function RouteItemProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [state, setItem] = useState<RouteItemState | null>(null);
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
