import { cellNumbers, type StatsFormat, type Weighting } from './format';
import { StatsTable } from './StatsTable';
import type { StatsCell } from './types';

export type View = 'chart' | 'table';
/** What a statistic shows: its chart, its table, or both (the chart, then its table alternative). */
export type Shown = View | 'both';

export interface CellRow {
  key: string;
  label: string;
  cell: StatsCell;
}

interface Props {
  rows: readonly CellRow[];
  caption: string;
  /** bars: a share of the whole per row; days: one column per day, scaled to the largest day */
  shape: 'bars' | 'days';
  view: Shown;
  weighting: Weighting;
  format: StatsFormat;
  testId?: string;
}

/** The text of a row's number as the weighting picks it: "6 (75%)", or "fewer than 5" for a hidden cell. */
function valueText(cell: StatsCell, weighting: Weighting, format: StatsFormat): string {
  const { value, percent } = cellNumbers(cell, weighting);
  if (value === null) return format.fewer;
  const number = weighting === 'weighted' ? format.weighted(value) : format.count(value);
  return percent === null ? number : `${number} (${format.percent(percent)})`;
}

const clamp = (n: number) => Math.min(100, Math.max(0, n));

/** Horizontal bars, each a share of the whole; the label and the numbers are text, the bar only shows them. */
function Bars({ rows, caption, weighting, format, testId }: Omit<Props, 'view' | 'shape'>) {
  return (
    <figure className="cons-ans-chart" data-testid={testId && `${testId}-chart`}>
      <figcaption>{caption}</figcaption>
      <ul>
        {rows.map(({ key, label, cell }) => (
          <li key={key} className="cons-ans-bar-row">
            <span className="cons-ans-bar-label">{label}</span>
            <span className="cons-ans-bar-track" aria-hidden="true">
              <span
                className="cons-ans-bar"
                style={{ width: `${clamp(cellNumbers(cell, weighting).percent ?? 0)}%` }}
              />
            </span>
            <span className={`cons-ans-bar-value${cell.suppressed ? ' is-suppressed' : ''}`}>
              {valueText(cell, weighting, format)}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** One column per day, the tallest being the busiest day; each column says its day and number to assistive tech. */
function Days({ rows, caption, weighting, format, testId }: Omit<Props, 'view' | 'shape'>) {
  const max = Math.max(0, ...rows.map((r) => cellNumbers(r.cell, weighting).value ?? 0));
  return (
    <figure className="cons-ans-chart" data-testid={testId && `${testId}-chart`}>
      <figcaption>{caption}</figcaption>
      <ol className="cons-stats-days">
        {rows.map(({ key, label, cell }) => {
          const value = cellNumbers(cell, weighting).value ?? 0;
          const text = `${label}: ${valueText(cell, weighting, format)}`;
          return (
            <li key={key} className="cons-stats-day" title={text}>
              <span className="cons-stats-day-bar" aria-hidden="true">
                <span style={{ height: `${max > 0 ? clamp((value / max) * 100) : 0}%` }} />
              </span>
              <span className="ag-visually-hidden">{text}</span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}

/** The rows as a table with both numbers side by side: respondents and their share, weighted and its share. */
function CellTable({ rows, caption, format, testId }: Omit<Props, 'view' | 'shape' | 'weighting'>) {
  return (
    <StatsTable
      caption={caption}
      columns={['value', 'respondents', 'percent', 'weighted', 'weightedPercent']}
      testId={testId && `${testId}-table`}
    >
      {rows.map(({ key, label, cell }) => (
        <tr key={key} className={cell.suppressed ? 'is-suppressed' : undefined}>
          <th scope="row">{label}</th>
          <td>{format.count(cell.count)}</td>
          <td>{format.percent(cell.percent)}</td>
          <td>{format.weighted(cell.weighted)}</td>
          <td>{format.percent(cell.weighted_percent)}</td>
        </tr>
      ))}
    </StatsTable>
  );
}

/**
 * Cells of a statistic as a chart (following the weighting) or, as its alternative, a table of both numbers; or
 * the chart followed by the table.
 */
export function CellView({ shape, view, ...props }: Props) {
  const chart = shape === 'days' ? <Days {...props} /> : <Bars {...props} />;
  if (view === 'table') return <CellTable {...props} />;
  if (view === 'chart') return chart;
  return (
    <>
      {chart}
      <CellTable {...props} />
    </>
  );
}
