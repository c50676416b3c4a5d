import { useRef } from 'react';
import { fr } from '../../lib/fr.ts';
import { CloseButton } from '../../app/close-button.tsx';
import { LazyBoundary } from '../../app/lazy-boundary.tsx';
import { lazyComponent } from '../../app/lazy-component.tsx';
import { NativeDialog } from '../../app/native-dialog.tsx';

// Loaded at the first opening: the pages that offer the form need none of its code before (on
// the map, its chunks were requests queued before the lists').
const AskContactForm = lazyComponent(() =>
  import('./ask-contact-form.tsx').then((module) => module.AskContactForm),
);

/**
 * The referent contact form in a DSFR modal (a native modal `<dialog>`: focus kept inside,
 * Escape closes, focus back on the opening button). The form is mounted afresh at each opening,
 * so closing resets it and its success state (spec §2). After a send, the focus moves to the
 * title, just above the success message, so that it is not lost with the form.
 */
export function AskContactDialog({
  contact,
  onClose,
}: {
  contact: { id: number; society_name: string } | null;
  onClose: () => void;
}) {
  const titleId = 'ask-contact-title';
  const title = useRef<HTMLHeadingElement>(null);
  return (
    <NativeDialog
      open={contact !== null}
      onClose={onClose}
      labelledBy={titleId}
      className="app-dialog"
    >
      {contact ? (
        <div className={fr.cx('fr-modal__body')}>
          <div className={fr.cx('fr-modal__header')}>
            <CloseButton title="Fermer la fenêtre modale" onClick={onClose} />
          </div>
          <div className={fr.cx('fr-modal__content')}>
            <h2 id={titleId} ref={title} tabIndex={-1} className={fr.cx('fr-modal__title')}>
              Contacter la personne référente
            </h2>
            <p className={fr.cx('fr-text--sm')}>{contact.society_name}</p>
            <LazyBoundary>
              <AskContactForm
                contactId={contact.id}
                onSent={() => requestAnimationFrame(() => title.current?.focus())}
              />
            </LazyBoundary>
          </div>
        </div>
      ) : null}
    </NativeDialog>
  );
}
