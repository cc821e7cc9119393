import type { GeoJsonFeatureCollection } from '@agora/contracts';
import {
  checkImport,
  collectionOfGeometry,
  crsOfMember,
  geometryFields,
  guessCrs,
  parseGeoJson,
  polygonGeometryOf,
  toWgs84Collection,
} from './geojson';

const point = (x: number, y: number) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [x, y] },
  properties: { name: `p${x}` },
});

describe('GeoJSON import parsing', () => {
  it('reads a feature collection with its crs member', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::2100' } },
      features: [point(476000, 4205000), point(477000, 4206000)],
    });
    const parsed = parseGeoJson(text);
    expect(parsed).toEqual({
      ok: true,
      crs: 'EPSG:2100',
      collection: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [476000, 4205000] },
            properties: { name: 'p476000' },
          },
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [477000, 4206000] },
            properties: { name: 'p477000' },
          },
        ],
      },
    });
  });

  it('takes a single feature or a bare geometry as a collection, without a crs', () => {
    const feature = parseGeoJson(JSON.stringify(point(23.7, 37.9)));
    expect(feature.ok && feature.collection.features).toHaveLength(1);
    expect(feature.ok && feature.crs).toBeNull();
    const geometry = parseGeoJson(
      JSON.stringify({
        type: 'LineString',
        coordinates: [
          [23.7, 37.9],
          [23.8, 38],
        ],
      }),
    );
    expect(geometry.ok && geometry.collection.features[0]?.geometry.type).toBe('LineString');
  });

  it('refuses what is not JSON, not GeoJSON, empty, or in another system', () => {
    expect(parseGeoJson('{nope')).toEqual({ ok: false, error: 'notJson' });
    expect(parseGeoJson('{"type":"Topology"}')).toEqual({ ok: false, error: 'notGeoJson' });
    expect(parseGeoJson('{"type":"Point","coordinates":[1]}')).toEqual({ ok: false, error: 'notGeoJson' });
    expect(parseGeoJson('{"type":"Polygon","coordinates":[[1,2]]}')).toEqual({
      ok: false,
      error: 'notGeoJson',
    });
    expect(parseGeoJson('{"type":"FeatureCollection","features":[]}')).toEqual({ ok: false, error: 'empty' });
    const other = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'EPSG:32634' } },
      features: [point(1, 2)],
    };
    expect(parseGeoJson(JSON.stringify(other))).toEqual({ ok: false, error: 'unknownCrs' });
  });

  it('names the systems of crs members', () => {
    expect(crsOfMember(undefined)).toBeNull();
    expect(crsOfMember({ type: 'name', properties: { name: 'EPSG:3857' } })).toBe('EPSG:3857');
    expect(crsOfMember({ type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } })).toBe(
      'EPSG:4326',
    );
    expect(crsOfMember({ type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG:6.6:4326' } })).toBe(
      'EPSG:4326',
    );
    expect(crsOfMember({ type: 'link' })).toBe('unknown');
  });

  it('guesses the system from the coordinates and checks the one chosen', () => {
    const fc = (x: number, y: number): GeoJsonFeatureCollection => ({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [x, y] }, properties: null }],
    });
    expect(guessCrs(fc(23.7, 37.9))).toBe('EPSG:4326');
    expect(guessCrs(fc(476000, 4205000))).toBe('EPSG:2100');
    expect(guessCrs(fc(2638000, 4568000))).toBe('EPSG:3857');
    expect(guessCrs(fc(-100, 10))).toBeNull();
    expect(checkImport(fc(476000, 4205000), 'EPSG:4326', null)).toEqual({ ok: false, error: 'outOfRange' });
    expect(checkImport(fc(476000, 4205000), 'EPSG:2100', 'line')).toEqual({ ok: false, error: 'wrongType' });
    expect(checkImport(fc(476000, 4205000), 'EPSG:2100', 'point')).toEqual({ ok: true });
  });

  it('reprojects EPSG:2100 to EPSG:4326 for the map', async () => {
    // Athens: 37.9838 N, 23.7275 E is 475920.27, 4203764.7 in the Greek Grid.
    const fc: GeoJsonFeatureCollection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [475920.27, 4203764.7] },
          properties: null,
        },
      ],
    };
    const out = await toWgs84Collection(fc, 'EPSG:2100');
    const [lng, lat] = out.features[0]?.geometry.coordinates as [number, number];
    expect(lng).toBeCloseTo(23.7275, 5);
    expect(lat).toBeCloseTo(37.9838, 5);
    expect(await toWgs84Collection(fc, 'EPSG:4326')).toBe(fc);
  });
});

describe('geometry of requests', () => {
  const square = [
    [
      [23, 38],
      [23.1, 38],
      [23.1, 38.1],
      [23, 38],
    ],
  ];
  const drawn: GeoJsonFeatureCollection = {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: square }, properties: null }],
  };
  const raw: GeoJsonFeatureCollection = {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', geometry: { type: 'Point', coordinates: [476000, 4205000] }, properties: null },
    ],
  };
  const shown: GeoJsonFeatureCollection = {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [23.73, 38] }, properties: null }],
  };

  it('sends an import in its own system with geometry_crs when it is the only system', () => {
    expect(
      geometryFields({
        predefined: { map: shown, imported: { crs: 'EPSG:2100', collection: raw } },
        context: { map: null },
      }),
    ).toEqual({ predefined: raw, context: null, geometry_crs: 'EPSG:2100' });
  });

  it('sends everything in EPSG:4326 when systems are mixed', () => {
    expect(
      geometryFields({
        predefined: { map: shown, imported: { crs: 'EPSG:2100', collection: raw } },
        context: { map: drawn },
      }),
    ).toEqual({ predefined: shown, context: drawn });
  });

  it('turns drawn polygons into a boundary and back', () => {
    expect(polygonGeometryOf(drawn)).toEqual({ type: 'Polygon', coordinates: square });
    expect(polygonGeometryOf({ type: 'FeatureCollection', features: [] })).toBeNull();
    const two = { type: 'FeatureCollection' as const, features: [...drawn.features, ...drawn.features] };
    const multi = polygonGeometryOf(two);
    expect(multi).toEqual({ type: 'MultiPolygon', coordinates: [square, square] });
    expect(collectionOfGeometry(multi).features).toHaveLength(2);
    expect(collectionOfGeometry(null).features).toHaveLength(0);
  });
});
