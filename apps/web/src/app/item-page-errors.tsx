import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '@ad/contract';
import { ApiError } from '../lib/api-client.ts';
import { fr } from '../lib/fr.ts';

/**
 * The item of a detail page (a post, a resource, a FAQ question) does not exist: the 404 page
 * takes its place (spec §8). With `anyError`, so does an item that failed to load for any reason
 * (spec §8: a post). True while the 404 page is on its way.
 */
export function useMissingItemShows404(error: unknown, { anyError = false } = {}): boolean {
  const navigate = useNavigate();
  const missing = anyError
    ? error !== null && error !== undefined
    : error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (missing) navigate(pathTo('404'), { replace: true });
  }, [missing, navigate]);
  return missing;
}

/** A detail page whose item could not be loaded: its section's title, the error, a way back. */
export function ItemLoadError({
  heading,
  error,
  children,
}: {
  heading: string;
  error: Error;
  children: ReactNode;
}) {
  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>{heading}</h1>
      <p role="alert">{error.message}</p>
      {children}
    </div>
  );
}
