import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open modals, the innermost last: only that one answers Esc and traps Tab (a modal opened from a modal). */
const openModals: object[] = [];

export interface ModalProps {
  /** the dialog's heading */
  title: ReactNode;
  children: ReactNode;
  /** Esc (and the backdrop) call it; without it the modal can only be left through its own buttons */
  onClose?: () => void;
  /** 'alertdialog' for confirmations */
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  /** id of the element that describes the dialog */
  describedBy?: string;
}

/**
 * An accessible modal: role dialog with aria-modal, labelled by its heading, focus moved inside and kept there
 * (Tab and Shift+Tab wrap), Esc closes, focus goes back to where it was on close.
 */
export function Modal({ title, children, onClose, role = 'dialog', testId, describedBy }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    const self = {};
    openModals.push(self);
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (!dialog || openModals[openModals.length - 1] !== self) return;
      if (event.key === 'Escape' && onCloseRef.current) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const head = items[0];
      const tail = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === head || !dialog.contains(active))) {
        event.preventDefault();
        tail?.focus();
      } else if (!event.shiftKey && (active === tail || !dialog.contains(active))) {
        event.preventDefault();
        head?.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      openModals.splice(openModals.indexOf(self), 1);
      previous?.focus();
    };
  }, []);

  return (
    <div className="ag-modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose?.()}>
      <div
        ref={ref}
        className="ag-modal"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
      >
        <h2 id={titleId} className="ag-modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
