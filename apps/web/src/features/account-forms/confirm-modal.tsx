import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { fr } from '../../lib/fr.ts';
import { ApiError } from '../../lib/api-client.ts';
import { CloseButton } from '../../app/close-button.tsx';
import { NativeDialog } from '../../app/native-dialog.tsx';

const FAILED = "L'opération n'a pas pu aboutir. Veuillez réessayer.";

/** What the modal asks to confirm; `run` sends the change and resolves with the success message. */
export interface Confirmation {
  title: ReactNode;
  body: ReactNode;
  confirmLabel: string;
  run: () => Promise<string>;
  /** Shown when the request fails without a reason from the server. */
  failed?: string;
}

/**
 * Confirmation of a change (spec §2 "Modals"): 'Confirmez-vous cette action ?', then
 * `confirmation.run()`. While it runs nothing closes the modal (Escape, 'Annuler' and the close
 * button do nothing, the buttons are disabled); on success `onDone(message)`; on failure the
 * server's reason (or `failed`) shows in the modal and the user may retry or close it.
 * Shown while `open` and there is a confirmation; a new `resetKey` (by default the confirmation
 * itself) starts without the previous failure.
 */
export function ConfirmModal({
  open = true,
  confirmation,
  resetKey = confirmation,
  onCancel,
  onDone,
}: {
  open?: boolean;
  confirmation: Confirmation | null;
  resetKey?: unknown;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  const runningRef = useRef(false);
  const title = useRef<HTMLHeadingElement>(null);
  const shown = open && confirmation !== null;

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

  // A new opening or question starts without the previous failure.
  useEffect(() => {
    if (shown) setError(null);
  }, [shown, resetKey]);

  const cancel = () => {
    if (!runningRef.current) onCancel();
  };

  const confirm = async () => {
    if (!confirmation || runningRef.current) return;
    runningRef.current = true;
    // The buttons are about to be disabled: the focus waits on the title, inside the modal.
    title.current?.focus();
    setRunning(true);
    setError(null);
    try {
      const message = await confirmation.run();
      if (mounted.current) onDone(message);
    } catch (failure) {
      if (mounted.current) {
        setError(
          failure instanceof ApiError && failure.message
            ? failure.message
            : (confirmation.failed ?? FAILED),
        );
      }
    } finally {
      runningRef.current = false;
      if (mounted.current) setRunning(false);
    }
  };

  return (
    <NativeDialog open={shown} onClose={cancel} labelledBy={titleId} className="app-dialog">
      {confirmation ? (
        <div className={fr.cx('fr-modal__body')} aria-busy={running}>
          <div className={fr.cx('fr-modal__header')}>
            {running ? null : <CloseButton title="Fermer la fenêtre modale" onClick={cancel} />}
          </div>
          <div className={fr.cx('fr-modal__content')}>
            <h2 id={titleId} ref={title} tabIndex={-1} className={fr.cx('fr-modal__title')}>
              {confirmation.title}
            </h2>
            {confirmation.body}
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
                {confirmation.confirmLabel}
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
