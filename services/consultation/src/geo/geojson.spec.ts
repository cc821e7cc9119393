import { AppError } from '@agora/common';
import { assertInRange, parseBoundary, parseCrs, parseGeoJson, requestCrs, KINDS_OF } from './geojson.js';

const ring = (x: number) => [
  [x, 0],
  [x + 1, 0],
  [x + 1, 1],
  [x, 0],
];
const polygon = (x: number) => ({ type: 'Polygon', coordinates: [ring(x)] });
const feature = (geometry: object) => ({ type: 'Feature', geometry, properties: {} });
const message = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).message;
  }
  throw new Error('accepted');
};

describe('parseCrs', () => {
  it.each([
    [undefined, 'EPSG:4326'],
    ['', 'EPSG:4326'],
    ['EPSG:2100', 'EPSG:2100'],
    ['epsg:3857', 'EPSG:3857'],
    ['urn:ogc:def:crs:EPSG::2100', 'EPSG:2100'],
    ['urn:ogc:def:crs:EPSG:6.6:3857', 'EPSG:3857'],
    ['urn:ogc:def:crs:OGC:1.3:CRS84', 'EPSG:4326'],
  ])('reads %j as %s', (raw, crs) => {
    expect(parseCrs('geometry_crs', raw)).toBe(crs);
  });

  it.each(['EPSG:32634', 'WGS84', 'urn:ogc:def:crs:EPSG::4258'])('refuses %s', (raw) => {
    expect(message(() => parseCrs('geometry_crs', raw))).toBe(
      'geometry_crs: unknown coordinate system (use EPSG:4326, EPSG:2100, EPSG:3857)',
    );
  });
});

describe('parseBoundary', () => {
  it('drops the height of every position, as of every geometry input', () => {
    const high = { type: 'Polygon', coordinates: [ring(0).map(([x, y]) => [x, y, 35])] };
    expect(parseBoundary('boundary', feature(high))).toEqual({ geometry: polygon(0) });
    expect(
      parseGeoJson('x', { type: 'MultiPoint', coordinates: [[1.12345678, 2.12345678, 0]] }, KINDS_OF.point)
        .features[0]!.geometry,
    ).toEqual({ type: 'MultiPoint', coordinates: [[1.12345678, 2.12345678]] });
    expect(
      message(() => parseGeoJson('x', { type: 'Point', coordinates: [1, 2, 3, 4] }, KINDS_OF.point)),
    ).toBe('x: a position must be 2 or 3 finite numbers');
  });

  it('takes a geometry, a Feature, or a FeatureCollection combined into one MultiPolygon', () => {
    expect(parseBoundary('boundary', polygon(0))).toEqual({ geometry: polygon(0) });
    expect(parseBoundary('boundary', feature(polygon(0)))).toEqual({ geometry: polygon(0) });
    const multi = { type: 'MultiPolygon', coordinates: [[ring(5)], [ring(7)]] };
    expect(
      parseBoundary('boundary', {
        type: 'FeatureCollection',
        crs: { type: 'name', properties: { name: 'EPSG:2100' } },
        features: [feature(polygon(0)), feature(multi)],
      }),
    ).toEqual({
      geometry: { type: 'MultiPolygon', coordinates: [[ring(0)], [ring(5)], [ring(7)]] },
      crs: 'EPSG:2100',
    });
  });

  it('refuses other kinds, empty collections and bad crs members', () => {
    expect(message(() => parseBoundary('boundary', { type: 'FeatureCollection', features: [] }))).toBe(
      'boundary: an empty FeatureCollection',
    );
    expect(message(() => parseBoundary('boundary', { type: 'LineString', coordinates: ring(0) }))).toBe(
      'boundary: LineString is not allowed here (use Polygon or MultiPolygon)',
    );
    expect(message(() => parseBoundary('boundary', { ...polygon(0), crs: { type: 'link' } }))).toBe(
      'boundary: unsupported "crs" member',
    );
    expect(message(() => parseBoundary('boundary', '{"type":"Polygon"}'))).toBe('boundary: not GeoJSON');
  });
});

describe('parseGeoJson', () => {
  it('keeps properties and ids, drops a Z coordinate, and checks positions', () => {
    const parsed = parseGeoJson(
      'predefined',
      {
        type: 'Feature',
        id: 3,
        geometry: { type: 'MultiPoint', coordinates: [[1, 2, 3]] },
        properties: { a: 1 },
      },
      KINDS_OF.point,
    );
    expect(parsed).toEqual({
      features: [{ geometry: { type: 'MultiPoint', coordinates: [[1, 2]] }, properties: { a: 1 }, id: 3 }],
    });
    expect(message(() => parseGeoJson('x', { type: 'Point', coordinates: [1] }, KINDS_OF.point))).toBe(
      'x: a position must be 2 or 3 finite numbers',
    );
    expect(message(() => parseGeoJson('x', { type: 'MultiPoint', coordinates: [] }, KINDS_OF.point))).toBe(
      'x: an empty multi-geometry',
    );
    expect(
      message(() => parseGeoJson('x', { type: 'LineString', coordinates: [[1, 2]] }, KINDS_OF.line)),
    ).toBe('x: a line needs at least 2 positions');
    expect(message(() => parseGeoJson('x', { ...feature(polygon(0)), id: { a: 1 } }, KINDS_OF.polygon))).toBe(
      'x: a feature id must be a string or a number',
    );
  });
});

describe('requestCrs', () => {
  it('takes the GeoJSON crs member or geometry_crs, and refuses a disagreement', () => {
    expect(requestCrs('b', undefined, undefined)).toBe('EPSG:4326');
    expect(requestCrs('b', 'EPSG:2100', undefined)).toBe('EPSG:2100');
    expect(requestCrs('b', undefined, 'EPSG:3857')).toBe('EPSG:3857');
    expect(message(() => requestCrs('b', 'EPSG:2100', 'EPSG:3857'))).toBe(
      'b: the GeoJSON says EPSG:3857 but geometry_crs says EPSG:2100',
    );
  });
});

describe('assertInRange', () => {
  const pt = (x: number, y: number) => ({ type: 'Point' as const, coordinates: [x, y] });

  it('takes every kind of geometry inside the ranges of the system sent, edges included', () => {
    expect(() => assertInRange('b', [pt(18.27, 33.23), pt(29.97, 41.77)], 'EPSG:4326')).not.toThrow();
    expect(() =>
      assertInRange(
        'b',
        [
          {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [476000, 4206000],
                  [477000, 4206000],
                  [477000, 4207000],
                  [476000, 4206000],
                ],
              ],
            ],
          },
        ],
        'EPSG:2100',
      ),
    ).not.toThrow();
  });

  it('names the system, its ranges and the first feature outside', () => {
    expect(message(() => assertInRange('b', [pt(23.7, 37.9)], 'EPSG:2100'))).toBe(
      'b: coordinates out of range for EPSG:2100: x -34387.67 to 1056496.843, y 3691163.514 to 4641211.322',
    );
    const line = {
      type: 'MultiLineString' as const,
      coordinates: [
        [
          [23, 38],
          [24, 38],
        ],
        [
          [24, 38],
          [24, 42],
        ],
      ],
    };
    expect(message(() => assertInRange('c', [pt(23.7, 37.9), line, pt(0, 0)], 'EPSG:4326'))).toBe(
      'c: coordinates out of range for EPSG:4326 (feature 2): longitude 18.27 to 29.97, latitude 33.23 to 41.77',
    );
    expect(message(() => assertInRange('d', [pt(2_641_000, 3_925_872.56)], 'EPSG:3857'))).toBe(
      'd: coordinates out of range for EPSG:3857: x 2033807.096 to 3336245.136, y 3925872.561 to 5126588.574',
    );
  });
});
