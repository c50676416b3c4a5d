import { fr } from '../lib/fr.ts';

/** The DSFR 'Fermer' button of dialogs and popovers; `title` says what it closes. */
export function CloseButton({ title, onClick }: { title: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className={fr.cx('fr-btn--close', 'fr-btn')}
      title={title}
      onClick={onClick}
    >
      Fermer
    </button>
  );
}
