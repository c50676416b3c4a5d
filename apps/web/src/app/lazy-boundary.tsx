import { Component, Suspense, type ReactNode } from 'react';
import { fr } from '../lib/fr.ts';
import { retryFailedLoads } from './lazy-component.tsx';
import { Loader } from './loader.tsx';

interface State {
  failed: boolean;
}

/**
 * Around a part of a page loaded on demand (`lazyComponent`), such as a dialog's form: a loader
 * meanwhile and, when it fails (offline, or a deployment replaced its chunk), a message and a
 * button to try again in its place, where the page's own error boundary would replace the page.
 */
export class LazyBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return <Suspense fallback={<Loader />}>{this.props.children}</Suspense>;
    return (
      <div className={fr.cx('fr-alert', 'fr-alert--error', 'fr-alert--sm')} role="alert">
        <p>
          Cette partie de la page n'a pas pu s'afficher. Vérifiez votre connexion, puis réessayez.
        </p>
        <button
          type="button"
          className={fr.cx('fr-btn', 'fr-btn--secondary', 'fr-btn--sm', 'fr-mt-2w')}
          onClick={() => {
            retryFailedLoads();
            this.setState({ failed: false });
          }}
        >
          Réessayer
        </button>
      </div>
    );
  }
}
