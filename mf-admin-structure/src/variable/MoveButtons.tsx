import { useIntl } from 'react-intl';

export interface MoveButtonsProps {
  /** what is moved, for the buttons' accessible names ('Move Choice 2 up') */
  name: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  testId?: string;
}

/**
 * Move up / move down buttons of an entry in an ordered list: real buttons (Enter and Space work), named after
 * the entry, disabled at the ends of the list.
 */
export function MoveButtons({ name, index, count, onMove, testId = 'move' }: MoveButtonsProps) {
  const intl = useIntl();
  return (
    <span className="st-move">
      <button
        type="button"
        className="ag-button st-icon-button"
        aria-label={intl.formatMessage({ id: 'structure.variable.moveUp' }, { name })}
        title={intl.formatMessage({ id: 'structure.variable.moveUp' }, { name })}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        data-testid={`${testId}-up`}
      >
        <span aria-hidden="true">▲</span>
      </button>
      <button
        type="button"
        className="ag-button st-icon-button"
        aria-label={intl.formatMessage({ id: 'structure.variable.moveDown' }, { name })}
        title={intl.formatMessage({ id: 'structure.variable.moveDown' }, { name })}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        data-testid={`${testId}-down`}
      >
        <span aria-hidden="true">▼</span>
      </button>
    </span>
  );
}
