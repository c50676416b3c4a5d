import { useId } from 'react';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import { CloseButton } from '../../../app/close-button.tsx';
import { NativeDialog } from '../../../app/native-dialog.tsx';
import { fr } from '../../../lib/fr.ts';

/** Once per browser session (sessionStorage): closing it must not bring it back on each visit. */
const SEEN_KEY = 'ad:dashboard-welcome-seen';

export function welcomeAlreadySeen(): boolean {
  try {
    return window.sessionStorage.getItem(SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberWelcomeSeen(): void {
  try {
    window.sessionStorage.setItem(SEEN_KEY, '1');
  } catch {
    // Storage refused (private mode): the modal may show again, nothing else breaks.
  }
}

/** « Bienvenue sur votre espace »: a member without institution is asked to fill it in first. */
export function WelcomeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <NativeDialog open={open} onClose={onClose} labelledBy={titleId} className="app-dialog">
      <div className={fr.cx('fr-modal__body')}>
        <div className={fr.cx('fr-modal__header')}>
          <CloseButton title="Fermer la fenêtre modale" onClick={onClose} />
        </div>
        <div className={fr.cx('fr-modal__content')}>
          <h2 id={titleId} className={fr.cx('fr-modal__title')}>
            Bienvenue sur votre espace
          </h2>
          <p>
            Depuis cet espace, vous pouvez proposer vos initiatives, démarches, évènements,
            ressources et actualités, et suivre leur modération par notre équipe.
          </p>
          <p>
            Pour commencer, renseignez votre structure : elle est nécessaire pour proposer une
            initiative ou une démarche.
          </p>
        </div>
        <div className={fr.cx('fr-modal__footer')}>
          <div
            className={fr.cx(
              'fr-btns-group',
              'fr-btns-group--right',
              'fr-btns-group--inline-reverse',
              'fr-btns-group--inline-lg',
            )}
          >
            <Link
              className={fr.cx('fr-btn')}
              to={pathTo('myaccount.institution')}
              onClick={onClose}
            >
              Renseigner ma structure
            </Link>
            <button
              type="button"
              className={fr.cx('fr-btn', 'fr-btn--secondary')}
              onClick={onClose}
            >
              Fermer
            </button>
          </div>
        </div>
      </div>
    </NativeDialog>
  );
}
