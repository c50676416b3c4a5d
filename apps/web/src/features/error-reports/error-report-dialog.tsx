import { useRef } from 'react';
import type { MapDetailType } from '@ad/contract';
import { CloseButton } from '../../app/close-button.tsx';
import { LazyBoundary } from '../../app/lazy-boundary.tsx';
import { lazyComponent } from '../../app/lazy-component.tsx';
import { NativeDialog } from '../../app/native-dialog.tsx';
import { fr } from '../../lib/fr.ts';

// Loaded at the first opening: the map needs none of the form's code before (its chunks were
// requests queued before the lists').
const ErrorReportForm = lazyComponent(() =>
  import('./error-report-form.tsx').then((module) => module.ErrorReportForm),
);

/** The item a visitor reports an error on. */
export interface ErrorReportTarget {
  type: MapDetailType;
  id: number;
  title: string;
}

/**
 * « Signaler une erreur » in a DSFR modal (a native modal `<dialog>`, as the referent contact
 * form: focus kept inside, Escape closes, focus back where it was). The form is mounted afresh at
 * each opening; after a send the focus moves to the title, just above the thanks.
 */
export function ErrorReportDialog({
  target,
  onClose,
}: {
  target: ErrorReportTarget | null;
  onClose: () => void;
}) {
  const titleId = 'error-report-title';
  const title = useRef<HTMLHeadingElement>(null);
  return (
    <NativeDialog
      open={target !== null}
      onClose={onClose}
      labelledBy={titleId}
      className="app-dialog"
    >
      {target ? (
        <div className={fr.cx('fr-modal__body')}>
          <div className={fr.cx('fr-modal__header')}>
            <CloseButton title="Fermer la fenêtre modale" onClick={onClose} />
          </div>
          <div className={fr.cx('fr-modal__content')}>
            <h2 id={titleId} ref={title} tabIndex={-1} className={fr.cx('fr-modal__title')}>
              Signaler une erreur
            </h2>
            <p className={fr.cx('fr-text--sm')}>
              {target.type === 'demarche' ? 'Démarche' : 'Initiative'} : {target.title}
            </p>
            <LazyBoundary>
              <ErrorReportForm
                type={target.type}
                id={target.id}
                onSent={() => requestAnimationFrame(() => title.current?.focus())}
              />
            </LazyBoundary>
          </div>
        </div>
      ) : null}
    </NativeDialog>
  );
}
