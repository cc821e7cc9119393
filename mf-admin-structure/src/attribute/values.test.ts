import { importGeoJson } from '../plan/GeometryField';
import { attributeBody, attributeValues, withAttributeSwitch } from './values';

const points = {
  type: 'FeatureCollection' as const,
  features: [
    {
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [23.7, 38] },
      properties: null,
    },
  ],
};
const file2100 = JSON.stringify({
  type: 'FeatureCollection',
  crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::2100' } },
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [475920.27, 4203764.7] },
      properties: { n: 1 },
    },
  ],
});

describe('attribute form values', () => {
  const on = {
    ...attributeValues(null),
    name: 'Lamps',
    mname: 'lamps',
    has_geometry: true,
    geom_type: 'point',
    max_geom: '5',
    allow_drag: true,
    allow_resize: true,
    has_predefined: true,
    has_context: true,
  };
  const geometry = { predefined: { map: points }, context: { map: points } };

  it('turning has_geometry off clears geom_type, max_geom, allow_drag, allow_resize and the predefined features', () => {
    const off = withAttributeSwitch(on, geometry, 'has_geometry', false);
    expect(off.values).toMatchObject({
      has_geometry: false,
      geom_type: '',
      max_geom: '',
      allow_drag: false,
      allow_resize: false,
      has_predefined: false,
      has_context: true,
    });
    expect(off.geometry).toEqual({ predefined: { map: null }, context: { map: points } });
    expect(attributeBody(off.values, off.geometry)).toMatchObject({
      geom_type: null,
      max_geom: null,
      allow_drag: false,
      allow_resize: false,
      has_predefined: false,
      predefined: null,
      context: points,
    });
  });

  it('turning has_context off clears the context', () => {
    const off = withAttributeSwitch(on, geometry, 'has_context', false);
    expect(off.geometry.context).toEqual({ map: null });
    expect(attributeBody(off.values, off.geometry)).toMatchObject({
      has_context: false,
      context: null,
      predefined: points,
    });
  });

  it('imports EPSG:2100 predefined features: shown in EPSG:4326, sent as in the file with geometry_crs', async () => {
    const outcome = await importGeoJson(file2100, 'auto', 'point');
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.crs).toBe('EPSG:2100');
    const [lng, lat] = outcome.value.map?.features[0]?.geometry.coordinates as number[];
    expect(lng).toBeCloseTo(23.7275, 5);
    expect(lat).toBeCloseTo(37.9838, 5);
    const body = attributeBody(
      { ...on, has_context: false },
      { predefined: outcome.value, context: { map: null } },
    );
    expect(body.geometry_crs).toBe('EPSG:2100');
    expect(body.predefined).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [475920.27, 4203764.7] },
          properties: { n: 1 },
        },
      ],
    });
  });

  it('refuses files of another shape, system or format, changing nothing', async () => {
    expect(await importGeoJson(file2100, 'auto', 'line')).toEqual({ ok: false, error: 'wrongType' });
    expect(await importGeoJson('not json', 'auto', 'point')).toEqual({ ok: false, error: 'notJson' });
    const bare = JSON.stringify({ type: 'Point', coordinates: [475920.27, 4203764.7] });
    expect(await importGeoJson(bare, 'EPSG:4326', 'point')).toEqual({ ok: false, error: 'outOfRange' });
    expect((await importGeoJson(bare, 'auto', 'point')).ok).toBe(true);
    expect(
      await importGeoJson(JSON.stringify({ type: 'Point', coordinates: [-120, 10] }), 'auto', 'any'),
    ).toEqual({
      ok: false,
      error: 'noCrs',
    });
  });
});
