// The browser checks an imported file by the server's rules before saying it was imported: the names of the
// three systems, closed rings, no self-intersections, and the size limit.
import { importGeoJson } from './GeometryField';

const ring2100 = [
  [475000, 4203000],
  [476000, 4203000],
  [476000, 4204000],
  [475000, 4204000],
  [475000, 4203000],
];
const polygonFile = (ring: number[][], crs?: string) =>
  JSON.stringify({
    type: 'FeatureCollection',
    ...(crs ? { crs: { type: 'name', properties: { name: crs } } } : {}),
    features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: null }],
  });

describe('importing a boundary', () => {
  it.each(['http://www.opengis.net/def/crs/EPSG/0/2100', 'urn:ogc:def:crs:EPSG::2100', 'EPSG:2100'])(
    'takes a file whose crs member is %s',
    async (name) => {
      const outcome = await importGeoJson(polygonFile(ring2100, name), 'auto', 'polygon');
      expect(outcome.ok && outcome.crs).toBe('EPSG:2100');
    },
  );

  it('takes CRS84 by its OGC URI, and drops nothing but a third coordinate', async () => {
    const ring = [
      [23.7, 37.9, 0],
      [23.8, 37.9, 0],
      [23.8, 38, 0],
      [23.7, 37.9, 0],
    ];
    const outcome = await importGeoJson(
      polygonFile(ring, 'http://www.opengis.net/def/crs/OGC/1.3/CRS84'),
      'auto',
      'polygon',
    );
    expect(outcome.ok && outcome.crs).toBe('EPSG:4326');
  });

  it('refuses an unclosed ring and a self-intersecting polygon, as the server would', async () => {
    expect(await importGeoJson(polygonFile(ring2100.slice(0, 4)), 'auto', 'polygon')).toEqual({
      ok: false,
      error: 'unclosedRing',
    });
    const bowTie = [ring2100[0]!, ring2100[2]!, ring2100[1]!, ring2100[3]!, ring2100[0]!];
    expect(await importGeoJson(polygonFile(bowTie), 'auto', 'polygon')).toEqual({
      ok: false,
      error: 'selfIntersection',
    });
  });

  it('refuses a file over the size limit the server applies', async () => {
    const n = 40_000;
    const ring = Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * i) / n;
      return [475500 + 400 * Math.cos(a) + i * 1e-6, 4203500 + 400 * Math.sin(a)];
    });
    ring.push(ring[0]!);
    const text = polygonFile(ring);
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const outcome = await importGeoJson(text, 'auto', 'polygon');
    expect(outcome).toMatchObject({ ok: false, error: 'tooLarge' });
  });
});

describe('simplifying a boundary over the limit', () => {
  it('finds the tolerance that brings a 40,000-vertex ring under the limit, still valid', async () => {
    const { simplifyToFit } = await import('./simplify');
    const { polygonProblem, withinSizeLimit } = await import('@agora/contracts');
    const n = 40_000;
    const ring = Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * i) / n;
      const r = 4000 + 30 * Math.sin(300 * a);
      return [475500 + r * Math.cos(a), 4203500 + r * Math.sin(a)];
    });
    ring.push(ring[0]!);
    const large = {
      type: 'FeatureCollection' as const,
      features: [
        {
          type: 'Feature' as const,
          geometry: { type: 'Polygon' as const, coordinates: [ring] },
          properties: null,
        },
      ],
    };
    expect(withinSizeLimit(large)).toBe(false);
    const result = await simplifyToFit(large);
    expect(result).not.toBeNull();
    expect(result!.before).toBe(n + 1);
    expect(result!.after).toBeLessThan(n);
    expect(result!.after).toBeGreaterThan(1000);
    expect(withinSizeLimit(result!.collection)).toBe(true);
    expect(polygonProblem(result!.collection.features[0]!.geometry)).toBeNull();
  });
});
