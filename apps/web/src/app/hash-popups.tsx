import { fr } from '../lib/fr.ts';
import { NEWSLETTER_FAILURE, NEWSLETTER_HASHES } from '@ad/contract';
import { useLocation, useNavigate } from 'react-router';
import { NativeDialog } from './native-dialog.tsx';
import { CloseButton } from './close-button.tsx';
import { useHydrated } from './client-only.tsx';

/**
 * Pop-ups opened by a URL hash (spec §2), e.g. from links in e-mails. The spec's two, then the
 * other landings of the newsletter's links (a failed confirmation, the unsubscribe link).
 */
export const HASH_POPUPS = [
  {
    hash: 'initiative-up-to-date',
    title: 'Initiative à jour',
    text: 'Nous avons bien pris en compte le fait que votre initiative est à jour, merci.',
  },
  {
    hash: NEWSLETTER_HASHES.subscribed,
    title: 'Inscription à la newsletter',
    text: 'Votre inscription à la newsletter est confirmée.',
  },
  {
    hash: NEWSLETTER_HASHES.notConfirmed,
    title: 'Inscription à la newsletter',
    text: `${NEWSLETTER_FAILURE} Ce lien n'est plus valable : il a expiré, ou un lien plus récent vous a été envoyé. Vous pouvez vous inscrire à nouveau en bas de cette page.`,
  },
  {
    hash: NEWSLETTER_HASHES.unsubscribed,
    title: 'Désinscription de la newsletter',
    text: 'Votre désinscription est prise en compte : vous ne recevrez plus la newsletter.',
  },
  {
    hash: NEWSLETTER_HASHES.notUnsubscribed,
    title: 'Désinscription de la newsletter',
    text: "Nous n'avons pas pu traiter votre désinscription : ce lien n'est pas valable. Écrivez-nous depuis la page « Nous contacter ».",
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
