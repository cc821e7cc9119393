import { Injectable, type PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { InjectEntityManager } from '@nestjs/typeorm';
import { AppError } from '@agora/common';
import {
  areaFilterGeoJson,
  parseAreaFilter,
  type AreaFilterRefusal,
  type AreaPolygon,
} from '@agora/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The drawn-area filter of the data routes (`…/within/{filter}`, decision 0039), on the server:
 *
 * - `@Param('filter', AreaFilterPipe) filter: AreaFilter` parses the path segment strictly (`parseAreaFilter`)
 *   and asks PostGIS whether every polygon is valid (no self-intersection); anything else is a 400
 *   `CONSULTATION.FILTER_INVALID` saying what is wrong and where (`values`: problem, polygon, vertex,
 *   coordinate, decision 0070). Routes without the segment get `null`.
 * - `areaFilterSql(filter, n)` gives the SQL expression of the filter's geometry (EPSG:4326) reading the bound
 *   parameter `$n`, and the parameter itself; use it as `public.ST_Intersects(a.geom, <sql>)` (GiST-indexed).
 *   Nothing of the text reaches SQL: the polygons go as GeoJSON in a bound parameter.
 *
 * - `assertMayFilter(access)` refuses (403) a normal participant: only experts and staff filter.
 *
 * Answers without a geometry are never inside a filter.
 */
export interface AreaFilter {
  /** The drawn polygons, as parsed. */
  readonly polygons: AreaPolygon[];
  /** Their GeoJSON MultiPolygon text, the bound parameter. */
  readonly geojson: string;
}

/** The English of a refusal (the `Error` text for API users; the front end translates `values`). */
function describe(r: AreaFilterRefusal): string {
  const where = [
    r.polygon !== undefined && `polygon ${r.polygon}`,
    r.vertex !== undefined && `vertex ${r.vertex}`,
    r.coordinate,
  ]
    .filter(Boolean)
    .join(', ');
  const limits = [r.min !== undefined && `min ${r.min}`, r.max !== undefined && `max ${r.max}`]
    .filter(Boolean)
    .join(', ');
  return `${r.problem.replaceAll('_', ' ')}${where && ` at ${where}`}${limits && ` (${limits})`}`;
}

/**
 * The 400 of a filter: code `CONSULTATION.FILTER_INVALID`, `field` `filter` and `values` saying what is wrong
 * (`problem`) and where (`polygon`, `vertex`, `coordinate`, the limit `min`/`max`), for the front end to translate.
 */
function invalid(refusal: AreaFilterRefusal, detail?: string): AppError {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(refusal)) if (value !== undefined) values[key] = value;
  return new AppError(
    'CONSULTATION.FILTER_INVALID',
    400,
    `invalid area filter: ${describe(refusal)}${detail ? ` (${detail})` : ''}`,
    { field: 'filter', values },
  );
}

/** Only experts and staff filter by a drawn area: 403 for a normal participant. */
export function assertMayFilter(access: 'staff' | 'expert' | 'normal'): void {
  if (access === 'normal') throw AppError.forbidden('only experts and staff may filter answers by area');
}

/** Parses a filter segment (no database): the polygons, or a 400 naming the problem. */
export function parseAreaFilterParam(text: string | undefined): AreaFilter | null {
  if (text === undefined) return null;
  const parsed = parseAreaFilter(text);
  if (!parsed.ok) {
    const { ok: _ok, ...refusal } = parsed;
    throw invalid(refusal);
  }
  return { polygons: parsed.polygons, geojson: JSON.stringify(areaFilterGeoJson(parsed.polygons)) };
}

/**
 * The filter's geometry as an SQL expression on the bound parameter `$index`, and that parameter. The polygons
 * are merged (`ST_UnaryUnion`), so overlapping drawn polygons make one valid area.
 */
export function areaFilterSql(filter: AreaFilter, index: number): { sql: string; param: string } {
  return {
    sql: `public.ST_UnaryUnion(public.ST_SetSRID(public.ST_GeomFromGeoJSON($${index}::text), 4326))`,
    param: filter.geojson,
  };
}

/** Refuses (400) a filter with a polygon PostGIS finds invalid (a self-intersecting ring, a flat one). */
export async function checkAreaFilter(db: EntityManager, filter: AreaFilter): Promise<void> {
  // the first polygon (from 1, as drawn) that PostGIS finds invalid, and why
  const [row] = await db.query<Array<{ polygon: number; reason: string }>>(
    `SELECT d.path[1] AS polygon, public.ST_IsValidReason(d.geom) AS reason
     FROM public.ST_Dump(public.ST_SetSRID(public.ST_GeomFromGeoJSON($1::text), 4326)) d
     WHERE NOT public.ST_IsValid(d.geom) ORDER BY d.path[1] LIMIT 1`,
    [filter.geojson],
  );
  if (row) throw invalid({ problem: 'not_simple', polygon: row.polygon }, row.reason);
}

/** `@Param('filter', AreaFilterPipe)`: a parsed and valid filter, `null` when the route has none. */
@Injectable()
export class AreaFilterPipe implements PipeTransform<string | undefined, Promise<AreaFilter | null>> {
  constructor(@InjectEntityManager('consultation') private readonly db: EntityManager) {}

  async transform(value: string | undefined): Promise<AreaFilter | null> {
    const filter = parseAreaFilterParam(value);
    if (filter) await checkAreaFilter(this.db, filter);
    return filter;
  }
}

/**
 * Documents the `{filter}` path segment of a route (its parsed type is no primitive, so the document generator
 * would leave it out, and the typed clients could not call the route).
 */
export const ApiAreaFilter = (): MethodDecorator =>
  ApiParam({
    name: 'filter',
    type: String,
    description:
      'drawn polygons in EPSG:4326: vertices `lon,lat` joined by `_`, polygons joined by `;` (at most 10 of 500 ' +
      'vertices; at most 8 decimals, the WGS 84 step of 1e-8)',
    example: '22.95,40.61_22.96,40.61_22.96,40.62',
  });

/** What every `…/within/{filter}` route says of its filter. */
export const WITHIN =
  'filter: drawn polygons, `;` between polygons, `_` between vertices, a vertex `lon,lat` (EPSG:4326). Only ' +
  'experts and staff (403 for a normal participant); a filter that does not parse or a polygon whose sides cross ' +
  'is a 400 CONSULTATION.FILTER_INVALID with `field` `filter` and `values`: `problem` (empty, too_long, ' +
  'too_many_polygons, too_few_vertices, too_many_vertices, not_a_vertex, not_a_number, too_many_decimals, ' +
  'out_of_range, not_simple) and where: `polygon`, `vertex` (from 1), `coordinate` (lon, lat), the limit ' +
  '`min`/`max`. Answers without a geometry are never inside.';
