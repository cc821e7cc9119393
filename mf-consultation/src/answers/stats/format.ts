import { useIntl } from 'react-intl';
import { useDateText } from '@agora/platform';
import type { StatsCell } from './types';

/** Which of a cell's numbers the charts draw: respondents as they are, or each counted with their weight. */
export type Weighting = 'unweighted' | 'weighted';

/** The numbers of a cell that the weighting picks. */
export function cellNumbers(
  cell: StatsCell,
  weighting: Weighting,
): { value: number | null; percent: number | null } {
  return weighting === 'weighted'
    ? { value: cell.weighted, percent: cell.weighted_percent }
    : { value: cell.count, percent: cell.percent };
}

/**
 * The statistics' numbers in the page's language (Greek `1.234,5`, English `1,234.5`); a hidden number (`null`)
 * reads "fewer than {k}", k being the smallest group shown. Days as every date on the site (`useDateText`:
 * `02/03/2026`).
 */
export function useStatsFormat(minCell: number) {
  const intl = useIntl();
  const dateText = useDateText();
  const fewer = intl.formatMessage({ id: 'consultation.stats.fewer' }, { k: minCell });
  const or = (n: number | null | undefined, text: (n: number) => string) =>
    n === null || n === undefined ? fewer : text(n);
  return {
    fewer,
    count: (n: number | null | undefined) => or(n, (v) => intl.formatNumber(v)),
    weighted: (n: number | null | undefined) =>
      or(n, (v) => intl.formatNumber(v, { maximumFractionDigits: 2 })),
    decimal: (n: number) => intl.formatNumber(n, { maximumFractionDigits: 2 }),
    percent: (p: number | null | undefined) =>
      p === null || p === undefined
        ? intl.formatMessage({ id: 'consultation.stats.hidden' })
        : intl.formatNumber(p / 100, { style: 'percent', maximumFractionDigits: 1 }),
    length: (m: number) =>
      m >= 1000
        ? intl.formatNumber(m / 1000, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 2 })
        : intl.formatNumber(m, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }),
    area: (m2: number) =>
      m2 >= 10_000
        ? intl.formatNumber(m2 / 10_000, { style: 'unit', unit: 'hectare', maximumFractionDigits: 2 })
        : intl.formatMessage(
            { id: 'consultation.stats.squareMetres' },
            { value: intl.formatNumber(m2, { maximumFractionDigits: 0 }) },
          ),
    day: (day: string) => dateText(day),
  };
}

export type StatsFormat = ReturnType<typeof useStatsFormat>;
