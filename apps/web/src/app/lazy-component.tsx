import { lazy, useState, type ComponentType } from 'react';

let retries = 0;

/**
 * After a failed load (offline, a chunk replaced by a deployment), the next render of a component
 * that failed loads its chunk again: LazyBoundary's 'Réessayer'. (Not at once: a component that
 * cannot load would be tried again and again.)
 */
export function retryFailedLoads(): void {
  retries += 1;
}

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
  /** `retries` when the load failed, else null. */
  let failedAt: number | null = null;
  const lazyLoaded = () => lazy(() => preload().then(() => ({ default: loaded! })));
  let Lazy = lazyLoaded();
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined;
        failedAt = retries;
        throw error;
      },
    ));
  // React.lazy keeps a failure: the render after a retry was asked for gets a new one.
  const current = (): ComponentType<P> => {
    if (failedAt !== null && failedAt !== retries) {
      failedAt = null;
      Lazy = lazyLoaded();
    }
    return loaded ?? Lazy;
  };
  function Preloadable(props: P) {
    // Fixed per instance: switching from Lazy to the loaded type would remount the page.
    const [Component] = useState<ComponentType<P>>(current);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
