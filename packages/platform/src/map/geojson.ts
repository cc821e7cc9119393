/**
 * GeoJSON helpers of the drawing map and of geometry import (spec part 2 §3, §9): what a file holds, in which
 * coordinate system, whether it fits the geometry type asked for, and the request fields that carry it.
 * Geometry is kept in EPSG:4326; an imported file keeps its own coordinates too, so that the server reprojects it
 * (`geometry_crs`). Reprojection on the client (`toWgs84Collection`) loads proj4 on first use only.
 */
import {
  crsOfName,
  GEOMETRY_CRS,
  GEOMETRY_DEPTH,
  geometryInRange,
  polygonProblem,
  withinSizeLimit,
  type PolygonProblem,
  type GeoJsonFeature,
  type GeoJsonFeatureCollection,
  type GeoJsonGeometry,
  type GeometryCrs,
  type GeomType,
} from '@agora/contracts';

/** Why a file was refused; each has a message `platform.geojson.error.<code>`. */
export type GeoJsonImportError =
  | 'notJson'
  | 'notGeoJson'
  | 'empty'
  | 'unknownCrs'
  | 'wrongType'
  | 'outOfRange'
  | 'tooLarge'
  | PolygonProblem;

export type GeoJsonParse =
  | {
      ok: true;
      collection: GeoJsonFeatureCollection;
      /** the system named by the file's `crs` member, null when it names none */
      crs: GeometryCrs | null;
    }
  | { ok: false; error: GeoJsonImportError };

const GEOMETRY_TYPES = new Set<GeoJsonGeometry['type']>([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
]);

const KIND: Record<GeoJsonGeometry['type'], GeomType> = {
  Point: 'point',
  MultiPoint: 'point',
  LineString: 'line',
  MultiLineString: 'line',
  Polygon: 'polygon',
  MultiPolygon: 'polygon',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPosition(value: unknown): value is number[] {
  return (
    Array.isArray(value) &&
    value.length >= 2 &&
    value.length <= 3 &&
    value.every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

function wellNested(value: unknown, depth: number): boolean {
  if (depth === 0) return isPosition(value);
  return Array.isArray(value) && value.length > 0 && value.every((v) => wellNested(v, depth - 1));
}

/** A geometry with well-formed coordinates, or null. */
export function asGeometry(value: unknown): GeoJsonGeometry | null {
  if (!isRecord(value) || typeof value.type !== 'string') return null;
  const type = value.type as GeoJsonGeometry['type'];
  if (!GEOMETRY_TYPES.has(type) || !wellNested(value.coordinates, GEOMETRY_DEPTH[type])) return null;
  return { type, coordinates: value.coordinates };
}

/**
 * The system named by a GeoJSON `crs` member (`{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::2100"}}`
 * or `EPSG:2100`): one of ours, null when absent, 'unknown' for any other.
 */
export function crsOfMember(crs: unknown): GeometryCrs | null | 'unknown' {
  if (crs === undefined || crs === null) return null;
  const name = isRecord(crs) && isRecord(crs.properties) ? crs.properties.name : undefined;
  if (typeof name !== 'string') return 'unknown';
  return crsOfName(name) ?? 'unknown';
}

/** Any GeoJSON object (FeatureCollection, Feature, bare geometry) as a feature collection, or null. */
export function toCollection(value: unknown): GeoJsonFeatureCollection | null {
  if (!isRecord(value)) return null;
  const feature = (v: unknown): GeoJsonFeature | null => {
    if (!isRecord(v) || v.type !== 'Feature') return null;
    const geometry = asGeometry(v.geometry);
    if (!geometry) return null;
    const properties = isRecord(v.properties) ? v.properties : null;
    const id = typeof v.id === 'string' || typeof v.id === 'number' ? v.id : undefined;
    return { type: 'Feature', ...(id !== undefined ? { id } : {}), geometry, properties };
  };
  if (value.type === 'FeatureCollection') {
    if (!Array.isArray(value.features)) return null;
    const features = value.features.map(feature);
    if (features.some((f) => f === null)) return null;
    return { type: 'FeatureCollection', features: features as GeoJsonFeature[] };
  }
  if (value.type === 'Feature') {
    const one = feature(value);
    return one ? { type: 'FeatureCollection', features: [one] } : null;
  }
  const geometry = asGeometry(value);
  return geometry
    ? { type: 'FeatureCollection', features: [{ type: 'Feature', geometry, properties: null }] }
    : null;
}

/** Reads the text of a `.geojson`/`.json` file. */
export function parseGeoJson(text: string): GeoJsonParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'notJson' };
  }
  const collection = toCollection(value);
  if (!collection) return { ok: false, error: 'notGeoJson' };
  if (collection.features.length === 0) return { ok: false, error: 'empty' };
  const crs = crsOfMember(isRecord(value) ? value.crs : undefined);
  if (crs === 'unknown') return { ok: false, error: 'unknownCrs' };
  return { ok: true, collection, crs };
}

/** True when every position of the collection lies in the system's range. */
export function fitsCrs(collection: GeoJsonFeatureCollection, crs: GeometryCrs): boolean {
  return collection.features.every((f) => geometryInRange(f.geometry, crs));
}

/** The system whose range holds every position, or null (the ranges over Greece do not overlap). */
export function guessCrs(collection: GeoJsonFeatureCollection): GeometryCrs | null {
  return GEOMETRY_CRS.find((crs) => fitsCrs(collection, crs)) ?? null;
}

/** The geometry kinds (point, line, polygon) a collection holds. */
export function kindsOf(collection: GeoJsonFeatureCollection): Set<GeomType> {
  return new Set(collection.features.map((f) => KIND[f.geometry.type]));
}

export type ImportCheck = { ok: true } | { ok: false; error: GeoJsonImportError };

/**
 * Whether a parsed file may be taken in the system chosen and for the geometry type asked for (any when null):
 * the server's rules (`@agora/contracts` geometry) checked before the file is said to be imported.
 */
export function checkImport(
  collection: GeoJsonFeatureCollection,
  crs: GeometryCrs,
  kind: GeomType | null,
): ImportCheck {
  if (kind && [...kindsOf(collection)].some((k) => k !== kind)) return { ok: false, error: 'wrongType' };
  if (!fitsCrs(collection, crs)) return { ok: false, error: 'outOfRange' };
  for (const f of collection.features) {
    const problem = polygonProblem(f.geometry);
    if (problem) return { ok: false, error: problem };
  }
  if (!withinSizeLimit(collection)) return { ok: false, error: 'tooLarge' };
  return { ok: true };
}

function mapPositions(geometry: GeoJsonGeometry, fn: (p: number[]) => number[]): GeoJsonGeometry {
  const walk = (v: unknown, depth: number): unknown =>
    depth === 0 ? fn(v as number[]) : (v as unknown[]).map((item) => walk(item, depth - 1));
  return { type: geometry.type, coordinates: walk(geometry.coordinates, GEOMETRY_DEPTH[geometry.type]) };
}

/** The collection in EPSG:4326 (for the map); proj4 is loaded on first use. */
export async function toWgs84Collection(
  collection: GeoJsonFeatureCollection,
  crs: GeometryCrs,
): Promise<GeoJsonFeatureCollection> {
  if (crs === 'EPSG:4326') return collection;
  const { toWgs84 } = await import('@agora/contracts/crs');
  return {
    type: 'FeatureCollection',
    features: collection.features.map((f) => ({
      ...f,
      geometry: mapPositions(f.geometry, ([x = 0, y = 0]) => {
        const p = toWgs84({ x, y }, crs);
        return [p.lng, p.lat];
      }),
    })),
  };
}

/** A boundary geometry as a collection for the map (empty for none). */
export function collectionOfGeometry(geometry: GeoJsonGeometry | null): GeoJsonFeatureCollection {
  if (!geometry) return { type: 'FeatureCollection', features: [] };
  if (geometry.type === 'MultiPolygon') {
    return {
      type: 'FeatureCollection',
      features: (geometry.coordinates as unknown[]).map((coordinates) => ({
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates },
        properties: null,
      })),
    };
  }
  return { type: 'FeatureCollection', features: [{ type: 'Feature', geometry, properties: null }] };
}

/** The polygons drawn, as one geometry: null for none, a Polygon for one, a MultiPolygon for more. */
export function polygonGeometryOf(collection: GeoJsonFeatureCollection | null): GeoJsonGeometry | null {
  const polygons = (collection?.features ?? []).flatMap((f) =>
    f.geometry.type === 'Polygon'
      ? [f.geometry.coordinates]
      : f.geometry.type === 'MultiPolygon'
        ? (f.geometry.coordinates as unknown[])
        : [],
  );
  if (polygons.length === 0) return null;
  if (polygons.length === 1) return { type: 'Polygon', coordinates: polygons[0] };
  return { type: 'MultiPolygon', coordinates: polygons };
}

/**
 * A geometry field of a form: what the map shows (EPSG:4326) and, when it was imported and not changed since,
 * the file's own coordinates and system.
 */
export interface GeometryValue {
  map: GeoJsonFeatureCollection | null;
  imported?: { crs: GeometryCrs; collection: GeoJsonFeatureCollection };
}

/**
 * The geometry fields of a request: imported geometry is sent as it was in the file with its `geometry_crs` when
 * every geometry sent is in that one system (the server reprojects it); otherwise everything goes in EPSG:4326.
 */
export function geometryFields(
  fields: Record<string, GeometryValue>,
): Record<string, GeoJsonFeatureCollection | null | string> {
  const entries = Object.entries(fields);
  const systems = new Set(
    entries
      .filter(([, v]) => v.map && v.map.features.length > 0)
      .map(([, v]) => v.imported?.crs ?? 'EPSG:4326'),
  );
  const only = systems.size === 1 ? [...systems][0] : undefined;
  const out: Record<string, GeoJsonFeatureCollection | null | string> = {};
  for (const [name, value] of entries) {
    out[name] = only && only !== 'EPSG:4326' && value.imported ? value.imported.collection : value.map;
  }
  if (only && only !== 'EPSG:4326') out.geometry_crs = only;
  return out;
}
