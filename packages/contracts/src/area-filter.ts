/**
 * The drawn-area filter of the data views (`…/within/{filter}`): one or more polygons drawn by an expert or an
 * administrator, carried in one path segment. The map, the answer lists, the statistics and the exports follow
 * it. The server parses it strictly (anything else is a 400, never a 5xx) and passes the polygons to PostGIS as
 * bound parameters; nothing of the text reaches SQL.
 *
 * Format: polygons separated by `;`, a polygon's vertices separated by `_`, a vertex as `lon,lat` in EPSG:4326
 * decimal degrees with at most 7 decimals. The ring closes by itself (a repeated first vertex at the end is
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
  /** Decimals kept when formatting (about 1 cm). */
  decimals: 7,
} as const;

/** Why a filter text does not parse, for the 400 answer's message. */
export type AreaFilterProblem =
  | 'empty'
  | 'too long'
  | 'too many polygons'
  | 'too few vertices'
  | 'too many vertices'
  | 'not a number'
  | 'out of range';

export type AreaFilterParse =
  { ok: true; polygons: AreaPolygon[] } | { ok: false; problem: AreaFilterProblem };

const NUMBER = /^-?(?:0|[1-9]\d{0,2})(?:\.\d{1,7})?$/;

function parseVertex(text: string): AreaVertex | AreaFilterProblem {
  const parts = text.split(',');
  if (parts.length !== 2 || !NUMBER.test(parts[0]!) || !NUMBER.test(parts[1]!)) return 'not a number';
  const lon = Number(parts[0]);
  const lat = Number(parts[1]);
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return 'out of range';
  return [lon, lat];
}

/** Parses a `within/{filter}` segment (already URL-decoded). Strict: any stray character refuses the whole. */
export function parseAreaFilter(text: string): AreaFilterParse {
  if (text.length === 0) return { ok: false, problem: 'empty' };
  if (text.length > AREA_FILTER_LIMITS.maxLength) return { ok: false, problem: 'too long' };
  const rings = text.split(';');
  if (rings.length > AREA_FILTER_LIMITS.maxPolygons) return { ok: false, problem: 'too many polygons' };
  const polygons: AreaPolygon[] = [];
  for (const ring of rings) {
    const vertices: AreaVertex[] = [];
    const texts = ring.split('_');
    if (texts.length > AREA_FILTER_LIMITS.maxVertices + 1) return { ok: false, problem: 'too many vertices' };
    for (const t of texts) {
      const v = parseVertex(t);
      if (typeof v === 'string') return { ok: false, problem: v };
      vertices.push(v);
    }
    const first = vertices[0]!;
    const last = vertices[vertices.length - 1]!;
    if (vertices.length > 1 && first[0] === last[0] && first[1] === last[1]) vertices.pop();
    const distinct = new Set(vertices.map(([x, y]) => `${x},${y}`)).size;
    if (distinct < AREA_FILTER_LIMITS.minVertices) return { ok: false, problem: 'too few vertices' };
    if (vertices.length > AREA_FILTER_LIMITS.maxVertices) return { ok: false, problem: 'too many vertices' };
    polygons.push(vertices);
  }
  return { ok: true, polygons };
}

const round = (n: number) => {
  const f = 10 ** AREA_FILTER_LIMITS.decimals;
  // `+ 0` turns -0 into 0, which formats without a sign.
  return Math.round(n * f) / f + 0;
};

/** The path segment for drawn polygons (the inverse of `parseAreaFilter`); `null` when nothing is drawn. */
export function formatAreaFilter(polygons: readonly AreaPolygon[]): string | null {
  if (polygons.length === 0) return null;
  return polygons.map((ring) => ring.map(([lon, lat]) => `${round(lon)},${round(lat)}`).join('_')).join(';');
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
