import { Transform, type TransformCallback } from 'node:stream';
import { csvLine } from '@agora/contracts';
import type { ExportCrs, ExportDictionary, ExportFormat } from '@agora/contracts/api';
import type { ExportPlan, ExportRow } from './export-plan.js';

/** The `crs` member naming a projected CRS, so GDAL and QGIS read the coordinates right (RFC 7946 §4 leaves it out for 4326). */
function crsMember(crs: ExportCrs): string {
  return crs === 4326 ? '' : `"crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::${crs}"}},`;
}

/**
 * Turns the rows of the export query (objects, one by one from the cursor) into the file's text. A Transform
 * stream: it pulls the next rows only as the reader drains it, so the backpressure of the response reaches the
 * database cursor. `onRow` is told after each row (progress of a job).
 */
export function exportWriter(
  plan: ExportPlan,
  format: ExportFormat,
  onRow?: (rows: number) => void,
): Transform {
  let rows = 0;
  const headers = plan.headers;
  const wktAt = headers.indexOf('wkt');
  return new Transform({
    writableObjectMode: true,
    // a batch of lines per read keeps the chunks large enough without holding many rows
    writableHighWaterMark: 64,
    construct(callback) {
      this.push(
        format === 'csv'
          ? `\uFEFF${csvLine(headers)}`
          : `{"type":"FeatureCollection",${crsMember(plan.crs)}"features":[`,
      );
      callback();
    },
    transform(row: ExportRow, _encoding, callback: TransformCallback) {
      const cells = plan.cells(row);
      if (format === 'csv') {
        callback(null, csvLine(cells));
      } else {
        const properties: Record<string, string | number | null> = {};
        cells.forEach((cell, i) => {
          if (i !== wktAt) properties[headers[i]!] = cell;
        });
        const feature = `{"type":"Feature","id":${JSON.stringify(row.token)},"geometry":${row.geojson ?? 'null'},"properties":${JSON.stringify(properties)}}`;
        callback(null, rows === 0 ? feature : `,${feature}`);
      }
      rows++;
      onRow?.(rows);
    },
    flush(callback) {
      callback(null, format === 'csv' ? '' : ']}');
    },
  });
}

/**
 * The `.csvt` sidecar of a CSV export: one line with the GDAL type of every column, in order. Saved next to the
 * CSV under the same name (`x.csv`, `x.csvt`), GDAL and QGIS read numbers as Real, dates as Date, the
 * timestamps as DateTime and `wkt` as the geometry.
 */
export function csvtText(plan: ExportPlan): string {
  return `${plan.columns.map((c) => `"${c.type}"`).join(',')}\r\n`;
}

/** What the data dictionary says of how values are written, in both languages. */
export const DICTIONARY_NOTES: ReadonlyArray<{ el: string; en: string }> = [
  {
    el: "CSV: ένα κείμενο που αρχίζει με =, +, -, @, tab ή CR γράφεται με ένα ' μπροστά, ώστε τα λογιστικά φύλλα να μην το εκτελέσουν ως τύπο· αφαιρέστε το για να πάρετε την απάντηση όπως δόθηκε. Το GeoJSON κρατά κάθε τιμή ακριβώς όπως δόθηκε.",
    en: "CSV: a text starting with =, +, -, @, a tab or a CR is written with a leading ' so that spreadsheets do not run it as a formula; remove it to get the answer as given. The GeoJSON keeps every value exactly as given.",
  },
  {
    el: 'CSV: οι τύποι των στηλών είναι στο αρχείο .csvt· αποθηκεύστε το δίπλα στο CSV με το ίδιο όνομα για το GDAL και το QGIS.',
    en: 'CSV: the column types are in the .csvt file; save it next to the CSV under the same name for GDAL and QGIS.',
  },
  {
    el: 'Οι πολλές τιμές μιας απάντησης (πολλές επιλογές, βιβλιοθήκη) ενώνονται με ;. Οι ημερομηνίες είναι yyyy-mm-dd, οι χρόνοι ISO 8601 σε UTC.',
    en: 'The several values of one answer (several choices, a library) are joined by ;. Dates are yyyy-mm-dd, times ISO 8601 in UTC.',
  },
  {
    el: 'Συντεταγμένες με 8 δεκαδικά σε μοίρες (EPSG:4326) και 3 σε μέτρα (EPSG:2100, 3857).',
    en: 'Coordinates have 8 decimals in degrees (EPSG:4326) and 3 in metres (EPSG:2100, 3857).',
  },
];

/** The data dictionary of a plan: every column's key, labels, kind, type and options, and the notes. */
export function dictionaryOf(plan: ExportPlan): ExportDictionary {
  return {
    project: plan.project.mname,
    columns: plan.columns.map((c) => ({
      key: c.key,
      label: c.label,
      kind: c.kind,
      type: c.type,
      ...(c.context !== undefined && { context: c.context }),
      ...(c.options && { options: c.options }),
      ...(c.csvOnly && { csv_only: true }),
    })),
    notes: [...DICTIONARY_NOTES],
  };
}
