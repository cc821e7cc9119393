import { Injectable, type PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { InjectEntityManager } from '@nestjs/typeorm';
import { AppError } from '@agora/common';
import { areaFilterGeoJson, parseAreaFilter, type AreaPolygon } from '@agora/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The drawn-area filter of the data routes (`…/within/{filter}`, decision 0039), on the server:
 *
 * - `@Param('filter', AreaFilterPipe) filter: AreaFilter` parses the path segment strictly (`parseAreaFilter`)
 *   and asks PostGIS whether every polygon is valid (no self-intersection); anything else is a 400
 *   `CONSULTATION.FILTER_INVALID` saying what is wrong. Routes without the segment get `null`.
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

function invalid(message: string): AppError {
  return AppError.badRequest('CONSULTATION.FILTER_INVALID', `invalid area filter: ${message}`);
}

/** Only experts and staff filter by a drawn area: 403 for a normal participant. */
export function assertMayFilter(access: 'staff' | 'expert' | 'normal'): void {
  if (access === 'normal') throw AppError.forbidden('only experts and staff may filter answers by area');
}

/** Parses a filter segment (no database): the polygons, or a 400 naming the problem. */
export function parseAreaFilterParam(text: string | undefined): AreaFilter | null {
  if (text === undefined) return null;
  const parsed = parseAreaFilter(text);
  if (!parsed.ok) throw invalid(parsed.problem);
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
  const [row] = await db.query<Array<{ valid: boolean; reason: string | null }>>(
    `SELECT bool_and(public.ST_IsValid(d.geom)) AS valid,
       min(public.ST_IsValidReason(d.geom)) FILTER (WHERE NOT public.ST_IsValid(d.geom)) AS reason
     FROM public.ST_Dump(public.ST_SetSRID(public.ST_GeomFromGeoJSON($1::text), 4326)) d`,
    [filter.geojson],
  );
  if (!row?.valid) throw invalid(`a polygon is not simple (${row?.reason ?? 'invalid'})`);
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
      'drawn polygons in EPSG:4326: vertices `lon,lat` joined by `_`, polygons joined by `;` (at most 10 of 500 vertices)',
    example: '22.95,40.61_22.96,40.61_22.96,40.62',
  });

/** What every `…/within/{filter}` route says of its filter. */
export const WITHIN =
  'filter: drawn polygons, `;` between polygons, `_` between vertices, a vertex `lon,lat` (EPSG:4326). Only ' +
  'experts and staff (403 for a normal participant); a filter that does not parse or a polygon whose sides cross ' +
  'is a 400 CONSULTATION.FILTER_INVALID. Answers without a geometry are never inside.';
