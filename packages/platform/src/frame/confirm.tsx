import { useId } from 'react';
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

/** Rendered once by the shell: the open confirmation as an alert dialog. */
export function ConfirmHost() {
  const list = useAtomValue(confirmationsAtom);
  const bodyId = useId();
  const current = list[0];
  if (!current) return null;
  return (
    <Modal
      key={current.id}
      role="alertdialog"
      title={<Text value={current.title} />}
      onClose={() => current.resolve(false)}
      describedBy={bodyId}
      testId="confirm-dialog"
    >
      <p id={bodyId}>
        <Text value={current.body} />
      </p>
      <div className="ag-modal-actions">
        <button
          type="button"
          className="ag-button ag-button-primary"
          onClick={() => current.resolve(true)}
          data-testid="confirm-yes"
        >
          <FormattedMessage id="platform.yes" />
        </button>
        <button
          type="button"
          className="ag-button"
          onClick={() => current.resolve(false)}
          data-testid="confirm-no"
        >
          <FormattedMessage id="platform.no" />
        </button>
      </div>
    </Modal>
  );
}
