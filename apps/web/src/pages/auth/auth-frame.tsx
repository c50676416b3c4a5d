import type { ReactNode } from 'react';
import { fr } from '../../lib/fr.ts';

/** The narrow centred column of the sign-in, sign-up and password pages. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--center')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-8', 'fr-col-lg-6')}>
          <h1>{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
