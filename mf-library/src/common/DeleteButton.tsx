import { FormattedMessage } from 'react-intl';
import { useDelete, type DeleteCall } from './useDelete';

/** 'Delete': asks the platform's confirmation, then `send()` (the DELETE call) and `onDeleted()` (see useDelete). */
export function DeleteButton({
  send,
  onDeleted,
  testId,
  className = 'lib-link-button',
}: {
  send: DeleteCall;
  onDeleted: () => unknown;
  testId: string;
  className?: string;
}) {
  const remove = useDelete();
  return (
    <button
      type="button"
      className={className}
      onClick={() => void remove(send, onDeleted)}
      data-testid={testId}
    >
      <FormattedMessage id="library.delete" />
    </button>
  );
}
