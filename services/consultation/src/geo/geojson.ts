/**
 * Checks the shape of imported GeoJSON (RFC 7946, plus the legacy `crs` member GIS tools still write) before it
 * reaches PostGIS: object kinds, coordinate nesting, finite numbers, ring closure and sizes. Geometric validity
 * (self-intersections and the like) and reprojection are PostGIS's job (`geo.sql.ts`). Coordinates are checked
 * against the spec's ranges of the system they were sent in (`assertInRange`) before anything is reprojected.
 * A position may carry a height (a third number): `parseGeometry`, which every geometry input goes through (an
 * answer's geometry, a geometric value's shapes, boundaries, imported layers), drops it, since geometries are
 * stored in 2D. Four numbers or more are refused.
 */
import { AppError } from '@agora/common';
import type { FieldRuleName } from '@agora/contracts';
import {
  CRS_RANGES,
  crsOfName,
  dropZ,
  GEOMETRY_CRS,
  geometryInRange,
  type GeoJsonGeometry,
  type GeometryCrs,
  type GeomType,
} from '@agora/contracts';

export type GeometryKind = GeoJsonGeometry['type'];

/** At most this many features per field, and this many bytes of GeoJSON text. */
export const MAX_FEATURES = 10_000;
export const MAX_GEOJSON_BYTES = 1024 * 1024;
/** The most positions of one GeoJSON value unless GEOJSON_MAX_COORDINATES says otherwise. */
export const DEFAULT_MAX_COORDINATES = 100_000;

/** A feature as stored: its geometry (not yet reprojected), properties and optional id. */
export interface ParsedFeature {
  geometry: GeoJsonGeometry;
  properties: Record<string, unknown> | null;
  id?: string | number;
}

/** The geometry kinds each geometry type of the spec allows. */
export const KINDS_OF: Readonly<Record<GeomType, readonly GeometryKind[]>> = {
  point: ['Point', 'MultiPoint'],
  line: ['LineString', 'MultiLineString'],
  polygon: ['Polygon', 'MultiPolygon'],
};

/** 400 `CONSULTATION.GEOMETRY`, `{"Error": "field: message", field, rule}`; `rule` geometry, crs or coordinates. */
export const geoError = (
  field: string,
  message: string,
  rule: Extract<FieldRuleName, 'geometry' | 'crs' | 'coordinates'> = 'geometry',
) => new AppError('CONSULTATION.GEOMETRY', 400, `${field}: ${message}`, { field, rule });

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The EPSG code of `geometry_crs` or of a GeoJSON `crs` member; 400 for any other system. */
export function parseCrs(field: string, raw: unknown): GeometryCrs {
  if (raw === undefined || raw === null || raw === '') return 'EPSG:4326';
  if (typeof raw !== 'string') throw geoError(field, 'unknown coordinate system', 'crs');
  const crs = crsOfName(raw);
  if (!crs) throw geoError(field, `unknown coordinate system (use ${GEOMETRY_CRS.join(', ')})`, 'crs');
  return crs;
}

/** The coordinate system named by a legacy GeoJSON `crs` member, if any. */
function crsMember(field: string, obj: Record<string, unknown>): GeometryCrs | undefined {
  if (obj.crs === undefined || obj.crs === null) return undefined;
  const crs = obj.crs;
  if (!isObject(crs) || crs.type !== 'name' || !isObject(crs.properties))
    throw geoError(field, 'unsupported "crs" member', 'crs');
  return parseCrs(field, crs.properties.name);
}

function position(field: string, p: unknown): void {
  if (
    !Array.isArray(p) ||
    p.length < 2 ||
    p.length > 3 ||
    !p.every((n) => typeof n === 'number' && isFinite(n))
  )
    throw geoError(field, 'a position must be 2 or 3 finite numbers');
}

function positions(field: string, list: unknown, min: number): void {
  if (!Array.isArray(list) || list.length < min)
    throw geoError(field, `a line needs at least ${min} positions`);
  for (const p of list) position(field, p);
}

function ring(field: string, r: unknown): void {
  positions(field, r, 4);
  const list = r as number[][];
  const [first, last] = [list[0]!, list[list.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) throw geoError(field, 'a polygon ring must be closed');
}

function polygon(field: string, rings: unknown): void {
  if (!Array.isArray(rings) || rings.length === 0) throw geoError(field, 'a polygon needs a ring');
  for (const r of rings) ring(field, r);
}

function list(field: string, parts: unknown, each: (field: string, part: unknown) => void): void {
  if (!Array.isArray(parts) || parts.length === 0) throw geoError(field, 'an empty multi-geometry');
  for (const part of parts) each(field, part);
}

const CHECK: Readonly<Record<GeometryKind, (field: string, c: unknown) => void>> = {
  Point: position,
  MultiPoint: (f, c) => list(f, c, position),
  LineString: (f, c) => positions(f, c, 2),
  MultiLineString: (f, c) => list(f, c, (ff, part) => positions(ff, part, 2)),
  Polygon: polygon,
  MultiPolygon: (f, c) => list(f, c, polygon),
};

/** A GeoJSON geometry object of one of the six kinds (no GeometryCollection), each position's height dropped. */
export function parseGeometry(field: string, raw: unknown): GeoJsonGeometry {
  if (!isObject(raw) || typeof raw.type !== 'string' || !Object.hasOwn(CHECK, raw.type))
    throw geoError(field, 'not a GeoJSON geometry (Point, LineString, Polygon or their Multi kinds)');
  const type = raw.type as GeometryKind;
  CHECK[type](field, raw.coordinates);
  return dropZ({ type, coordinates: raw.coordinates });
}

function parseFeature(field: string, raw: unknown): ParsedFeature {
  if (!isObject(raw) || raw.type !== 'Feature') throw geoError(field, 'not a GeoJSON Feature');
  if (raw.geometry === null || raw.geometry === undefined)
    throw geoError(field, 'a feature without geometry');
  const properties = raw.properties ?? null;
  if (properties !== null && !isObject(properties))
    throw geoError(field, 'feature properties must be an object');
  const id = raw.id;
  if (id !== undefined && typeof id !== 'string' && !(typeof id === 'number' && isFinite(id)))
    throw geoError(field, 'a feature id must be a string or a number');
  const feature: ParsedFeature = { geometry: parseGeometry(field, raw.geometry), properties };
  if (id !== undefined) feature.id = id;
  return feature;
}

/** Imported GeoJSON: what it holds as features, and the coordinate system it names itself, if any. */
export interface ParsedGeoJson {
  features: ParsedFeature[];
  crs?: GeometryCrs;
}

/** How many positions a geometry holds (its shape already checked). */
export function positionCount(geometry: GeoJsonGeometry): number {
  const c = geometry.coordinates as unknown[];
  switch (geometry.type) {
    case 'Point':
      return 1;
    case 'MultiPoint':
    case 'LineString':
      return c.length;
    case 'MultiLineString':
    case 'Polygon':
      return (c as unknown[][]).reduce((n, part) => n + part.length, 0);
    case 'MultiPolygon':
      return (c as unknown[][][]).reduce((n, rings) => n + rings.reduce((m, r) => m + r.length, 0), 0);
  }
}

/** 400 `CONSULTATION.TOO_MANY_COORDINATES` when the features hold more than `max` positions together. */
function assertCoordinateCount(field: string, features: readonly ParsedFeature[], max: number): void {
  let total = 0;
  for (const f of features) {
    total += positionCount(f.geometry);
    if (total > max)
      throw AppError.badRequest(
        'CONSULTATION.TOO_MANY_COORDINATES',
        `${field}: GeoJSON with more than ${max} coordinates`,
      );
  }
}

/**
 * Any GeoJSON object (a FeatureCollection, a Feature or a bare geometry) as a list of features, every geometry of
 * one of `kinds`. Sizes are bounded: MAX_FEATURES features, MAX_GEOJSON_BYTES of text, `maxCoordinates` positions
 * (GEOJSON_MAX_COORDINATES), all checked before anything reaches PostGIS.
 */
export function parseGeoJson(
  field: string,
  raw: unknown,
  kinds: readonly GeometryKind[],
  maxCoordinates = DEFAULT_MAX_COORDINATES,
): ParsedGeoJson {
  if (!isObject(raw)) throw geoError(field, 'not GeoJSON');
  if (Buffer.byteLength(JSON.stringify(raw)) > MAX_GEOJSON_BYTES)
    throw geoError(field, `GeoJSON larger than ${MAX_GEOJSON_BYTES / 1024 / 1024} MB`);
  const crs = crsMember(field, raw);
  let features: ParsedFeature[];
  if (raw.type === 'FeatureCollection') {
    if (!Array.isArray(raw.features)) throw geoError(field, 'a FeatureCollection needs a features list');
    if (raw.features.length > MAX_FEATURES) throw geoError(field, `more than ${MAX_FEATURES} features`);
    features = raw.features.map((f) => parseFeature(field, f));
  } else if (raw.type === 'Feature') {
    features = [parseFeature(field, raw)];
  } else {
    features = [{ geometry: parseGeometry(field, raw), properties: null }];
  }
  const wrong = features.find((f) => !kinds.includes(f.geometry.type));
  if (wrong) throw geoError(field, `${wrong.geometry.type} is not allowed here (use ${kinds.join(' or ')})`);
  assertCoordinateCount(field, features, maxCoordinates);
  return crs ? { features, crs } : { features };
}

/**
 * A polygon boundary from GeoJSON: a Polygon or MultiPolygon, a Feature holding one, or a FeatureCollection of
 * them (combined into one MultiPolygon).
 */
export function parseBoundary(
  field: string,
  raw: unknown,
  maxCoordinates = DEFAULT_MAX_COORDINATES,
): { geometry: GeoJsonGeometry; crs?: GeometryCrs } {
  const { features, crs } = parseGeoJson(field, raw, KINDS_OF.polygon, maxCoordinates);
  if (features.length === 0) throw geoError(field, 'an empty FeatureCollection');
  let geometry: GeoJsonGeometry;
  if (features.length === 1) geometry = features[0]!.geometry;
  else
    geometry = {
      type: 'MultiPolygon',
      coordinates: features.flatMap((f) =>
        f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : (f.geometry.coordinates as unknown[]),
      ),
    };
  return crs ? { geometry, crs } : { geometry };
}

/** The one coordinate system of a request: `geometry_crs`, unless the GeoJSON names its own (which must agree). */
export function requestCrs(field: string, declared: GeometryCrs | undefined, own: GeometryCrs | undefined) {
  if (own && declared && own !== declared)
    throw geoError(field, `the GeoJSON says ${own} but geometry_crs says ${declared}`, 'crs');
  return own ?? declared ?? 'EPSG:4326';
}

/** The spec's coordinate ranges of a system, as the error message gives them. */
export function rangeText(crs: GeometryCrs): string {
  const { x, y } = CRS_RANGES[crs];
  const [xName, yName] = crs === 'EPSG:4326' ? ['longitude', 'latitude'] : ['x', 'y'];
  return `${xName} ${x.min} to ${x.max}, ${yName} ${y.min} to ${y.max}`;
}

/**
 * 400 when a position of the geometries is outside the spec's coordinate ranges (part 1 §5, part 2 §5) of the
 * system the client sent them in; `feature n` names the first one outside when there are several geometries.
 */
export function assertInRange(field: string, geometries: readonly GeoJsonGeometry[], crs: GeometryCrs): void {
  const i = geometries.findIndex((g) => !geometryInRange(g, crs));
  if (i < 0) return;
  const at = geometries.length > 1 ? ` (feature ${i + 1})` : '';
  throw geoError(field, `coordinates out of range for ${crs}${at}: ${rangeText(crs)}`, 'coordinates');
}
