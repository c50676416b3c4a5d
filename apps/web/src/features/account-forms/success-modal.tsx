import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { pathTo } from '@ad/contract';
import { fr } from '../../lib/fr.ts';
import { NativeDialog } from '../../app/native-dialog.tsx';

/** Queries of the member's own data: what a save or a delete has just changed. */
export function isAccountQuery(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  return typeof path === 'string' && path.startsWith('/api/user');
}

/**
 * The default 'Fermer' of the success modal (spec §2 "Modals"): the member's data is refetched,
 * then the dashboard shows (if already there, its lists reload in place).
 */
export function useBackToDashboard(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ predicate: (query) => isAccountQuery(query.queryKey) });
    const dashboard = pathTo('myaccount.dashboard');
    if (pathname !== dashboard) navigate(dashboard);
  };
}

/**
 * The modal that confirms a save or a delete, with its message and a 'Fermer' button (Escape too).
 * Closing goes back to the dashboard, or reloads it when already there; `onClose` replaces that.
 */
export function SuccessModal({
  open,
  message,
  onClose,
}: {
  open: boolean;
  message: string;
  onClose?: () => void;
}) {
  const messageId = useId();
  const backToDashboard = useBackToDashboard();
  const close = onClose ?? backToDashboard;
  return (
    <NativeDialog open={open} onClose={close} labelledBy={messageId} className="app-dialog">
      <div className={fr.cx('fr-modal__body')}>
        <div className={fr.cx('fr-modal__content', 'fr-pt-4w')}>
          <p id={messageId} className={fr.cx('fr-text--lg', 'fr-mb-0')}>
            <span
              className={fr.cx('fr-icon-checkbox-circle-line', 'fr-mr-1w')}
              aria-hidden="true"
            />
            {message}
          </p>
        </div>
        <div className={fr.cx('fr-modal__footer')}>
          <div className={fr.cx('fr-btns-group', 'fr-btns-group--right', 'fr-btns-group--inline')}>
            <button type="button" className={fr.cx('fr-btn')} onClick={close} autoFocus>
              Fermer
            </button>
          </div>
        </div>
      </div>
    </NativeDialog>
  );
}
