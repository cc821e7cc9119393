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
