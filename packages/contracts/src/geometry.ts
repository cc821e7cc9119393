// Rules of imported GeoJSON shared by the consultation service and the admin screens: which names denote the three
// coordinate systems, and how a position with a third (Z) coordinate is taken.
import { GEOMETRY_CRS, GEOMETRY_DEPTH, type GeoJsonGeometry, type GeometryCrs } from './consultation.js';

/**
 * The system a coordinate-system name denotes, in any of its usual spellings (case aside): `EPSG:2100`,
 * `urn:ogc:def:crs:EPSG::2100` (with or without a version), `http(s)://www.opengis.net/def/crs/EPSG/0/2100`, and for
 * longitude/latitude on WGS84 also `urn:ogc:def:crs:OGC:1.3:CRS84`, `OGC:CRS84`, `CRS84` and the OGC URI of CRS84.
 * Null for any other system or name.
 */
export function crsOfName(name: string): GeometryCrs | null {
  const n = name.trim().toUpperCase();
  if (
    /^(?:(?:URN:OGC:DEF:CRS:)?OGC:(?:[0-9.]*:)?|HTTPS?:\/\/WWW\.OPENGIS\.NET\/DEF\/CRS\/OGC\/[0-9.]+\/)?CRS84$/.test(
      n,
    )
  )
    return 'EPSG:4326';
  const code =
    /^(?:URN:OGC:DEF:CRS:)?EPSG:(?:[0-9.]*:)?(\d+)$/.exec(n)?.[1] ??
    /^HTTPS?:\/\/WWW\.OPENGIS\.NET\/DEF\/CRS\/EPSG\/[0-9.]+\/(\d+)$/.exec(n)?.[1];
  return GEOMETRY_CRS.find((crs) => crs === `EPSG:${code}`) ?? null;
}

/**
 * The geometry with every position cut to its first two numbers (x and y): files from GIS, GPS and CAD tools carry
 * a height (Z), which the structure does not keep. Coordinates must be well nested (checked before).
 */
export function dropZ(geometry: GeoJsonGeometry): GeoJsonGeometry {
  const walk = (v: unknown, depth: number): unknown =>
    depth === 0 ? (v as number[]).slice(0, 2) : (v as unknown[]).map((item) => walk(item, depth - 1));
  return { type: geometry.type, coordinates: walk(geometry.coordinates, GEOMETRY_DEPTH[geometry.type]) };
}

/** At most this many features per geometry field, and this many bytes of GeoJSON text (the server's limits). */
export const MAX_FEATURES = 10_000;
export const MAX_GEOJSON_BYTES = 1024 * 1024;

/** True when a feature collection is within the server's limits: MAX_FEATURES features, MAX_GEOJSON_BYTES of JSON. */
export function withinSizeLimit(collection: { features: readonly unknown[] }): boolean {
  return (
    collection.features.length <= MAX_FEATURES &&
    new TextEncoder().encode(JSON.stringify(collection)).length <= MAX_GEOJSON_BYTES
  );
}

/** Why a polygon would be refused by the server's validity check (`ST_IsValid`), as far as a browser can tell. */
export type PolygonProblem = 'unclosedRing' | 'shortRing' | 'selfIntersection';

type Pt = readonly number[];
interface Segment {
  a: Pt;
  b: Pt;
  ring: number;
  i: number;
  n: number;
  minX: number;
  maxX: number;
}

const orient = (p: Pt, q: Pt, r: Pt) =>
  Math.sign((q[1]! - p[1]!) * (r[0]! - q[0]!) - (q[0]! - p[0]!) * (r[1]! - q[1]!));
const onSegment = (p: Pt, q: Pt, r: Pt) =>
  Math.min(p[0]!, r[0]!) <= q[0]! &&
  q[0]! <= Math.max(p[0]!, r[0]!) &&
  Math.min(p[1]!, r[1]!) <= q[1]! &&
  q[1]! <= Math.max(p[1]!, r[1]!);

/** Whether two segments meet: `proper` only when they cross at a point inside both. */
function meet(s: Segment, t: Segment, proper: boolean): boolean {
  const o1 = orient(s.a, s.b, t.a);
  const o2 = orient(s.a, s.b, t.b);
  const o3 = orient(t.a, t.b, s.a);
  const o4 = orient(t.a, t.b, s.b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  if (proper) return false;
  return (
    (o1 === 0 && onSegment(s.a, t.a, s.b)) ||
    (o2 === 0 && onSegment(s.a, t.b, s.b)) ||
    (o3 === 0 && onSegment(t.a, s.a, t.b)) ||
    (o4 === 0 && onSegment(t.a, s.b, t.b))
  );
}

/** Neighbouring edges of one ring share a vertex by construction; that is not an intersection. */
const neighbours = (s: Segment, t: Segment) =>
  s.ring === t.ring && (Math.abs(s.i - t.i) === 1 || Math.abs(s.i - t.i) === s.n - 1);

/**
 * Whether the rings of one polygon cross themselves or each other (a sweep over x: segments are compared only
 * with those whose x extents overlap, so a boundary of tens of thousands of vertices is checked at once).
 */
export function ringsIntersect(rings: readonly (readonly Pt[])[]): boolean {
  const segments: Segment[] = [];
  rings.forEach((ring, r) => {
    const n = ring.length - 1;
    for (let i = 0; i < n; i++) {
      const a = ring[i]!;
      const b = ring[i + 1]!;
      if (a[0] === b[0] && a[1] === b[1]) continue; // a repeated vertex is not an edge
      segments.push({ a, b, ring: r, i, n, minX: Math.min(a[0]!, b[0]!), maxX: Math.max(a[0]!, b[0]!) });
    }
  });
  segments.sort((s, t) => s.minX - t.minX);
  let active: Segment[] = [];
  for (const s of segments) {
    active = active.filter((t) => t.maxX >= s.minX);
    for (const t of active) {
      if (neighbours(s, t)) continue;
      if (meet(s, t, s.ring !== t.ring)) return true;
    }
    active.push(s);
  }
  return false;
}

/**
 * What the server would refuse in a Polygon or MultiPolygon (null for other kinds, or when nothing is wrong): a
 * ring that is not closed, has fewer than 4 positions, or crosses itself or another ring of its polygon.
 */
export function polygonProblem(geometry: GeoJsonGeometry): PolygonProblem | null {
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates as Pt[][]]
      : geometry.type === 'MultiPolygon'
        ? (geometry.coordinates as Pt[][][])
        : [];
  for (const rings of polygons) {
    for (const ring of rings) {
      if (ring.length < 4) return 'shortRing';
      const first = ring[0]!;
      const last = ring[ring.length - 1]!;
      if (first[0] !== last[0] || first[1] !== last[1]) return 'unclosedRing';
    }
    if (ringsIntersect(rings)) return 'selfIntersection';
  }
  return null;
}

/** The number of positions of a geometry (its vertices). */
export function vertexCount(geometry: GeoJsonGeometry): number {
  let count = 0;
  const walk = (v: unknown, depth: number): void => {
    if (depth === 0) count++;
    else for (const item of v as unknown[]) walk(item, depth - 1);
  };
  walk(geometry.coordinates, GEOMETRY_DEPTH[geometry.type]);
  return count;
}
