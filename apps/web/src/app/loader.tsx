import type { ReactNode } from 'react';

/**
 * Loading wrapper (spec §2): a DSFR-coloured spinner in a box of at least 300 px
 * (LOADER_MIN_HEIGHT_PX, see app.css), announced as 'Chargement'.
 * With `loading` false it renders its children instead.
 */
export function Loader({ loading = true, children }: { loading?: boolean; children?: ReactNode }) {
  if (!loading) return <>{children}</>;
  return (
    <div className="app-loader" role="status" aria-label="Chargement">
      <span className="app-loader__spinner" aria-hidden="true" />
    </div>
  );
}
