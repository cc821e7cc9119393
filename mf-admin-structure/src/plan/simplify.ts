// Simplifying an imported boundary that is over the server's size limit (a full-resolution municipal boundary is):
// the smallest Douglas-Peucker tolerance (turf's simplify, in the file's own units) that brings it under the limit
// with every polygon still valid.
import {
  polygonProblem,
  vertexCount,
  withinSizeLimit,
  type GeoJsonFeatureCollection,
} from '@agora/contracts';

export interface Simplified {
  collection: GeoJsonFeatureCollection;
  /** vertices before and after */
  before: number;
  after: number;
  /** the tolerance used, in the units of the file's system (degrees or metres) */
  tolerance: number;
}

const vertices = (c: GeoJsonFeatureCollection) => c.features.reduce((n, f) => n + vertexCount(f.geometry), 0);

/** The extent of a collection's coordinates along its longer side. */
function extent(c: GeoJsonFeatureCollection): number {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  const walk = (v: unknown): void => {
    if (!Array.isArray(v)) return;
    if (typeof v[0] === 'number') {
      const [x, y] = v as number[];
      minX = Math.min(minX, x!);
      maxX = Math.max(maxX, x!);
      minY = Math.min(minY, y!);
      maxY = Math.max(maxY, y!);
    } else v.forEach(walk);
  };
  c.features.forEach((f) => walk(f.geometry.coordinates));
  return Math.max(maxX - minX, maxY - minY);
}

/**
 * The collection simplified just enough to fit the server's limits, or null when no tolerance does (too many
 * features, or the shapes break before they fit). turf's simplify is loaded on first use.
 */
export async function simplifyToFit(collection: GeoJsonFeatureCollection): Promise<Simplified | null> {
  const { simplify } = await import('@turf/simplify');
  const at = (tolerance: number) =>
    simplify(collection as Parameters<typeof simplify>[0], { tolerance }) as GeoJsonFeatureCollection;
  const valid = (c: GeoJsonFeatureCollection) => c.features.every((f) => polygonProblem(f.geometry) === null);
  const size = extent(collection);
  if (!(size > 0)) return null;
  // the smallest tolerance under the size limit (to 1/4096 of the first one that fits) ...
  let high = size / 10_000;
  let best: GeoJsonFeatureCollection | null = null;
  for (let i = 0; i < 20 && !best; i++) {
    const candidate = at(high);
    if (withinSizeLimit(candidate)) best = candidate;
    else high *= 2;
  }
  if (!best) return null;
  let low = 0;
  for (let i = 0; i < 12; i++) {
    const middle = (low + high) / 2;
    const candidate = at(middle);
    if (withinSizeLimit(candidate)) {
      high = middle;
      best = candidate;
    } else low = middle;
  }
  // ... then larger until every polygon is still valid (a simplified ring may cross itself)
  for (let i = 0; i < 10 && !valid(best); i++) {
    high *= 1.5;
    best = at(high);
  }
  if (!valid(best) || !withinSizeLimit(best)) return null;
  return { collection: best, before: vertices(collection), after: vertices(best), tolerance: high };
}
