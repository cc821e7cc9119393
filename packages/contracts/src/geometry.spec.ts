import { crsOfName, dropZ, polygonProblem, ringsIntersect, vertexCount } from './geometry.js';

const square = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
  [0, 0],
];

describe('crsOfName', () => {
  it.each([
    ['EPSG:2100', 'EPSG:2100'],
    ['epsg:3857', 'EPSG:3857'],
    ['urn:ogc:def:crs:EPSG::2100', 'EPSG:2100'],
    ['urn:ogc:def:crs:EPSG:6.3:4326', 'EPSG:4326'],
    ['http://www.opengis.net/def/crs/EPSG/0/2100', 'EPSG:2100'],
    ['https://www.opengis.net/def/crs/EPSG/0/3857', 'EPSG:3857'],
    ['urn:ogc:def:crs:OGC:1.3:CRS84', 'EPSG:4326'],
    ['http://www.opengis.net/def/crs/OGC/1.3/CRS84', 'EPSG:4326'],
    ['CRS84', 'EPSG:4326'],
  ])('%s is %s', (name, crs) => expect(crsOfName(name)).toBe(crs));

  it.each(['EPSG:2101', 'http://www.opengis.net/def/crs/EPSG/0/21000', 'GGRS87', '', 'EPSG:'])(
    'refuses %p',
    (name) => expect(crsOfName(name)).toBeNull(),
  );
});

describe('dropZ', () => {
  it('keeps x and y of every position', () => {
    expect(
      dropZ({
        type: 'MultiPoint',
        coordinates: [
          [1, 2, 3],
          [4, 5],
        ],
      }),
    ).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [1, 2],
        [4, 5],
      ],
    });
  });
});

describe('polygonProblem', () => {
  it('takes a square and a square with a hole', () => {
    expect(polygonProblem({ type: 'Polygon', coordinates: [square] })).toBeNull();
    const hole = [
      [0.25, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
      [0.75, 0.25],
      [0.25, 0.25],
    ];
    expect(polygonProblem({ type: 'MultiPolygon', coordinates: [[square, hole]] })).toBeNull();
  });

  it('finds an unclosed ring, a short ring and a bow tie', () => {
    expect(polygonProblem({ type: 'Polygon', coordinates: [square.slice(0, 4)] })).toBe('unclosedRing');
    expect(
      polygonProblem({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [0, 0],
          ],
        ],
      }),
    ).toBe('shortRing');
    const bowTie = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(polygonProblem({ type: 'Polygon', coordinates: [bowTie] })).toBe('selfIntersection');
  });

  it('finds a hole crossing its shell, and leaves lines and points alone', () => {
    const crossing = [
      [0.5, 0.5],
      [1.5, 0.5],
      [1.5, 0.7],
      [0.5, 0.7],
      [0.5, 0.5],
    ];
    expect(ringsIntersect([square, crossing])).toBe(true);
    expect(
      polygonProblem({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
        ],
      }),
    ).toBeNull();
  });

  it('checks a ring of 50,000 vertices (a municipal boundary)', () => {
    const n = 50_000;
    const ring = Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * i) / n;
      const r = 1 + 0.01 * Math.sin(40 * a);
      return [r * Math.cos(a), r * Math.sin(a)];
    });
    ring.push(ring[0]!);
    expect(polygonProblem({ type: 'Polygon', coordinates: [ring] })).toBeNull();
    expect(vertexCount({ type: 'Polygon', coordinates: [ring] })).toBe(n + 1);
  });
});
