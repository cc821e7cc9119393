import { areaFilterGeoJson, formatAreaFilter, parseAreaFilter } from './area-filter.js';

const triangle = [
  [22.95, 40.61],
  [22.96, 40.61],
  [22.96, 40.62],
] as const;

describe('the drawn-area filter segment', () => {
  it('formats polygons and parses them back', () => {
    const text = formatAreaFilter([triangle, triangle.map(([x, y]) => [x + 0.1, y - 0.1] as const)]);
    expect(text).toBe('22.95,40.61_22.96,40.61_22.96,40.62;23.05,40.51_23.06,40.51_23.06,40.52');
    const parsed = parseAreaFilter(text!);
    expect(parsed.ok && parsed.polygons).toEqual([
      [
        [22.95, 40.61],
        [22.96, 40.61],
        [22.96, 40.62],
      ],
      [
        [23.05, 40.51],
        [23.06, 40.51],
        [23.06, 40.52],
      ],
    ]);
  });

  it('drops a repeated closing vertex and rounds to 8 decimals (the WGS 84 step)', () => {
    expect(parseAreaFilter('1,1_2,1_2,2_1,1')).toEqual({
      ok: true,
      polygons: [
        [
          [1, 1],
          [2, 1],
          [2, 2],
        ],
      ],
    });
    expect(
      formatAreaFilter([
        [
          [0.123456789, -0.000000001],
          [1, 0.00000001],
          [1, 1],
        ],
      ]),
    ).toBe('0.12345679,0_1,0.00000001_1,1');
  });

  it('gives no filter for no polygon', () => {
    expect(formatAreaFilter([])).toBeNull();
  });

  it('accepts coordinates with 8 decimals, the WGS 84 step', () => {
    const parsed = parseAreaFilter('23.12345678,37.12345678_23.2,37.1_23.2,37.2');
    expect(parsed.ok && parsed.polygons[0]![0]).toEqual([23.12345678, 37.12345678]);
  });

  it.each([
    ['', { problem: 'empty' }],
    ['1,1_2,1', { problem: 'too_few_vertices', polygon: 1, min: 3 }],
    ['1,1_2,1_2,2;1,1_1,1_1,1_1,1', { problem: 'too_few_vertices', polygon: 2, min: 3 }],
    ['1,1_2,1_2,x', { problem: 'not_a_number', polygon: 1, vertex: 3, coordinate: 'lat' }],
    ['1,1_2,1_2,2,3', { problem: 'not_a_vertex', polygon: 1, vertex: 3 }],
    ['1,1_2,1_1e1,2', { problem: 'not_a_number', polygon: 1, vertex: 3, coordinate: 'lon' }],
    ['1,1_2,1_2, 2', { problem: 'not_a_number', polygon: 1, vertex: 3, coordinate: 'lat' }],
    ["1,1_2,1_2,2'--", { problem: 'not_a_number', polygon: 1, vertex: 3, coordinate: 'lat' }],
    [
      '1,1_2,1_2,0.123456789',
      { problem: 'too_many_decimals', polygon: 1, vertex: 3, coordinate: 'lat', max: 8 },
    ],
    ['1,1_2,1_2,Infinity', { problem: 'not_a_number', polygon: 1, vertex: 3, coordinate: 'lat' }],
    ['1,1__2,2_3,3', { problem: 'not_a_vertex', polygon: 1, vertex: 2 }],
    ['1,1_2,1_2,2;', { problem: 'not_a_vertex', polygon: 2, vertex: 1 }],
    [
      '181,1_2,1_2,2',
      { problem: 'out_of_range', polygon: 1, vertex: 1, coordinate: 'lon', min: -180, max: 180 },
    ],
    [
      '1,1_2,1_2,-91',
      { problem: 'out_of_range', polygon: 1, vertex: 3, coordinate: 'lat', min: -90, max: 90 },
    ],
    [Array.from({ length: 11 }, () => '1,1_2,1_2,2').join(';'), { problem: 'too_many_polygons', max: 10 }],
    [
      Array.from({ length: 502 }, (_, i) => `${i % 180},${(i * 7) % 90}`).join('_'),
      { problem: 'too_many_vertices', polygon: 1, max: 500 },
    ],
    ['1,1_2,1_2,2' + '_1.1234567,1.1234567'.repeat(700), { problem: 'too_long', max: 12_000 }],
  ] as const)('refuses filter %# naming what is wrong and where', (text, refusal) => {
    expect(parseAreaFilter(text)).toEqual({ ok: false, ...refusal });
  });

  it('closes the rings of the GeoJSON MultiPolygon', () => {
    expect(areaFilterGeoJson([triangle])).toEqual({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [22.95, 40.61],
            [22.96, 40.61],
            [22.96, 40.62],
            [22.95, 40.61],
          ],
        ],
      ],
    });
  });
});
