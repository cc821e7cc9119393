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

  it('drops a repeated closing vertex and rounds to 7 decimals', () => {
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
          [0.123456789, -0.00000001],
          [1, 0],
          [1, 1],
        ],
      ]),
    ).toBe('0.1234568,0_1,0_1,1');
  });

  it('gives no filter for no polygon', () => {
    expect(formatAreaFilter([])).toBeNull();
  });

  it.each(
    [
      ['', 'empty'],
      ['1,1_2,1', 'too few vertices'],
      ['1,1_1,1_1,1_1,1', 'too few vertices'],
      ['1,1_2,1_2,x', 'not a number'],
      ['1,1_2,1_2,2,3', 'not a number'],
      ['1,1_2,1_2,1e1', 'not a number'],
      ['1,1_2,1_2, 2', 'not a number'],
      ["1,1_2,1_2,2'--", 'not a number'],
      ['1,1_2,1_2,0.12345678', 'not a number'],
      ['1,1_2,1_2,Infinity', 'not a number'],
      ['1,1__2,2_3,3', 'not a number'],
      ['1,1_2,1_2,2;', 'not a number'],
      ['181,1_2,1_2,2', 'out of range'],
      ['1,91_2,1_2,2', 'out of range'],
      [Array.from({ length: 11 }, () => '1,1_2,1_2,2').join(';'), 'too many polygons'],
      [Array.from({ length: 502 }, (_, i) => `${i % 180},${(i * 7) % 90}`).join('_'), 'too many vertices'],
      ['1,1_2,1_2,2' + '_1.1234567,1.1234567'.repeat(700), 'too long'],
    ].map(([text, problem]) => ({ text, problem })),
  )('refuses filter $# as $problem', ({ text, problem }) => {
    expect(parseAreaFilter(text)).toEqual({ ok: false, problem });
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
