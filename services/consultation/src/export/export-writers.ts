import { Transform, type TransformCallback } from 'node:stream';
import { neutralizeCsvCell } from '@agora/contracts';
import type { ExportCrs, ExportFormat } from '@agora/contracts/api';
import { TAIL_COLUMNS, type ExportPlan, type ExportRow } from './export-plan.js';

/** One CSV cell (RFC 4180): neutralised against formulas, quoted when it holds a quote, a separator or a break. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = neutralizeCsvCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: Array<string | number | null>) => `${cells.map(csvCell).join(',')}\r\n`;

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
  const wktAt = headers.indexOf(TAIL_COLUMNS[1]);
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
