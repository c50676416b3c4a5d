import { useEffect, useId, useRef, useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { CloseButton } from '../../app/close-button.tsx';
import { NativeDialog } from '../../app/native-dialog.tsx';

/** The `deletable` object of a dashboard list item (spec §3 "Dashboard list item"). */
export interface Deletable {
  /** 'Actualité', 'Initiative'…: the title reads '{label} : suppression'. */
  label: string;
  /** 'votre actualité'…: 'Vous êtes sur le point de supprimer {sentence} :'. */
  sentence: string;
  /** The item's name, shown on its own line. */
  name: string;
  /** The message of the success modal after the delete. */
  success: string;
  /** Where `DELETE` goes. */
  url: string;
}

const DELETE_FAILED = "La suppression n'a pas pu aboutir. Veuillez réessayer.";

/**
 * Confirmation of a delete (spec §2 "Modals"). 'Confirmer la suppression' sends `DELETE url`;
 * while it runs, nothing closes the modal (Escape, 'Annuler' and the close button do nothing, the
 * buttons are disabled). On success `onDeleted(deletable.success)` lets the page show the success
 * modal; on failure the reason shows in the modal and the member may retry or close it.
 */
export function DeleteConfirmModal({
  open,
  deletable,
  onCancel,
  onDeleted,
}: {
  open: boolean;
  deletable: Deletable | null;
  onCancel: () => void;
  onDeleted: (success: string) => void;
}) {
  const titleId = useId();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  const runningRef = useRef(false);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Browsers may close a modal dialog on a repeated Escape even when its cancel event is
  // prevented: while the request runs, Escape is stopped before it becomes a close request.
  useEffect(() => {
    if (!running) return;
    const stopEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') event.preventDefault();
    };
    document.addEventListener('keydown', stopEscape, true);
    return () => document.removeEventListener('keydown', stopEscape, true);
  }, [running]);

  // A new opening starts without the previous failure.
  useEffect(() => {
    if (open) setError(null);
  }, [open, deletable?.url]);

  const cancel = () => {
    if (!runningRef.current) onCancel();
  };

  const confirm = async () => {
    if (!deletable || runningRef.current) return;
    runningRef.current = true;
    // The buttons are about to be disabled: the focus waits on the title, inside the modal.
    title.current?.focus();
    setRunning(true);
    setError(null);
    try {
      await api.delete(deletable.url);
      if (!mounted.current) return;
      onDeleted(deletable.success);
    } catch (failure) {
      if (!mounted.current) return;
      setError(failure instanceof ApiError && failure.message ? failure.message : DELETE_FAILED);
    } finally {
      runningRef.current = false;
      if (mounted.current) setRunning(false);
    }
  };

  return (
    <NativeDialog
      open={open && deletable !== null}
      onClose={cancel}
      labelledBy={titleId}
      className="app-dialog"
    >
      {deletable ? (
        <div className={fr.cx('fr-modal__body')} aria-busy={running}>
          <div className={fr.cx('fr-modal__header')}>
            {running ? null : <CloseButton title="Fermer la fenêtre modale" onClick={cancel} />}
          </div>
          <div className={fr.cx('fr-modal__content')}>
            <h2 id={titleId} ref={title} tabIndex={-1} className={fr.cx('fr-modal__title')}>
              {deletable.label} : suppression
            </h2>
            <p className={fr.cx('fr-mb-1w')}>
              Vous êtes sur le point de supprimer {deletable.sentence} :
            </p>
            <p className={fr.cx('fr-text--bold')}>{deletable.name}</p>
            <p>Confirmez-vous cette action ?</p>
            {error ? (
              <div className={fr.cx('fr-alert', 'fr-alert--error', 'fr-alert--sm')} role="alert">
                <p>{error}</p>
              </div>
            ) : null}
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
              <button
                type="button"
                className={`${fr.cx('fr-btn')} app-submit`}
                onClick={() => void confirm()}
                disabled={running}
                aria-busy={running}
              >
                {running ? <span className="app-submit__spinner" aria-hidden="true" /> : null}
                Confirmer la suppression
              </button>
              <button
                type="button"
                className={fr.cx('fr-btn', 'fr-btn--secondary')}
                onClick={cancel}
                disabled={running}
              >
                Annuler
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </NativeDialog>
  );
}
