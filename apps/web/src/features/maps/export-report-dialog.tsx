import { useRef } from 'react';
import type { MapFilters } from '@ad/contract';
import { fr } from '../../lib/fr.ts';
import { CloseButton } from '../../app/close-button.tsx';
import { LazyBoundary } from '../../app/lazy-boundary.tsx';
import { lazyComponent } from '../../app/lazy-component.tsx';
import { Loader } from '../../app/loader.tsx';
import { NativeDialog } from '../../app/native-dialog.tsx';
import type { ExportCriteria } from './export-report-form.tsx';

// Loaded at the first opening: the map needs none of the form's code before (its chunks were
// requests queued before the lists').
const ExportReportForm = lazyComponent(() =>
  import('./export-report-form.tsx').then((module) => module.ExportReportForm),
);

/**
 * 'Demander un rapport' of the initiatives page in a DSFR modal (a native modal `<dialog>`: focus
 * kept inside, Escape closes, focus back on the opening button). The form is mounted afresh at
 * each opening, so closing resets it and its success state (spec §2). After a send, the focus
 * moves to the title, just above the success message, so that it is not lost with the form.
 * `filters` (GET /api/maps/filters, the page's filter options) names the criteria and gives the
 * type and period options; until they are there, a loader.
 */
export function ExportReportDialog({
  open,
  onClose,
  criteria,
  ignored,
  filters,
}: {
  open: boolean;
  onClose: () => void;
  criteria: ExportCriteria;
  /** The map's criteria that a report does not take, by name. */
  ignored: readonly string[];
  filters: MapFilters | undefined;
}) {
  const titleId = 'export-report-title';
  const title = useRef<HTMLHeadingElement>(null);
  return (
    <NativeDialog open={open} onClose={onClose} labelledBy={titleId} className="app-dialog">
      <div className={fr.cx('fr-modal__body')}>
        <div className={fr.cx('fr-modal__header')}>
          <CloseButton title="Fermer la fenêtre modale" onClick={onClose} />
        </div>
        <div className={fr.cx('fr-modal__content')}>
          <h2 id={titleId} ref={title} tabIndex={-1} className={fr.cx('fr-modal__title')}>
            Demander un rapport
          </h2>
          <p className={fr.cx('fr-text--sm')}>
            Recevez par e-mail un tableur et une synthèse PDF des initiatives et démarches qui
            correspondent aux critères de la carte.
          </p>
          {filters ? (
            <LazyBoundary>
              <ExportReportForm
                criteria={criteria}
                ignored={ignored}
                filters={filters}
                onSent={() => requestAnimationFrame(() => title.current?.focus())}
              />
            </LazyBoundary>
          ) : (
            <Loader />
          )}
        </div>
      </div>
    </NativeDialog>
  );
}
