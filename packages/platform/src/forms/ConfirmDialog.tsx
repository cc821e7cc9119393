import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import './forms.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** defaults to 'do you wish to continue' */
  body?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A small modal confirmation: role="alertdialog", focus on the safe choice (cancel), Escape cancels, Tab stays
 * inside, focus returns to where it was when it closes.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onCancel } = props;
  const titleId = useId();
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const buttons = Array.from(dialogRef.current.querySelectorAll<HTMLElement>('button:not([disabled])'));
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="ag-dialog-backdrop">
      <div
        ref={dialogRef}
        className="ag-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-testid="confirm-dialog"
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="ag-dialog-title">
          {props.title}
        </h2>
        <div id={bodyId} className="ag-dialog-body">
          {props.body ?? <FormattedMessage id="platform.confirm.continue" />}
        </div>
        <div className="ag-dialog-actions">
          <button ref={cancelRef} type="button" className="ag-button" onClick={onCancel}>
            {props.cancelLabel ?? <FormattedMessage id="platform.confirm.cancel" />}
          </button>
          <button type="button" className="ag-button ag-button-primary" onClick={props.onConfirm}>
            {props.confirmLabel ?? <FormattedMessage id="platform.confirm.ok" />}
          </button>
        </div>
      </div>
    </div>
  );
}
