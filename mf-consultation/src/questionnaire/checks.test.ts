import type { GeoJsonGeometry } from '@agora/contracts';
import { canAddMore, checkNewShape, intersectsBoundary, withinBoundary } from './checks';
import { BOUNDARY } from './testData';

const point = (lng: number, lat: number): GeoJsonGeometry => ({ type: 'Point', coordinates: [lng, lat] });
const line = (...p: number[][]): GeoJsonGeometry => ({ type: 'LineString', coordinates: p });
const square = (x0: number, y0: number, x1: number, y1: number): GeoJsonGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ],
  ],
});

describe('client checks of a drawn answer', () => {
  it('limits answers per attribute and per topic (max_geom), counting the caller’s answers', () => {
    const attr = { token: 'a', max_geom: 2 };
    const topic = { token: 't', max_geom: 3 };
    expect(canAddMore([], attr, topic)).toBe(true);
    expect(canAddMore([{ attribute: 'a', node: 't' }], attr, topic)).toBe(true);
    expect(
      canAddMore(
        [
          { attribute: 'a', node: 't' },
          { attribute: 'a', node: 't' },
        ],
        attr,
        topic,
      ),
    ).toBe(false);
    // the topic's limit counts the other attributes' answers too
    const others = [
      { attribute: 'b', node: 't' },
      { attribute: 'c', node: 't' },
      { attribute: 'b', node: 't' },
    ];
    expect(canAddMore(others, attr, topic)).toBe(false);
    expect(canAddMore(others, attr, { token: 't', max_geom: null })).toBe(true);
    // answers of another topic do not count
    expect(canAddMore([{ attribute: 'x', node: 'u' }], { token: 'a', max_geom: 1 }, topic)).toBe(true);
  });

  it('wants points inside the boundary', () => {
    expect(withinBoundary(point(23.73, 37.97), BOUNDARY)).toBe(true);
    expect(withinBoundary(point(23.8, 37.97), BOUNDARY)).toBe(false);
    expect(withinBoundary(point(23.8, 37.97), null)).toBe(true);
  });

  it('wants lines and polygons to intersect the boundary: a vertex inside, a crossing, or around it', () => {
    expect(intersectsBoundary(line([23.72, 37.96], [23.8, 37.96]), BOUNDARY)).toBe(true);
    expect(intersectsBoundary(line([23.65, 37.97], [23.8, 37.97]), BOUNDARY)).toBe(true);
    expect(intersectsBoundary(line([23.8, 37.9], [23.9, 37.9]), BOUNDARY)).toBe(false);
    expect(intersectsBoundary(square(23.6, 37.9, 23.9, 38.1), BOUNDARY)).toBe(true);
    expect(intersectsBoundary(square(23.8, 37.9, 23.9, 38.1), BOUNDARY)).toBe(false);
  });

  it('names the refusal: the limit first, then the boundary', () => {
    const topic = { token: 't', max_geom: 1, boundary: BOUNDARY };
    const attr = { token: 'a', max_geom: null };
    expect(checkNewShape(point(23.73, 37.97), [], attr, topic)).toBeNull();
    expect(checkNewShape(point(23.9, 37.97), [], attr, topic)).toBe('outOfBounds');
    expect(checkNewShape(point(23.73, 37.97), [{ attribute: 'b', node: 't' }], attr, topic)).toBe('maxGeom');
  });
});
