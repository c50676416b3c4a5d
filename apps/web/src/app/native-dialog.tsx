import { useLayoutEffect, useRef, type ReactNode } from 'react';

interface NativeDialogProps {
  open: boolean;
  onClose: () => void;
  /** Id of the element naming the dialog, or `label` for a name without visible title. */
  labelledBy?: string;
  label?: string;
  className?: string;
  id?: string;
  children: ReactNode;
}

/**
 * A modal `<dialog>` driven by React state: the browser traps focus, makes the page inert and
 * turns Escape into a `cancel` event, which we route to `onClose` so the state stays the source
 * of truth. Focus goes back to the element that had it before opening.
 */
export function NativeDialog({
  open,
  onClose,
  labelledBy,
  label,
  className,
  id,
  children,
}: NativeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);
  openRef.current = open;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // Modal once the script opened it: without JavaScript the dialog is shown in the page
      // (app.css), and the rest of the page must stay reachable.
      dialog.setAttribute('aria-modal', 'true');
    } else if (!open && dialog.open) {
      dialog.removeAttribute('aria-modal');
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target?.isConnected) target.focus();
    }
  }, [open]);

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
        if (!openRef.current) return;
        onClose();
        requestAnimationFrame(() => {
          const dialog = ref.current;
          if (openRef.current && dialog && !dialog.open && typeof dialog.showModal === 'function') {
            dialog.showModal();
          }
        });
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
