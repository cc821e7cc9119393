import type { Cell } from '@agora/contracts/api';

/**
 * Small-cell suppression and weights (decision 0039). A cell is a count of respondents (distinct owners) shown
 * in a statistic; for everyone but administrators a cell of 1..minCell-1 respondents is hidden (its numbers null,
 * `suppressed` true). Weighted numbers sum each respondent's profile weight once per cell (1 when none is stored).
 */
export class Cells {
  /** Whether anything was hidden. */
  suppressed = false;

  constructor(
    /** The smallest cell shown, or 1 for administrators (everything shown). */
    readonly minCell: number,
  ) {}

  /** Whether a count of respondents must be hidden. */
  hides(respondents: number): boolean {
    return respondents > 0 && respondents < this.minCell;
  }

  /** A number shown only when its cell is (null otherwise; notes the suppression). */
  shown<T>(respondents: number, value: T): T | null {
    if (!this.hides(respondents)) return value;
    this.suppressed = true;
    return null;
  }

  /** One cell against totals (`total` respondents, `weightedTotal` weight). */
  cell(respondents: number, weighted: number, total: number, weightedTotal: number): Cell {
    if (this.hides(respondents)) {
      this.suppressed = true;
      return { count: null, weighted: null, percent: null, weighted_percent: null, suppressed: true };
    }
    return {
      count: respondents,
      weighted: round(weighted),
      percent: total === 0 ? 0 : round((respondents * 100) / total),
      weighted_percent: weightedTotal === 0 ? 0 : round((weighted * 100) / weightedTotal),
      suppressed: false,
    };
  }
}

/** Two decimals (percentages, weights, means). */
export function round(n: number): number {
  return Math.round(n * 100) / 100;
}
