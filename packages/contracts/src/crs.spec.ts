import {
  convert,
  CRS_INFO,
  DEFAULT_CRS,
  fromWgs84,
  isCrsCode,
  isInRange,
  outOfRange,
  roundTo,
  toWgs84,
} from './crs.js';

const ATHENS = { lat: 37.9838, lng: 23.7275 };

describe('coordinate systems', () => {
  it('defaults to EPSG:2100 and knows the three systems', () => {
    expect(DEFAULT_CRS).toBe('EPSG:2100');
    expect(isCrsCode('EPSG:3857')).toBe(true);
    expect(isCrsCode('EPSG:9999')).toBe(false);
    expect([CRS_INFO['EPSG:4326'].precision, CRS_INFO['EPSG:4326'].step]).toEqual([8, 1e-8]);
    expect([CRS_INFO['EPSG:2100'].precision, CRS_INFO['EPSG:2100'].step]).toEqual([3, 0.001]);
    expect([CRS_INFO['EPSG:3857'].precision, CRS_INFO['EPSG:3857'].step]).toEqual([3, 0.001]);
  });

  it('converts Athens to the Greek Grid and back', () => {
    const grid = fromWgs84(ATHENS, 'EPSG:2100');
    expect(grid.x).toBeCloseTo(475920.27, 1);
    expect(grid.y).toBeCloseTo(4203764.7, 1);
    const back = toWgs84(grid, 'EPSG:2100');
    expect(back.lat).toBeCloseTo(ATHENS.lat, 7);
    expect(back.lng).toBeCloseTo(ATHENS.lng, 7);
  });

  it('converts to the web map system and between systems, rounded to their precision', () => {
    const web = fromWgs84(ATHENS, 'EPSG:3857');
    expect(web.x).toBeCloseTo(2641333.218, 2);
    expect(web.y).toBeCloseTo(4577137.549, 2);
    expect(String(web.x).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(3);
    const grid = convert(web, 'EPSG:3857', 'EPSG:2100');
    expect(grid.x).toBeCloseTo(475920.27, 1);
    expect(convert({ x: 23.123456789, y: 38.1 }, 'EPSG:4326', 'EPSG:4326')).toEqual({
      x: 23.12345679,
      y: 38.1,
    });
    expect(roundTo('EPSG:2100', 1.23456)).toBe(1.235);
  });

  it('checks the ranges of each system', () => {
    expect(isInRange({ x: ATHENS.lng, y: ATHENS.lat }, 'EPSG:4326')).toBe(true);
    expect(outOfRange({ x: 18.26, y: 41.78 }, 'EPSG:4326')).toEqual(['x', 'y']);
    expect(outOfRange({ x: 18.27, y: 33.23 }, 'EPSG:4326')).toEqual([]);
    expect(outOfRange({ x: 475920.27, y: 3691163.5 }, 'EPSG:2100')).toEqual(['y']);
    expect(outOfRange({ x: -34387.67, y: 4641211.322 }, 'EPSG:2100')).toEqual([]);
    expect(outOfRange({ x: 2033807.095, y: 5126588.574 }, 'EPSG:3857')).toEqual(['x']);
    expect(outOfRange({ x: Number.NaN, y: 4000000 }, 'EPSG:3857')).toEqual(['x']);
    expect(isInRange(fromWgs84(ATHENS, 'EPSG:3857'), 'EPSG:3857')).toBe(true);
    expect(isInRange(fromWgs84(ATHENS, 'EPSG:2100'), 'EPSG:2100')).toBe(true);
  });
});
