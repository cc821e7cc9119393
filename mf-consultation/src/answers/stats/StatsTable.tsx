import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export interface StatsTableProps {
  caption: string;
  /** the column headers, as `consultation.stats.<name>` */
  columns: readonly string[];
  /** the body's rows */
  children: ReactNode;
  testId?: string;
}

/**
 * A statistics table with its caption and column headers, in a region that scrolls sideways on a narrow screen
 * (focusable, so that the keyboard scrolls it too).
 */
export function StatsTable({ caption, columns, children, testId }: StatsTableProps) {
  return (
    <div className="cons-stats-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="cons-ans-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((name) => (
              <th key={name} scope="col">
                <FormattedMessage id={`consultation.stats.${name}`} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
