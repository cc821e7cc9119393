import { AppError } from '@agora/common';
import { INVITATION_CSV_MAX_BYTES, INVITATION_CSV_MAX_ROWS } from '@agora/contracts/api';
import { parse } from 'csv-parse/sync';

/**
 * Reading an invitation CSV (decision 0043):
 * - text: UTF-8 (a BOM is dropped); a file that is not valid UTF-8 is read as Windows-1253 (Greek Excel's "CSV"
 *   without "UTF-8") when it holds no control characters, else refused as not a CSV;
 * - separator: ',' or ';' (Greek Excel writes ';'), whichever the header line holds more of outside quotes;
 * - quoted fields (with separators, quotes doubled, line breaks) as RFC 4180;
 * - header names compared case-insensitively and trimmed; firstname, lastname and email are required;
 *   category_<n> / role_<n> pairs give the enrolments; every other column is ignored;
 * - at most 5 MB (413) and 10,000 data rows (400 MAILING.CSV_TOO_LARGE);
 * - not a CSV (binary, empty, unreadable quoting, a first line that names none of the required columns):
 *   400 MAILING.CSV_INVALID; some required columns missing: 400 MAILING.CSV_COLUMNS naming them.
 * - a file whose name does not end in `.csv`, or sent with a media type that is not text or one of the types
 *   spreadsheets give a .csv: 400 MAILING.CSV_TYPE, before its content is read (decision 0063).
 */

export const REQUIRED_COLUMNS = ['firstname', 'lastname', 'email'] as const;

/** One data line as read: its line number in the file (the header is line 1) and its raw values. */
export interface CsvInvitationRow {
  line: number;
  firstname: string;
  lastname: string;
  email: string;
  /** category short name and role as written (checked later); an empty role is 'normal' */
  enrolments: Array<{ category: string; role: string }>;
}

/**
 * The media types a browser may send with a .csv file: text of any kind, what Windows gives a .csv when a
 * spreadsheet is installed, and the ones that mean "unknown". Anything else (a PDF, an image, an archive) is not.
 */
const CSV_MEDIA_TYPES = new Set([
  '',
  'application/octet-stream',
  'application/csv',
  'application/x-csv',
  'application/vnd.ms-excel',
]);

/** 400 MAILING.CSV_TYPE unless the uploaded file is named `*.csv` and sent with a text or CSV media type. */
export function checkCsvFile(file: { originalname: string; mimetype: string }): void {
  const type = file.mimetype.split(';')[0]!.trim().toLowerCase();
  if (!/\.csv$/i.test(file.originalname.trim())) {
    throw new AppError('MAILING.CSV_TYPE', 400, 'the file must be a .csv file');
  }
  if (!type.startsWith('text/') && !CSV_MEDIA_TYPES.has(type)) {
    throw new AppError('MAILING.CSV_TYPE', 400, `the file must be a .csv file, not ${type}`);
  }
}

const invalid = (why: string) => new AppError('MAILING.CSV_INVALID', 400, `not a CSV file: ${why}`);

/** The file's text: UTF-8, else Windows-1253; null when it is binary. */
export function decodeCsv(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1253').decode(bytes);
  }
  // NUL and other control characters (tab, line breaks and form feed aside) do not occur in a text CSV.
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0b\x0e-\x1f\x7f\ufffd]/.test(text)) return null;
  return text;
}

/** ',' or ';': the one the first line holds more of outside double quotes (',' when neither). */
export function detectSeparator(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Parses the invitation CSV; throws the 400/413 refusals described above. */
export function parseInvitationCsv(bytes: Buffer): CsvInvitationRow[] {
  if (bytes.length > INVITATION_CSV_MAX_BYTES) {
    throw new AppError('MAILING.CSV_TOO_LARGE', 413, 'the file is larger than 5 MB');
  }
  const decoded = decodeCsv(bytes);
  if (decoded === null) throw invalid('binary content');
  const text = decoded.replace(/^\ufeff/, '');
  if (text.trim() === '') throw invalid('empty file');
  let records: Array<{ record: string[]; raw: string; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter: detectSeparator(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      raw: true,
      // header + the most rows allowed + one, to know that there are too many without reading on
      to: INVITATION_CSV_MAX_ROWS + 2,
    }) as unknown as Array<{ record: string[]; raw: string; info: { lines: number } }>;
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : 'unreadable');
  }
  const [header, ...data] = records;
  if (!header) throw invalid('no header line');
  if (data.length > INVITATION_CSV_MAX_ROWS) {
    throw new AppError('MAILING.CSV_TOO_LARGE', 400, `more than ${INVITATION_CSV_MAX_ROWS} rows`);
  }
  const names = header.record.map((h) => h.trim().toLowerCase());
  const index = (name: string) => names.indexOf(name);
  const missing = REQUIRED_COLUMNS.filter((c) => index(c) < 0);
  if (missing.length === REQUIRED_COLUMNS.length) throw invalid('the first line is not a header');
  if (missing.length > 0) {
    throw new AppError('MAILING.CSV_COLUMNS', 400, `missing columns: ${missing.join(', ')}`);
  }
  const pairs: Array<{ category: number; role: number }> = [];
  names.forEach((name, i) => {
    const m = /^category_(\d+)$/.exec(name);
    if (m) pairs.push({ category: i, role: index(`role_${m[1]}`) });
  });
  const [first, last, mail] = REQUIRED_COLUMNS.map(index) as [number, number, number];
  return data.map(({ record, raw, info }) => {
    const at = (i: number) => (i >= 0 ? (record[i] ?? '').trim() : '');
    const enrolments: CsvInvitationRow['enrolments'] = [];
    for (const p of pairs) {
      const category = at(p.category);
      if (category !== '') enrolments.push({ category, role: at(p.role).toLowerCase() || 'normal' });
    }
    // info.lines is where the record ends: a quoted field with line breaks starts that many lines earlier
    const breaks =
      raw
        .replace(/^[\r\n]+/, '')
        .replace(/\r?\n$/, '')
        .split('\n').length - 1;
    return {
      line: info.lines - breaks,
      firstname: at(first),
      lastname: at(last),
      email: at(mail),
      enrolments,
    };
  });
}
