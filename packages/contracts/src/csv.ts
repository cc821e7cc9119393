/**
 * The characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return, let a
 * formula follow them): `=`, `+`, `-`, `@`, tab, CR.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV cell's text made safe against formula injection (OWASP "CSV Injection"): a text that starts with a
 * formula character gets a leading `'`, which spreadsheets show as text and do not keep. Every CSV the project
 * writes passes its cells through here. Numbers are left as they are (a negative number is no formula).
 */
export function neutralizeCsvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * One CSV cell (RFC 4180): neutralised against formulas (`neutralizeCsvCell`; numbers are written as they are),
 * quoted when it holds a quote, a separator or a break, its quotes doubled. Null is the empty cell.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = neutralizeCsvCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line end (RFC 4180). */
export const csvLine = (cells: ReadonlyArray<string | number | null>): string =>
  `${cells.map(csvCell).join(',')}\r\n`;
