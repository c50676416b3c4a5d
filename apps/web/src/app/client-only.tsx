import { useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML, true afterwards. What
 * depends on the browser alone (local storage, the window's size, a map) renders after this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A client-only island (the map is one): the server and the hydrating browser render a
 * placeholder of the same size, then the browser renders `children`. Keep the island's code in
 * its own chunk (lazyComponent) so that it never weighs on the pages without it.
 */
export function ClientOnly({
  children,
  placeholderStyle,
  placeholderClassName,
}: {
  children: () => ReactNode;
  /** Size of the placeholder: the island's own size, so that nothing moves when it appears. */
  placeholderStyle?: CSSProperties;
  placeholderClassName?: string;
}) {
  const hydrated = useHydrated();
  if (hydrated) return <>{children()}</>;
  return <div aria-hidden="true" className={placeholderClassName} style={placeholderStyle} />;
}
