import { fr } from '@codegouvfr/react-dsfr';
import { useLocation, useNavigate } from 'react-router';
import { NativeDialog } from './native-dialog.tsx';
import { CloseButton } from './close-button.tsx';
import { useHydrated } from './client-only.tsx';

/** Pop-ups opened by a URL hash (spec §2), e.g. from links in e-mails. */
export const HASH_POPUPS = [
  {
    hash: 'initiative-up-to-date',
    title: 'Initiative à jour',
    text: 'Nous avons bien pris en compte le fait que votre initiative est à jour, merci.',
  },
  {
    hash: 'newsletter-subscribed',
    title: 'Inscription à la newsletter',
    text: 'Votre inscription à la newsletter est confirmée.',
  },
] as const;

export function popupForHash(hash: string) {
  return HASH_POPUPS.find((popup) => hash.includes(popup.hash)) ?? null;
}

export function HashPopups() {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  // The server never sees the hash: the pop-up opens once the page is hydrated.
  const popup = useHydrated() ? popupForHash(hash) : null;
  // 'Fermer' clears the hash and keeps path and query (a replace, so Back does not reopen it).
  const close = () => navigate({ pathname, search }, { replace: true, preventScrollReset: true });
  const titleId = 'hash-popup-title';

  return (
    <NativeDialog open={!!popup} onClose={close} labelledBy={titleId} className="app-dialog">
      {popup ? (
        <div className={fr.cx('fr-modal__body')}>
          <div className={fr.cx('fr-modal__header')}>
            <CloseButton title="Fermer la fenêtre modale" onClick={close} />
          </div>
          <div className={fr.cx('fr-modal__content')}>
            <h2 id={titleId} className={fr.cx('fr-modal__title')}>
              {popup.title}
            </h2>
            <p>{popup.text}</p>
          </div>
        </div>
      ) : null}
    </NativeDialog>
  );
}
