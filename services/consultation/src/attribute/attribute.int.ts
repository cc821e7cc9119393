import { bootTestService, type TestService } from '@agora/common/testing';
import type { AttributeWire, TopicWire } from '@agora/contracts';
import { createConsultationService } from '../index.js';
import { client, noGeometry, seedProject, square } from '../../test/tree-test-helpers.js';

let svc: TestService;
let project: string;
let topic: TopicWire;
let second: TopicWire;
let foreign: TopicWire;
const admin = () => client(svc, 'admin');

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  project = await seedProject(svc.db, 'square');
  const other = await seedProject(svc.db, 'elsewhere');
  topic = (await admin().post('/node', { project, title: 'Πλατεία', mname: 'plaza' })).body;
  second = (await admin().post('/node', { project, title: 'Πάρκο', mname: 'park' })).body;
  foreign = (await admin().post('/node', { project: other, title: 'Άλλο', mname: 'other' })).body;
});
afterAll(() => svc?.close());

const count = async (table: string, where = 'true') =>
  (
    await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM consultation.${table} WHERE ${where}`)
  )[0]!.n;

const point = (x: number, y: number) => ({ type: 'Point', coordinates: [x, y] });
const feature = (geometry: object, properties: object | null = null, id?: string | number) => ({
  type: 'Feature',
  ...(id === undefined ? {} : { id }),
  geometry,
  properties,
});
const collection = (...features: object[]) => ({ type: 'FeatureCollection', features });

/** An attribute without geometry nor context: its geometry options and feature lists as answered. */
const withoutFeatures = {
  ...noGeometry,
  predefined: null,
  has_context: false,
  context: null,
};

describe('attributes', () => {
  let plain: AttributeWire;
  let benches: AttributeWire;

  it('adds an attribute without geometry in the exact shape', async () => {
    const res = await admin().post('/attribute', {
      node: topic.token,
      name: 'Σχόλια',
      mname: 'comments',
      icon: '/api/library/files/markers/pin.svg',
      icon_alt: 'καρφίτσα',
    });
    expect(res.status).toBe(200);
    plain = res.body;
    expect(plain).toEqual({
      token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      node: topic.token,
      name: 'Σχόλια',
      mname: 'comments',
      icon: '/api/library/files/markers/pin.svg',
      icon_alt: 'καρφίτσα',
      has_geometry: false,
      ...withoutFeatures,
      is_visible: true,
      forum_topic_id: null,
      forum_topic_url: null,
      sort_order: 1,
    });
  });

  it('adds a point attribute with predefined and context features (multipart), stored in PostGIS', async () => {
    const res = await admin().form('post', '/attribute', {
      node: topic.token,
      name: 'Παγκάκια',
      mname: 'benches',
      has_geometry: 'true',
      geom_type: 'point',
      geom_color: '#FF0000',
      max_geom: '5',
      allow_drag: 'true',
      has_predefined: '1',
      predefined: JSON.stringify(
        collection(feature(point(23.72, 37.98), { name: 'Α' }, 'a'), feature(point(23.73, 37.99), null, 7)),
      ),
      has_context: 'true',
      context: JSON.stringify(feature({ type: 'Polygon', coordinates: [square(23.72, 37.98, 0.01)] })),
    });
    expect(res.status).toBe(200);
    benches = res.body;
    expect(benches).toMatchObject({
      has_geometry: true,
      geom_type: 'point',
      geom_color: '#ff0000',
      max_geom: 5,
      allow_drag: true,
      allow_resize: false,
      has_predefined: true,
      has_context: true,
      sort_order: 2,
    });
    expect(benches.predefined).toEqual(
      collection(feature(point(23.72, 37.98), { name: 'Α' }, 'a'), feature(point(23.73, 37.99), null, 7)),
    );
    expect(benches.context!.features).toHaveLength(1);
    expect(benches.context!.features[0]!.geometry.type).toBe('Polygon');

    const stored = await svc.db.query(
      `SELECT kind, public.ST_SRID(geom) AS srid, public.GeometryType(geom) AS type FROM consultation.attribute_feature
       WHERE attribute = $1 ORDER BY kind, position`,
      [benches.token],
    );
    expect(stored).toEqual([
      { kind: 'context', srid: 4326, type: 'POLYGON' },
      { kind: 'predefined', srid: 4326, type: 'POINT' },
      { kind: 'predefined', srid: 4326, type: 'POINT' },
    ]);
    const [gist] = await svc.db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'attribute_feature_geom_gist'`,
    );
    expect(gist!.indexdef).toContain('USING gist (geom)');
  });

  it('reads attributes by project (token or short name) and one by topic', async () => {
    const all = await admin().get('/attribute/project/square');
    expect(all.status).toBe(200);
    expect(all.body).toEqual([plain, benches]);
    expect((await admin().get(`/attribute/project/${project}`)).body).toEqual(all.body);
    expect((await admin().get(`/attribute/node/${topic.token}/token/${benches.token}`)).body).toEqual(
      benches,
    );
    expect((await admin().get(`/attribute/node/${second.token}/token/${benches.token}`)).status).toBe(404);
    expect((await admin().get(`/attribute/node/${topic.token}/token/not-a-token`)).status).toBe(400);
  });

  it('refuses bad input with 400 {"Error"} and writes nothing', async () => {
    const [attributes, features] = [await count('attribute'), await count('attribute_feature')];
    const base = { node: topic.token, name: 'Χ', mname: 'x' };
    const geo = { ...base, has_geometry: true, geom_type: 'point' };
    /** a context of one Polygon ring */
    const polygonContext = (...ring: number[][]) => ({
      ...base,
      has_context: true,
      context: { type: 'Polygon', coordinates: [ring] },
    });
    const line = {
      type: 'LineString',
      coordinates: [
        [23.7, 37.9],
        [23.8, 37.95],
      ],
    };
    const many = collection(...Array.from({ length: 10_001 }, () => feature(point(23.7, 37.9))));
    const bad: Array<[object, string]> = [
      [{ ...base, name: '' }, 'name: This value is required.'],
      [{ ...base, node: undefined }, 'node: This value is required.'],
      [{ ...base, has_geometry: true }, 'geom_type: This value is required.'],
      [{ ...base, has_geometry: true, geom_type: 'circle' }, 'geom_type: one of point, line, polygon'],
      [{ ...geo, max_geom: 0 }, 'max_geom: a whole number, at least 1'],
      [{ ...geo, geom_color: '#12345' }, 'geom_color: a colour #rrggbb'],
      [
        { ...base, has_predefined: true, predefined: collection(feature(point(23.7, 37.9))) },
        'has_predefined: predefined features need has_geometry',
      ],
      [{ ...geo, has_predefined: true }, 'predefined: This value is required.'],
      [{ ...geo, has_predefined: true, predefined: collection() }, 'predefined: This value is required.'],
      [
        { ...geo, has_predefined: true, predefined: collection(feature(line)) },
        'predefined: LineString is not allowed here (use Point or MultiPoint)',
      ],
      [
        { ...geo, has_predefined: true, predefined: { type: 'GeometryCollection', geometries: [] } },
        'predefined: not a GeoJSON geometry (Point, LineString, Polygon or their Multi kinds)',
      ],
      [
        {
          ...geo,
          has_predefined: true,
          predefined: collection(feature(point(23.7, 37.9)), { type: 'Feature', geometry: null }),
        },
        'predefined: a feature without geometry',
      ],
      [
        {
          ...geo,
          has_predefined: true,
          predefined: collection(feature(point(23.7, 37.9), [] as unknown as object)),
        },
        'predefined: feature properties must be an object',
      ],
      [polygonContext([23, 37], [24, 37], [24, 38]), 'context: a line needs at least 4 positions'],
      [polygonContext([23, 37], [24, 37], [24, 38], [23.5, 38]), 'context: a polygon ring must be closed'],
      [
        { ...base, has_context: true, context: point(23.7, Number.NaN) },
        'context: a position must be 2 or 3 finite numbers',
      ],
      [
        { ...base, has_context: true, context: point(23.7, 37.9), geometry_crs: 'EPSG:32634' },
        'geometry_crs: unknown coordinate system (use EPSG:4326, EPSG:2100, EPSG:3857)',
      ],
      [
        {
          ...base,
          has_context: true,
          context: {
            ...collection(feature(point(23.7, 37.9))),
            crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::2100' } },
          },
          geometry_crs: 'EPSG:3857',
        },
        'context: the GeoJSON says EPSG:2100 but geometry_crs says EPSG:3857',
      ],
      // outside the spec's coordinate ranges of the system sent (valid on the globe)
      [
        {
          ...geo,
          has_predefined: true,
          predefined: collection(feature(point(23.7, 37.9)), feature(point(33.05, 34.7))),
        },
        'predefined: coordinates out of range for EPSG:4326 (feature 2): longitude 18.27 to 29.97, latitude 33.23 to 41.77',
      ],
      [
        {
          ...base,
          has_context: true,
          geometry_crs: 'EPSG:2100',
          context: {
            type: 'LineString',
            coordinates: [
              [476000, 4206000],
              [476000, 4_700_000],
            ],
          },
        },
        'context: coordinates out of range for EPSG:2100: x -34387.67 to 1056496.843, y 3691163.514 to 4641211.322',
      ],
      [
        {
          ...base,
          has_context: true,
          context: {
            ...collection(feature(point(2_641_000, 4_578_000)), feature(point(2_000_000, 4_578_000))),
            crs: { type: 'name', properties: { name: 'EPSG:3857' } },
          },
        },
        'context: coordinates out of range for EPSG:3857 (feature 2): x 2033807.096 to 3336245.136, y 3925872.561 to 5126588.574',
      ],
      [
        // features valid, context out of range: the whole write is refused
        {
          ...geo,
          has_predefined: true,
          predefined: collection(feature(point(23.7, 37.9))),
          has_context: true,
          context: point(23.7, 42),
        },
        'context: coordinates out of range for EPSG:4326: longitude 18.27 to 29.97, latitude 33.23 to 41.77',
      ],
      [{ ...base, icon: 'x'.repeat(2001) }, 'icon: Maximum size is 2000.'],
      [{ ...base, node: '3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f' }, 'topic not found'],
    ];
    for (const [body, error] of bad) {
      const res = await admin().post('/attribute', body);
      expect(res.body.Error).toBe(error);
      expect(res.status).toBe(error === 'topic not found' ? 404 : 400);
    }
    const big = await admin().form('post', '/attribute', {
      ...base,
      has_context: 'true',
      context: JSON.stringify(
        collection(
          ...Array.from({ length: 9_000 }, (_, i) => feature(point(23.7, 37.9), { i, pad: 'x'.repeat(100) })),
        ),
      ),
    });
    expect(big.status).toBe(400);
    expect(big.body.Error).toBe('context: GeoJSON larger than 1 MB');
    const tooMany = await admin().form('post', '/attribute', {
      ...base,
      has_context: 'true',
      context: JSON.stringify(many),
    });
    expect(tooMany.body.Error).toBe('context: more than 10000 features');
    const badJson = await admin().form('post', '/attribute', {
      ...base,
      has_context: 'true',
      context: '{"type":',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.Error).toBe('context: invalid JSON');
    const outside = await admin().form('post', '/attribute', {
      ...base,
      has_context: 'true',
      geometry_crs: 'EPSG:2100',
      context: JSON.stringify(collection(feature(point(23.7, 37.9)))),
    });
    expect(outside.status).toBe(400);
    expect(outside.body.Error).toBe(
      'context: coordinates out of range for EPSG:2100: x -34387.67 to 1056496.843, y 3691163.514 to 4641211.322',
    );
    expect([await count('attribute'), await count('attribute_feature')]).toEqual([attributes, features]);
  });

  it('imports 10,000 features in one request', async () => {
    const points = Array.from({ length: 10_000 }, (_, i) => feature(point(23 + i / 20_000, 38), { i }));
    const res = await admin().form('post', '/attribute', {
      node: second.token,
      name: 'Πολλά',
      mname: 'many',
      has_context: 'true',
      context: JSON.stringify(collection(...points)),
    });
    expect(res.status).toBe(200);
    expect(res.body.context.features).toHaveLength(10_000);
    expect(res.body.context.features[9_999]).toEqual(feature(point(23 + 9_999 / 20_000, 38), { i: 9_999 }));
    expect((await admin().delete(`/attribute/token/${res.body.token}`)).status).toBe(200);
  });

  it('hides and shows with {is_visible} alone and changes only the fields sent', async () => {
    const hidden = await admin().put(`/attribute/token/${benches.token}`, { is_visible: false });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({ ...benches, is_visible: false });
    const shown = await admin().form('put', `/attribute/token/${benches.token}`, {
      _method: 'put',
      is_visible: 'true',
    });
    expect(shown.body).toEqual(benches);
    const renamed = await admin().put(`/attribute/token/${benches.token}`, {
      name: 'Καθίσματα',
      allow_resize: true,
    });
    expect(renamed.body).toEqual({ ...benches, name: 'Καθίσματα', allow_resize: true });
    benches = renamed.body;
    const taken = await admin().put(`/attribute/token/${benches.token}`, { mname: 'comments' });
    expect(taken.status).toBe(409);
    expect(taken.body.Error).toBe('mname: This value already exists!');
  });

  it('keeps the stored features and fields when an import is out of range', async () => {
    const res = await admin().form('put', `/attribute/token/${benches.token}`, {
      name: 'Άλλο όνομα',
      geometry_crs: 'EPSG:3857',
      predefined: JSON.stringify(collection(feature(point(2_641_000, 4_578_000)))),
      context: JSON.stringify(collection(feature(point(2_641_000, 5_200_000)))),
    });
    expect(res.status).toBe(400);
    expect(res.body.Error).toBe(
      'context: coordinates out of range for EPSG:3857: x 2033807.096 to 3336245.136, y 3925872.561 to 5126588.574',
    );
    expect((await admin().get(`/attribute/node/${topic.token}/token/${benches.token}`)).body).toEqual(
      benches,
    );
  });

  it('refuses a geometry type that the stored predefined features do not match', async () => {
    const res = await admin().put(`/attribute/token/${benches.token}`, { geom_type: 'line' });
    expect(res.status).toBe(400);
    expect(res.body.Error).toBe('predefined: the features are not of geom_type line: send new ones');
    expect((await admin().get(`/attribute/node/${topic.token}/token/${benches.token}`)).body).toEqual(
      benches,
    );
  });

  it('turning has_context off clears the context; has_geometry off clears geometry options and predefined', async () => {
    const noContext = await admin().put(`/attribute/token/${benches.token}`, { has_context: false });
    expect(noContext.body).toMatchObject({ has_context: false, context: null, has_predefined: true });
    expect(await count('attribute_feature', `kind = 'context'`)).toBe(0);

    const off = await admin().put(`/attribute/token/${benches.token}`, { has_geometry: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      ...benches,
      has_geometry: false,
      ...withoutFeatures,
    });
    expect(await count('attribute_feature')).toBe(0);

    const on = await admin().put(`/attribute/token/${benches.token}`, {
      has_geometry: true,
      geom_type: 'line',
      has_predefined: true,
      predefined: {
        type: 'MultiLineString',
        coordinates: [
          [
            [23.7, 37.9],
            [23.71, 37.91],
          ],
        ],
      },
    });
    expect(on.status).toBe(200);
    expect(on.body.predefined).toEqual(
      collection(
        feature({
          type: 'MultiLineString',
          coordinates: [
            [
              [23.7, 37.9],
              [23.71, 37.91],
            ],
          ],
        }),
      ),
    );
    benches = on.body;
  });

  it('moves attributes within and across topics of the project, keeping orders 1..n', async () => {
    const third = (await admin().post('/attribute', { node: topic.token, name: 'Τρίτο', mname: 'third' }))
      .body;
    const orders = async () =>
      ((await admin().get('/attribute/project/square')).body as AttributeWire[]).map((a) => [
        a.node === topic.token ? 'plaza' : 'park',
        a.mname,
        a.sort_order,
      ]);
    const url = (a: AttributeWire) => `/attribute/project/${project}/token/${a.token}/sortOrder/`;
    expect((await admin().put(url(third), { sort_order: 1 })).body).toMatchObject({ sort_order: 1 });
    expect(await orders()).toEqual([
      ['plaza', 'third', 1],
      ['plaza', 'comments', 2],
      ['plaza', 'benches', 3],
    ]);
    const moved = await admin().put(url(plain), { sort_order: 1, node: second.token });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ node: second.token, sort_order: 1 });
    expect(await orders()).toEqual([
      ['plaza', 'third', 1],
      ['plaza', 'benches', 2],
      ['park', 'comments', 1],
    ]);
    const back = await admin().form('put', url(plain), { sort_order: '3', node: topic.token });
    expect(back.body).toMatchObject({ node: topic.token, sort_order: 3 });

    const twin = (await admin().post('/attribute', { node: second.token, name: 'Δίδυμο', mname: 'third' }))
      .body;
    expect((await admin().put(url(twin), { sort_order: 1, node: topic.token })).status).toBe(409);
    const abroad = await admin().put(url(twin), { sort_order: 1, node: foreign.token });
    expect(abroad.status).toBe(400);
    expect(abroad.body.Error).toBe('node: must belong to the same project');
    expect((await admin().put(url(twin), { sort_order: 3 })).status).toBe(400);
    expect((await admin().put(url(twin), {})).status).toBe(400);
    expect(
      (await admin().put(`/attribute/project/elsewhere/token/${twin.token}/sortOrder/`, { sort_order: 1 }))
        .status,
    ).toBe(404);
  });

  it('deletes an attribute with its variables and features, closing the gap', async () => {
    await admin().post('/variable', {
      attribute: benches.token,
      mname: 'size',
      variable_type: [{ kind: 'number', options: {} }],
    });
    expect(await count('variable')).toBe(1);
    const res = await admin().delete(`/attribute/token/${benches.token}`);
    expect(res.body).toEqual({ message: 'data deleted' });
    expect(await count('variable')).toBe(0);
    expect(await count('attribute_feature')).toBe(0);
    const left = ((await admin().get('/attribute/project/square')).body as AttributeWire[])
      .filter((a) => a.node === topic.token)
      .map((a) => [a.mname, a.sort_order]);
    expect(left).toEqual([
      ['third', 1],
      ['comments', 2],
    ]);
  });
});
