import { FormattedMessage } from 'react-intl';
import { useDelete } from './useDelete';

/** 'Delete': asks the platform's confirmation, then `DELETE path` and `onDeleted()` (see useDelete). */
export function DeleteButton({
  path,
  onDeleted,
  testId,
  className = 'lib-link-button',
}: {
  path: string;
  onDeleted: () => unknown;
  testId: string;
  className?: string;
}) {
  const remove = useDelete();
  return (
    <button
      type="button"
      className={className}
      onClick={() => void remove(path, onDeleted)}
      data-testid={testId}
    >
      <FormattedMessage id="library.delete" />
    </button>
  );
}
