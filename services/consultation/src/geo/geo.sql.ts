/**
 * Reprojection and checks of imported geometry with PostGIS: every geometry is stored in EPSG:4326, and answered
 * as GeoJSON text made by `ST_AsGeoJSON`.
 */
import type { GeoJsonGeometry, GeometryCrs } from '@agora/contracts';
import { QueryFailedError } from 'typeorm';
import { assertInRange, geoError } from './geojson.js';

/** Anything that runs SQL: a DataSource or a transaction's EntityManager. */
export interface Sql {
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T>;
}

export const SRID: Readonly<Record<GeometryCrs, number>> = {
  'EPSG:4326': 4326,
  'EPSG:2100': 2100,
  'EPSG:3857': 3857,
};

/** SQL of a stored geometry from EPSG:4326 GeoJSON text (as `toWgs84` answers it). */
export const fromGeoJson = (param: string) => `public.ST_SetSRID(public.ST_GeomFromGeoJSON(${param}), 4326)`;

/** SQL of a geometry column as GeoJSON (jsonb), or null. */
export const asGeoJson = (column: string) => `public.ST_AsGeoJSON(${column})::jsonb`;

interface Checked {
  json: string | null;
  valid: boolean | null;
  reason: string | null;
}

/**
 * Checks that geometries sent in `crs` lie in the spec's coordinate ranges of that system, reprojects them to
 * EPSG:4326 with `ST_Transform` and checks each (`ST_IsValid`). Answers their EPSG:4326 GeoJSON text in order;
 * 400 `CONSULTATION.GEOMETRY` when one fails. Every geometry write goes through here.
 */
export async function toWgs84(
  sql: Sql,
  field: string,
  geometries: readonly GeoJsonGeometry[],
  crs: GeometryCrs,
): Promise<string[]> {
  if (geometries.length === 0) return [];
  assertInRange(field, geometries, crs);
  let rows: Checked[];
  try {
    rows = await sql.query<Checked[]>(
      `SELECT public.ST_AsGeoJSON(g) AS json, public.ST_IsValid(g) AS valid, public.ST_IsValidReason(g) AS reason
       FROM (SELECT ord, public.ST_Transform(public.ST_SetSRID(public.ST_GeomFromGeoJSON(e::text), $2::int), 4326) AS g
             FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, ord)) s
       ORDER BY ord`,
      [JSON.stringify(geometries), SRID[crs]],
    );
  } catch (e) {
    if (e instanceof QueryFailedError) throw geoError(field, `the geometry cannot be read in ${crs}`);
    throw e;
  }
  return rows.map((row, i) => {
    const at = geometries.length > 1 ? ` (feature ${i + 1})` : '';
    if (row.json === null) throw geoError(field, `the geometry cannot be read in ${crs}${at}`);
    if (!row.valid) throw geoError(field, `invalid geometry${at}: ${row.reason ?? 'unknown reason'}`);
    return row.json;
  });
}
