/**
 * The drawn-area filter of the data views (`…/within/{filter}`): one or more polygons drawn by an expert or an
 * administrator, carried in one path segment. The map, the answer lists, the statistics and the exports follow
 * it. The server parses it strictly (anything else is a 400, never a 5xx) and passes the polygons to PostGIS as
 * bound parameters; nothing of the text reaches SQL.
 *
 * Format: polygons separated by `;`, a polygon's vertices separated by `_`, a vertex as `lon,lat` in EPSG:4326
 * decimal degrees with at most 8 decimals (the WGS 84 step, 1e-8). The ring closes by itself (a repeated first vertex at the end is
 * accepted and dropped). Example, one triangle: `22.95,40.61_22.96,40.61_22.96,40.62`.
 */

/** One vertex, `[lon, lat]` in EPSG:4326. */
export type AreaVertex = readonly [number, number];
/** One drawn polygon: its outer ring, open (the first vertex is not repeated at the end). */
export type AreaPolygon = readonly AreaVertex[];

export const AREA_FILTER_LIMITS = {
  /** Polygons in one filter. */
  maxPolygons: 10,
  /** Vertices of one polygon (a ring needs at least 3 distinct ones). */
  minVertices: 3,
  maxVertices: 500,
  /** Characters of the whole path segment. */
  maxLength: 12_000,
  /** Decimals of a coordinate, accepted and kept when formatting: the WGS 84 step of 1e-8 degrees (about 1 mm). */
  decimals: 8,
} as const;

/**
 * Why a filter does not parse, the `values.problem` of the 400: `not_a_vertex` (not two numbers joined by `,`),
 * `not_a_number` (a coordinate is not a decimal number), `too_many_decimals` (finer than the WGS 84 step,
 * 1e-8), `not_simple` (PostGIS finds a polygon invalid: its sides cross; said by the server, not the parser).
 */
export const AREA_FILTER_PROBLEMS = [
  'empty',
  'too_long',
  'too_many_polygons',
  'too_few_vertices',
  'too_many_vertices',
  'not_a_vertex',
  'not_a_number',
  'too_many_decimals',
  'out_of_range',
  'not_simple',
] as const;
export type AreaFilterProblem = (typeof AREA_FILTER_PROBLEMS)[number];

/**
 * What is wrong with a filter, and where: the polygon and the vertex (from 1), the coordinate (`lon` or `lat`),
 * and the limit broken (`max`: polygons, vertices, characters, decimals; `min`/`max` of a coordinate's range).
 */
export interface AreaFilterRefusal {
  problem: AreaFilterProblem;
  polygon?: number;
  vertex?: number;
  coordinate?: 'lon' | 'lat';
  min?: number;
  max?: number;
}

export type AreaFilterParse = { ok: true; polygons: AreaPolygon[] } | ({ ok: false } & AreaFilterRefusal);

/** A decimal number (no exponent, no sign but `-`, no leading zeros); its decimals are counted apart. */
const NUMBER = /^-?(?:0|[1-9]\d{0,2})(?:\.(\d+))?$/;

const COORDINATES = [
  { name: 'lon', max: 180 },
  { name: 'lat', max: 90 },
] as const;

function parseVertex(text: string): AreaVertex | AreaFilterRefusal {
  const parts = text.split(',');
  if (parts.length !== 2) return { problem: 'not_a_vertex' };
  const vertex: number[] = [];
  for (const [i, { name, max }] of COORDINATES.entries()) {
    const match = NUMBER.exec(parts[i]!);
    if (!match) return { problem: 'not_a_number', coordinate: name };
    if ((match[1]?.length ?? 0) > AREA_FILTER_LIMITS.decimals)
      return { problem: 'too_many_decimals', coordinate: name, max: AREA_FILTER_LIMITS.decimals };
    const value = Number(parts[i]);
    if (Math.abs(value) > max) return { problem: 'out_of_range', coordinate: name, min: -max, max };
    vertex.push(value);
  }
  return [vertex[0]!, vertex[1]!];
}

/** Parses a `within/{filter}` segment (already URL-decoded). Strict: any stray character refuses the whole. */
export function parseAreaFilter(text: string): AreaFilterParse {
  const L = AREA_FILTER_LIMITS;
  if (text.length === 0) return { ok: false, problem: 'empty' };
  if (text.length > L.maxLength) return { ok: false, problem: 'too_long', max: L.maxLength };
  const rings = text.split(';');
  if (rings.length > L.maxPolygons) return { ok: false, problem: 'too_many_polygons', max: L.maxPolygons };
  const polygons: AreaPolygon[] = [];
  for (const [p, ring] of rings.entries()) {
    const polygon = p + 1;
    const vertices: AreaVertex[] = [];
    const texts = ring.split('_');
    if (texts.length > L.maxVertices + 1)
      return { ok: false, problem: 'too_many_vertices', polygon, max: L.maxVertices };
    for (const [v, t] of texts.entries()) {
      const vertex = parseVertex(t);
      if ('problem' in vertex) return { ok: false, ...vertex, polygon, vertex: v + 1 };
      vertices.push(vertex);
    }
    const first = vertices[0]!;
    const last = vertices[vertices.length - 1]!;
    if (vertices.length > 1 && first[0] === last[0] && first[1] === last[1]) vertices.pop();
    const distinct = new Set(vertices.map(([x, y]) => `${x},${y}`)).size;
    if (distinct < L.minVertices)
      return { ok: false, problem: 'too_few_vertices', polygon, min: L.minVertices };
    if (vertices.length > L.maxVertices)
      return { ok: false, problem: 'too_many_vertices', polygon, max: L.maxVertices };
    polygons.push(vertices);
  }
  return { ok: true, polygons };
}

/** A coordinate rounded to the kept decimals, in plain decimal notation (never `1e-8`, which does not parse). */
const decimal = (n: number) => {
  const f = 10 ** AREA_FILTER_LIMITS.decimals;
  // `+ 0` turns -0 into 0, which formats without a sign.
  const rounded = Math.round(n * f) / f + 0;
  return rounded.toFixed(AREA_FILTER_LIMITS.decimals).replace(/0+$/, '').replace(/\.$/, '');
};

/** The path segment for drawn polygons (the inverse of `parseAreaFilter`); `null` when nothing is drawn. */
export function formatAreaFilter(polygons: readonly AreaPolygon[]): string | null {
  if (polygons.length === 0) return null;
  return polygons
    .map((ring) => ring.map(([lon, lat]) => `${decimal(lon)},${decimal(lat)}`).join('_'))
    .join(';');
}

/** The polygons as a GeoJSON MultiPolygon (closed rings), the form the server hands to `ST_GeomFromGeoJSON`. */
export function areaFilterGeoJson(polygons: readonly AreaPolygon[]): {
  type: 'MultiPolygon';
  coordinates: number[][][][];
} {
  return {
    type: 'MultiPolygon',
    coordinates: polygons.map((ring) => [[...ring.map(([x, y]) => [x, y]), [ring[0]![0], ring[0]![1]]]]),
  };
}
