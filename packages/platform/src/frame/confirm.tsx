import { useEffect, useId, useRef, type ReactNode } from 'react';
import { atom, getDefaultStore, useAtomValue, useStore, type Store } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { messageIdOf } from '../notify/messages';
import { Modal } from './Modal';

export interface ConfirmInput {
  /** 'drop confirm', 'unenroll confirm', a message id or free text */
  title: string;
  /** 'do you wish to continue' (the default), a message id or free text */
  body?: string;
}

interface PendingConfirm extends Required<ConfirmInput> {
  id: number;
  resolve: (answer: boolean) => void;
}

/** Open confirmations, the first one is shown. */
export const confirmationsAtom = atom<PendingConfirm[]>([]);

let nextId = 1;
let boundStore: Store | undefined;

/** The shell binds its store once, so `confirm()` called outside React reaches the rendered host. */
export function bindConfirmStore(store: Store): void {
  boundStore = store;
}

export function askConfirm(store: Store, input: ConfirmInput): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    const settle = (answer: boolean) => {
      store.set(confirmationsAtom, (list) => list.filter((c) => c.id !== id));
      resolve(answer);
    };
    store.set(confirmationsAtom, (list) => [
      ...list,
      { id, title: input.title, body: input.body ?? 'do you wish to continue', resolve: settle },
    ]);
  });
}

/** Asks the user; resolves true on Yes, false on No or Esc. */
export function confirm(input: ConfirmInput): Promise<boolean> {
  return askConfirm(boundStore ?? getDefaultStore(), input);
}

/** `confirm` for the store of the nearest jotai Provider. */
export function useConfirm(): (input: ConfirmInput) => Promise<boolean> {
  const store = useStore();
  return (input) => askConfirm(store, input);
}

function Text({ value }: { value: string }) {
  const intl = useIntl();
  const id = messageIdOf(value, intl.messages);
  return <>{id ? intl.formatMessage({ id }) : value}</>;
}

export interface ConfirmDialogProps {
  title: ReactNode;
  /** defaults to 'do you wish to continue' */
  body?: ReactNode;
  /** defaults to Yes */
  confirmLabel?: ReactNode;
  /** defaults to No */
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  /** No, Esc or the backdrop */
  onCancel: () => void;
  /** the button that has the focus when the dialog opens (default: confirm); 'cancel' when Yes loses work */
  focus?: 'confirm' | 'cancel';
}

/**
 * The one confirmation dialog of the site: an alert dialog (a `Modal`: focus kept inside, Esc cancels, focus goes
 * back where it was) with the question and two buttons. Rendered while the question is open: by `ConfirmHost`
 * for `confirm()`, by a page for its own questions (leaving a form with unsaved changes).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const safeFirst = props.focus === 'cancel';
  useEffect(() => {
    // after the Modal's own effect, which focuses the first button
    if (safeFirst) cancelRef.current?.focus();
  }, [safeFirst]);
  return (
    <Modal
      role="alertdialog"
      title={props.title}
      onClose={props.onCancel}
      describedBy={bodyId}
      testId="confirm-dialog"
    >
      <p id={bodyId}>{props.body ?? <Text value="do you wish to continue" />}</p>
      <div className="ag-modal-actions">
        <button
          type="button"
          className="ag-button ag-button-primary"
          onClick={props.onConfirm}
          data-testid="confirm-yes"
        >
          {props.confirmLabel ?? <FormattedMessage id="platform.yes" />}
        </button>
        <button
          ref={cancelRef}
          type="button"
          className="ag-button"
          onClick={props.onCancel}
          data-testid="confirm-no"
        >
          {props.cancelLabel ?? <FormattedMessage id="platform.no" />}
        </button>
      </div>
    </Modal>
  );
}

/** Rendered once by the shell: the open confirmation of `confirm()`. */
export function ConfirmHost() {
  const list = useAtomValue(confirmationsAtom);
  const current = list[0];
  if (!current) return null;
  return (
    <ConfirmDialog
      key={current.id}
      title={<Text value={current.title} />}
      body={<Text value={current.body} />}
      onConfirm={() => current.resolve(true)}
      onCancel={() => current.resolve(false)}
    />
  );
}
