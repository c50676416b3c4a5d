import { Component, type ErrorInfo, type ReactNode } from 'react';
import { fr } from '../lib/fr.ts';
import { HydrationMarker } from './hydration-marker.tsx';

interface State {
  error: Error | null;
}

/**
 * Keeps the frame (header, footer) usable when a page fails to render. Keyed by the path (or the
 * screen, app/pages.ts) in the layout, so navigating elsewhere starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className={fr.cx('fr-container', 'fr-my-6w')}>
        <h1>Erreur inattendue</h1>
        <p>Désolé, la page n'a pas pu s'afficher. Rechargez la page ou réessayez plus tard.</p>
        <HydrationMarker />
      </div>
    );
  }
}
