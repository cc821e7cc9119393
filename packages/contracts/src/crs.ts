/**
 * Coordinate systems of the spec (part 1 §5 and §9, part 2 §5): EPSG:4326 (WGS84), EPSG:2100 (Greek Grid, the
 * default) and EPSG:3857 (the web map system), with their ranges over Greece, input steps and precision. Points
 * are kept in EPSG:4326 as `{lat, lng}`; other systems are converted at the edges.
 *
 * This module loads proj4: import it as `@agora/contracts/crs`, never from the main entry, so pages without
 * coordinates do not load it.
 */
import proj4 from 'proj4';
import type { LatLng } from './address.js';
import { CRS_RANGES } from './consultation.js';

export type CrsCode = 'EPSG:4326' | 'EPSG:2100' | 'EPSG:3857';

export const CRS_CODES: readonly CrsCode[] = ['EPSG:3857', 'EPSG:4326', 'EPSG:2100'];
export const DEFAULT_CRS: CrsCode = 'EPSG:2100';

/** A point in a given system: x is the easting (longitude in EPSG:4326), y the northing (latitude). */
export interface XY {
  x: number;
  y: number;
}

export interface Range {
  min: number;
  max: number;
}

export interface CrsInfo {
  code: CrsCode;
  /** decimals kept: 8 for WGS84, 3 otherwise */
  precision: number;
  /** the input step: 1e-8 for WGS84, 0.001 otherwise */
  step: number;
  /** accepted x (easting or longitude) and y (northing or latitude) */
  x: Range;
  y: Range;
  /** degrees or metres */
  unit: 'degree' | 'metre';
}

export const CRS_INFO: Readonly<Record<CrsCode, CrsInfo>> = {
  'EPSG:4326': {
    code: 'EPSG:4326',
    precision: 8,
    step: 1e-8,
    ...CRS_RANGES['EPSG:4326'],
    unit: 'degree',
  },
  'EPSG:2100': {
    code: 'EPSG:2100',
    precision: 3,
    step: 0.001,
    ...CRS_RANGES['EPSG:2100'],
    unit: 'metre',
  },
  'EPSG:3857': {
    code: 'EPSG:3857',
    precision: 3,
    step: 0.001,
    ...CRS_RANGES['EPSG:3857'],
    unit: 'metre',
  },
};

/** Greek Grid (GGRS87 / TM87), with the datum shift to WGS84. */
export const EPSG_2100_DEFINITION =
  '+proj=tmerc +lat_0=0 +lon_0=24 +k=0.9996 +x_0=500000 +y_0=0 +ellps=GRS80 +towgs84=-199.87,74.79,246.62,0,0,0,0 +units=m +no_defs +type=crs';

proj4.defs('EPSG:2100', EPSG_2100_DEFINITION);

export function isCrsCode(value: unknown): value is CrsCode {
  return typeof value === 'string' && (CRS_CODES as readonly string[]).includes(value);
}

/** Rounds to the system's precision. */
export function roundTo(crs: CrsCode, value: number): number {
  const factor = 10 ** CRS_INFO[crs].precision;
  return Math.round(value * factor) / factor;
}

/** A WGS84 point in another system, rounded to its precision. */
export function fromWgs84(point: LatLng, crs: CrsCode): XY {
  if (crs === 'EPSG:4326') return { x: roundTo(crs, point.lng), y: roundTo(crs, point.lat) };
  const [x, y] = proj4('EPSG:4326', crs, [point.lng, point.lat]) as [number, number];
  return { x: roundTo(crs, x), y: roundTo(crs, y) };
}

/** A point of another system in WGS84, rounded to 8 decimals. */
export function toWgs84(point: XY, crs: CrsCode): LatLng {
  if (crs === 'EPSG:4326') return { lat: roundTo(crs, point.y), lng: roundTo(crs, point.x) };
  const [lng, lat] = proj4(crs, 'EPSG:4326', [point.x, point.y]) as [number, number];
  return { lat: roundTo('EPSG:4326', lat), lng: roundTo('EPSG:4326', lng) };
}

/** Converts between any two of the systems. */
export function convert(point: XY, from: CrsCode, to: CrsCode): XY {
  if (from === to) return { x: roundTo(to, point.x), y: roundTo(to, point.y) };
  return fromWgs84(toWgs84(point, from), to);
}

/** The axes whose value is outside the system's range (empty when the point is accepted). */
export function outOfRange(point: XY, crs: CrsCode): Array<'x' | 'y'> {
  const info = CRS_INFO[crs];
  const out: Array<'x' | 'y'> = [];
  if (!(point.x >= info.x.min && point.x <= info.x.max)) out.push('x');
  if (!(point.y >= info.y.min && point.y <= info.y.max)) out.push('y');
  return out;
}

export function isInRange(point: XY, crs: CrsCode): boolean {
  return outOfRange(point, crs).length === 0;
}
