// The answers' points for clusters and the heat map: the flat `[lon, lat, …]` arrays of the points endpoint.
import type { PointsAnswer } from './api';

/** The coordinates of the chosen attribute's answers (`''`: every attribute), one flat `[lon, lat, …]` array. */
export function coordsOf(points: PointsAnswer | undefined, attribute: string): Float64Array {
  const rows = (points?.attributes ?? []).filter((a) => attribute === '' || a.attribute === attribute);
  const out = new Float64Array(rows.reduce((n, a) => n + a.coords.length - (a.coords.length % 2), 0));
  let i = 0;
  for (const row of rows) {
    const n = row.coords.length - (row.coords.length % 2);
    for (let k = 0; k < n; k++) out[i++] = row.coords[k]!;
  }
  return out;
}

/** The answers counted by the points endpoint. */
export const countOf = (points: PointsAnswer | undefined): number =>
  (points?.attributes ?? []).reduce((n, a) => n + a.count, 0);

/**
 * Web Mercator pixel coordinates at zoom 0 (a 256-pixel world), `[x, y, …]`: a point's pixel at zoom z is this
 * times 2^z, so a view is drawn without projecting every point again.
 */
export function mercator(coords: Float64Array): Float64Array {
  const out = new Float64Array(coords.length);
  for (let i = 0; i < coords.length; i += 2) {
    const lon = coords[i]!;
    const lat = Math.max(-85.0511, Math.min(85.0511, coords[i + 1]!));
    const s = Math.sin((lat * Math.PI) / 180);
    out[i] = (256 * (lon + 180)) / 360;
    out[i + 1] = 256 * (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI));
  }
  return out;
}

let canvasSupport: boolean | undefined;
/** Whether the browser draws on a 2D canvas (not so in a test DOM: the layers then use SVG or draw nothing). */
export function hasCanvas(): boolean {
  canvasSupport ??= (() => {
    try {
      return !!document.createElement('canvas').getContext('2d');
    } catch {
      return false;
    }
  })();
  return canvasSupport;
}
