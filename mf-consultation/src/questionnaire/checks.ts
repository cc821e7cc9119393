// The client-side checks of a drawn answer, mirroring the server's (spec part 2 §5 "Map drawing"): at most
// max_geom answers per attribute and per topic, the shape must intersect the topic's boundary and a point must lie
// inside it. Coordinates are GeoJSON positions [lng, lat] in EPSG:4326; the boundary is a Polygon or MultiPolygon.
import type { GeoJsonGeometry } from '@agora/contracts';

type Position = readonly number[];
type Ring = readonly Position[];

/** Why a shape is refused before it is sent: 'you cannot add other objects' / 'out of boundaries'. */
export type DrawRefusal = 'maxGeom' | 'outOfBounds';

/** The polygons (each a list of rings, the first the outer one) of a Polygon or MultiPolygon; [] otherwise. */
export function polygonsOf(geometry: GeoJsonGeometry | null | undefined): Ring[][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates as Ring[]];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates as Ring[][];
  return [];
}

/** Ray casting: whether `p` lies inside the ring (points on an edge count as inside for the outer test). */
function inRing(p: Position, ring: Ring): boolean {
  const [x = 0, y = 0] = p;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i]!;
    const [xj = 0, yj = 0] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether `p` lies inside one of the polygons (inside the outer ring, outside its holes). */
export function pointInPolygons(p: Position, polygons: readonly Ring[][]): boolean {
  return polygons.some(
    ([outer, ...holes]) => outer !== undefined && inRing(p, outer) && !holes.some((h) => inRing(p, h)),
  );
}

const orient = (p: Position, q: Position, r: Position) =>
  Math.sign((q[1]! - p[1]!) * (r[0]! - q[0]!) - (q[0]! - p[0]!) * (r[1]! - q[1]!));
const within = (p: Position, q: Position, r: Position) =>
  Math.min(p[0]!, r[0]!) <= q[0]! &&
  q[0]! <= Math.max(p[0]!, r[0]!) &&
  Math.min(p[1]!, r[1]!) <= q[1]! &&
  q[1]! <= Math.max(p[1]!, r[1]!);

/** Whether segments ab and cd meet (touching included). */
export function segmentsMeet(a: Position, b: Position, c: Position, d: Position): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && within(a, c, b)) ||
    (o2 === 0 && within(a, d, b)) ||
    (o3 === 0 && within(c, a, d)) ||
    (o4 === 0 && within(c, b, d))
  );
}

/** The positions and the edges (pairs of positions) of a geometry. */
function partsOf(geometry: GeoJsonGeometry): { points: Position[]; paths: Position[][] } {
  switch (geometry.type) {
    case 'Point':
      return { points: [geometry.coordinates as Position], paths: [] };
    case 'MultiPoint':
      return { points: geometry.coordinates as Position[], paths: [] };
    case 'LineString': {
      const line = geometry.coordinates as Position[];
      return { points: line, paths: [line] };
    }
    case 'MultiLineString': {
      const lines = geometry.coordinates as Position[][];
      return { points: lines.flat(), paths: lines };
    }
    case 'Polygon':
    case 'MultiPolygon': {
      const rings = polygonsOf(geometry).flat() as Position[][];
      return { points: rings.flat(), paths: rings };
    }
  }
}

function edgesOf(paths: readonly Position[][]): Array<[Position, Position]> {
  const out: Array<[Position, Position]> = [];
  for (const path of paths) for (let i = 1; i < path.length; i++) out.push([path[i - 1]!, path[i]!]);
  return out;
}

/**
 * Whether a shape intersects the boundary (PostGIS `ST_Intersects`): a vertex inside, an edge crossing, or (for a
 * polygon around the whole boundary) a boundary vertex inside the shape. No boundary: always true.
 */
export function intersectsBoundary(shape: GeoJsonGeometry, boundary: GeoJsonGeometry | null): boolean {
  const area = polygonsOf(boundary);
  if (area.length === 0) return true;
  const { points, paths } = partsOf(shape);
  if (points.some((p) => pointInPolygons(p, area))) return true;
  const mine = edgesOf(paths);
  const theirs = edgesOf(area.flat() as Position[][]);
  if (mine.some(([a, b]) => theirs.some(([c, d]) => segmentsMeet(a, b, c, d)))) return true;
  const shapeArea = polygonsOf(shape);
  return shapeArea.length > 0 && area.flat(2).some((p) => pointInPolygons(p, shapeArea));
}

/** The server's rule for a shape: a point must lie inside the boundary, any other shape intersect it. */
export function withinBoundary(shape: GeoJsonGeometry, boundary: GeoJsonGeometry | null): boolean {
  const area = polygonsOf(boundary);
  if (area.length === 0) return true;
  if (shape.type === 'Point' || shape.type === 'MultiPoint')
    return partsOf(shape).points.every((p) => pointInPolygons(p, area));
  return intersectsBoundary(shape, boundary);
}

/** What counts towards the limits: the caller's own answers, by attribute and topic. */
export interface OwnAnswer {
  attribute: string;
  node: string;
}

/** Whether the caller may add one more answer to the attribute (max_geom per attribute and per topic; null: no limit). */
export function canAddMore(
  mine: readonly OwnAnswer[],
  attribute: { token: string; max_geom: number | null },
  topic: { token: string; max_geom: number | null },
): boolean {
  const ofAttribute = mine.filter((a) => a.attribute === attribute.token).length;
  const ofTopic = mine.filter((a) => a.node === topic.token).length;
  if (attribute.max_geom !== null && attribute.max_geom > 0 && ofAttribute >= attribute.max_geom)
    return false;
  if (topic.max_geom !== null && topic.max_geom > 0 && ofTopic >= topic.max_geom) return false;
  return true;
}

/** The refusal of a new shape, or null when it may be sent. */
export function checkNewShape(
  shape: GeoJsonGeometry,
  mine: readonly OwnAnswer[],
  attribute: { token: string; max_geom: number | null },
  topic: { token: string; max_geom: number | null; boundary: GeoJsonGeometry | null },
): DrawRefusal | null {
  if (!canAddMore(mine, attribute, topic)) return 'maxGeom';
  if (!withinBoundary(shape, topic.boundary)) return 'outOfBounds';
  return null;
}
