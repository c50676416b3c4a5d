import { useEffect, useState, type ReactNode } from 'react';

/**
 * Loading wrapper (spec §2): a DSFR-coloured spinner in a box of at least 300 px
 * (LOADER_MIN_HEIGHT_PX, see app.css), named and announced 'Chargement'.
 * With `loading` false it renders its children instead.
 */
export function Loader({ loading = true, children }: { loading?: boolean; children?: ReactNode }) {
  if (!loading) return <>{children}</>;
  return <LoadingStatus />;
}

function LoadingStatus() {
  // The text comes a moment after the live region is in the page: a region inserted with its
  // text (or in the same frame) is not reliably announced.
  const [announced, setAnnounced] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(true), 100);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="app-loader" role="status" aria-label="Chargement">
      <span className="app-loader__spinner" aria-hidden="true" />
      {/* What a screen reader says: a status is read from its text, not its name. */}
      <span className="fr-sr-only">{announced ? 'Chargement…' : ''}</span>
    </div>
  );
}
