import { lazy, useState, type ComponentType } from 'react';

/** A code-split component that can be loaded ahead of rendering. */
export type PreloadableComponent<P extends object = object> = ComponentType<P> & {
  /** Loads the chunk; once it has resolved, the component renders without suspending. */
  preload(): Promise<void>;
};

/**
 * Like React.lazy, but once `preload()` has resolved the component renders synchronously. The
 * server preloads the page before rendering it, and the browser preloads the same page before
 * hydrating, so the hydrated tree matches the server's HTML from the first render.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Preloadable(props: P) {
    // Fixed per instance: switching from Lazy to the loaded type would remount the page.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
