// Imported geometry as GIS tools write it: positions with a third (Z) coordinate, kept as x and y, and the usual
// spellings of the three coordinate systems, in `geometry_crs` and in a GeoJSON `crs` member.
import { bootTestService, type TestService } from '@agora/common/testing';
import type { AttributeWire, TopicWire } from '@agora/contracts';
import { client, seedProject, square } from '../../test/tree-test-helpers.js';

let svc: TestService;
let project: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  const { createConsultationService } = await import('../index.js');
  svc = await bootTestService(createConsultationService({}));
  project = await seedProject(svc.db, 'z-and-crs');
  api = client(svc, 'admin');
}, 60_000);
afterAll(() => svc?.close());

const withZ = (ring: number[][], z: number) => ring.map(([x, y]) => [x!, y!, z]);
const dims = async (table: string, column: string, token: string) =>
  (await svc.db.query(`SELECT public.ST_NDims(${column}) AS n FROM consultation.${table} WHERE token = $1`, [
    token,
  ])) as Array<{ n: number }>;

describe('positions with a third coordinate', () => {
  it.each([0, 123.4])('stores a topic boundary with z = %s as two-dimensional', async (z) => {
    const res = await api.post('/node', {
      project,
      title: `Z ${z}`,
      mname: `z-${String(z).replace('.', '-')}`,
      has_geometry: true,
      geom_type: 'polygon',
      max_geom: 1,
      geometry_crs: 'EPSG:2100',
      boundary: { type: 'Polygon', coordinates: [withZ(square(476_000, 4_206_000, 500), z)] },
    });
    expect(res.status).toBe(200);
    const topic = res.body as TopicWire;
    const ring = (topic.boundary!.coordinates as number[][][])[0]!;
    expect(ring.every((p) => p.length === 2)).toBe(true);
    expect(await dims('node', 'boundary', topic.token)).toEqual([{ n: 2 }]);
  });

  it('stores predefined and context features with z as two-dimensional', async () => {
    const topic = (await api.post('/node', { project, title: 'Features Z', mname: 'features-z' }))
      .body as TopicWire;
    const res = await api.post('/attribute', {
      node: topic.token,
      name: 'Σημεία',
      mname: 'points-z',
      has_geometry: true,
      geom_type: 'point',
      has_predefined: true,
      predefined: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Point', coordinates: [23.72, 37.98, 0] }, properties: null },
          {
            type: 'Feature',
            geometry: { type: 'MultiPoint', coordinates: [[23.73, 37.97, 85.5]] },
            properties: { name: 'a' },
          },
        ],
      },
      has_context: true,
      context: {
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [withZ(square(23.7, 37.9, 0.01), 12)] },
        properties: null,
      },
    });
    expect(res.status).toBe(200);
    const a = res.body as AttributeWire;
    expect(a.predefined!.features.map((f) => f.geometry.coordinates)).toEqual([
      [23.72, 37.98],
      [[23.73, 37.97]],
    ]);
    expect(
      (a.context!.features[0]!.geometry.coordinates as number[][][])[0]!.every((p) => p.length === 2),
    ).toBe(true);
    const stored = (await svc.db.query(
      `SELECT DISTINCT public.ST_NDims(geom) AS n FROM consultation.attribute_feature WHERE attribute = $1`,
      [a.token],
    )) as Array<{ n: number }>;
    expect(stored).toEqual([{ n: 2 }]);
  });

  it('still refuses a position of one or four numbers', async () => {
    for (const p of [[23.7], [23.7, 37.9, 0, 1]]) {
      const res = await api.post('/node', {
        project,
        title: 'Bad',
        mname: 'bad-position',
        has_geometry: true,
        geom_type: 'point',
        max_geom: 1,
        boundary: { type: 'Polygon', coordinates: [[p, p, p, p]] },
      });
      expect(res.status).toBe(400);
      expect(res.body.Error).toBe('boundary: a position must be 2 or 3 finite numbers');
    }
  });
});

describe('names of the coordinate systems', () => {
  const ring = square(476_000, 4_206_000, 500);
  it.each([
    'EPSG:2100',
    'epsg:2100',
    'urn:ogc:def:crs:EPSG::2100',
    'urn:ogc:def:crs:EPSG:6.3:2100',
    'http://www.opengis.net/def/crs/EPSG/0/2100',
    'https://www.opengis.net/def/crs/EPSG/0/2100',
  ])('takes %s in geometry_crs and in a crs member', async (name) => {
    const slug = `${name.length}-${name.replace(/[A-Z]/g, 'u')}`.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    for (const [how, extra] of [
      ['field', { geometry_crs: name, boundary: { type: 'Polygon', coordinates: [ring] } }],
      [
        'member',
        {
          boundary: {
            type: 'Polygon',
            crs: { type: 'name', properties: { name } },
            coordinates: [ring],
          },
        },
      ],
    ] as const) {
      const res = await api.post('/node', {
        project,
        title: name,
        mname: `${how}-${slug}`.slice(0, 60),
        has_geometry: true,
        geom_type: 'polygon',
        max_geom: 1,
        ...extra,
      });
      expect({ how, status: res.status, body: res.status === 200 ? null : res.body }).toEqual({
        how,
        status: 200,
        body: null,
      });
      const lng = (res.body as TopicWire).boundary!.coordinates as number[][][];
      expect(lng[0]![0]![0]).toBeCloseTo(23.73, 1);
    }
  });

  it.each(['urn:ogc:def:crs:OGC:1.3:CRS84', 'http://www.opengis.net/def/crs/OGC/1.3/CRS84', 'EPSG:4326'])(
    'takes %s as EPSG:4326',
    async (name) => {
      const res = await api.post('/node', {
        project,
        title: name,
        mname: `wgs-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`.slice(0, 60),
        has_geometry: true,
        geom_type: 'polygon',
        max_geom: 1,
        geometry_crs: name,
        boundary: { type: 'Polygon', coordinates: [square(23.7, 37.9, 0.01)] },
      });
      expect(res.status).toBe(200);
    },
  );

  it.each(['EPSG:2101', 'http://www.opengis.net/def/crs/EPSG/0/21000', 'urn:ogc:def:crs:EPSG::', 'GGRS87'])(
    'refuses %s',
    async (name) => {
      const res = await api.post('/node', {
        project,
        title: 'Unknown',
        mname: 'unknown-crs',
        has_geometry: true,
        geom_type: 'polygon',
        max_geom: 1,
        geometry_crs: name,
        boundary: { type: 'Polygon', coordinates: [ring] },
      });
      expect(res.status).toBe(400);
      expect(res.body.Error).toMatch(/^(boundary|geometry_crs): unknown coordinate system/);
    },
  );
});
