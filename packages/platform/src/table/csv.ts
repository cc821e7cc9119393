import { neutralizeCsvCell } from '@agora/contracts';

/**
 * One CSV field: a text a spreadsheet would read as a formula neutralised (`neutralizeCsvCell`); quoted when it
 * holds a separator, a quote, a line break or edge spaces; quotes doubled.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = neutralizeCsvCell(
    typeof value === 'number' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value),
  );
  return /[",;\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text (comma separated, CRLF line ends as RFC 4180) with a UTF-8 byte order mark so Excel reads Greek. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  const lines = [header, ...rows].map((r) => r.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Makes the browser download a text as a file. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
