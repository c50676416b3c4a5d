import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

interface NativeDialogProps {
  open: boolean;
  onClose: () => void;
  /** Id of the element naming the dialog, or `label` for a name without visible title. */
  labelledBy?: string;
  label?: string;
  className?: string;
  id?: string;
  /**
   * Children kept while closed: a dialog closed for another one (the detail for its contact
   * form) is shown again as it was, the focus back on the control that had it.
   */
  keepMounted?: boolean;
  /** Where the focus goes on closing when the opener is gone (a dialog opened by a link). */
  fallbackFocus?: () => HTMLElement | null;
  children: ReactNode;
}

function closeAndReturnFocus(
  dialog: HTMLDialogElement,
  target: HTMLElement | null,
  fallback?: () => HTMLElement | null,
) {
  dialog.removeAttribute('aria-modal');
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
  if (target?.isConnected) target.focus();
  else fallback?.()?.focus({ preventScroll: true });
}

/**
 * A modal `<dialog>` driven by React state: the browser traps focus, makes the page inert and
 * turns Escape into a `cancel` event, which we route to `onClose` so the state stays the source
 * of truth. Focus goes back to the element that had it before opening, when the dialog closes
 * or is removed.
 */
export function NativeDialog({
  open,
  onClose,
  labelledBy,
  label,
  className,
  id,
  keepMounted = false,
  fallbackFocus,
  children,
}: NativeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  /** The control inside that had the focus when the dialog closed (kept children only). */
  const innerFocus = useRef<HTMLElement | null>(null);
  const fallback = useRef(fallbackFocus);
  fallback.current = fallbackFocus;
  const openRef = useRef(open);
  openRef.current = open;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // The element to give the focus back to. A dialog shown again after another one (the
      // detail after the contact form) keeps its first opener.
      const active = document.activeElement;
      const again = innerFocus.current !== null;
      if (!again && active instanceof HTMLElement && active !== document.body) {
        returnFocus.current = active;
      }
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // Modal once the script opened it: without JavaScript the dialog is shown in the page
      // (app.css), and the rest of the page must stay reachable.
      dialog.setAttribute('aria-modal', 'true');
    } else if (!open && dialog.open) {
      const active = document.activeElement;
      innerFocus.current =
        keepMounted && active instanceof HTMLElement && dialog.contains(active) ? active : null;
      closeAndReturnFocus(dialog, returnFocus.current, fallback.current);
    }
  }, [open, keepMounted]);

  // Shown again: back on the control that had the focus. After every layout effect of the
  // commit, so that a dialog closing in the same commit (the contact form) does not take it.
  useEffect(() => {
    const control = innerFocus.current;
    if (!open || !control) return;
    innerFocus.current = null;
    if (control.isConnected) control.focus();
  }, [open]);

  // Removed while open (its owner unmounted it, as a route change does): closed the same way.
  useLayoutEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) closeAndReturnFocus(dialog, returnFocus.current, fallback.current);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      id={id}
      className={className}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      // Opened by script; without JavaScript, app.css shows a dialog rendered open in the page.
      data-open={open ? '' : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Chrome closes a modal dialog on a repeated Escape even when `cancel` is prevented: tell
        // the owner, and show the dialog again if it keeps it open (a request that must finish).
        // Not a hiding's own event, run late: the browser queues it, and a key press goes first
        // (Escape on the contact form shows the detail again before its `close` task runs).
        if (!openRef.current || ref.current?.open) return;
        onClose();
        requestAnimationFrame(() => {
          const dialog = ref.current;
          if (openRef.current && dialog && !dialog.open && typeof dialog.showModal === 'function') {
            dialog.showModal();
          }
        });
      }}
    >
      {open || keepMounted ? children : null}
    </dialog>
  );
}
