import { bootTestService, type TestService } from '@agora/common/testing';
import type { TopicWire } from '@agora/contracts';
import { createConsultationService } from '../index.js';
import { client, seedProject, square } from '../../test/tree-test-helpers.js';

let svc: TestService;
let project: string;
let other: string;
const admin = () => client(svc, 'admin');

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  project = await seedProject(svc.db, 'harbour');
  other = await seedProject(svc.db, 'other');
});
afterAll(() => svc?.close());

const count = async (table: string) =>
  (await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM consultation.${table}`))[0]!.n;

const boundary = { type: 'Polygon', coordinates: [square(23.7, 37.9, 0.01)] };

describe('topics (node)', () => {
  let first: TopicWire;

  it('adds a topic without geometry and answers it in the exact shape', async () => {
    const res = await admin().post('/node', {
      project,
      title: 'Παραλία',
      mname: 'beach',
      description: 'Η παραλία',
      geom_color: '#AABBCC',
      relative_documents: [{ title: 'Σχέδιο', file: 'https://example.org/plan.pdf' }],
    });
    expect(res.status).toBe(200);
    first = res.body as TopicWire;
    expect(first).toEqual({
      token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      project,
      title: 'Παραλία',
      mname: 'beach',
      description: 'Η παραλία',
      has_geometry: false,
      boundary: null,
      geom_type: null,
      max_geom: null,
      geom_color: '#aabbcc',
      relative_documents: [{ title: 'Σχέδιο', file: 'https://example.org/plan.pdf' }],
      forum_topic_id: null,
      forum_topic_url: null,
      sort_order: 1,
    });
  });

  it('adds a topic with a boundary from multipart, reads it by project token and short name', async () => {
    const res = await admin().form('post', '/node', {
      project: 'harbour',
      title: 'Λιμάνι',
      mname: 'port',
      has_geometry: 'true',
      boundary: JSON.stringify(boundary),
      geom_type: 'polygon',
      max_geom: '3',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sort_order: 2, has_geometry: true, geom_type: 'polygon', max_geom: 3 });
    expect(res.body.boundary.type).toBe('Polygon');
    expect(res.body.boundary.coordinates[0][0][0]).toBeCloseTo(23.69, 9);

    const byToken = await admin().get(`/node/project/${project}`);
    const byName = await admin().get('/node/project/harbour');
    expect(byToken.status).toBe(200);
    expect(byName.body).toEqual(byToken.body);
    expect(byToken.body.map((t: TopicWire) => t.mname)).toEqual(['beach', 'port']);
    const one = await admin().get(`/node/project/harbour/token/${res.body.token}`);
    expect(one.body).toEqual(res.body);
    expect((await admin().get(`/node/project/other/token/${res.body.token}`)).status).toBe(404);
    expect((await admin().get('/node/project/nowhere')).status).toBe(404);
  });

  it('refuses bad input with 400 {"Error"} and writes nothing', async () => {
    const before = await count('node');
    const geo = { project, title: 'T', mname: 'x', has_geometry: true, geom_type: 'point', max_geom: 1 };
    const bad: Array<[object, string]> = [
      [{ project, mname: 'x' }, 'title: This value is required.'],
      [{ project, title: 'T', mname: 'Bad Name' }, "mname: lowercase Latin letters, digits, '-' and '_'"],
      [{ title: 'T', mname: 'x' }, 'project: This value is required.'],
      [geo, 'please draw the boundary'],
      [
        { project, title: 'T', mname: 'x', has_geometry: true, boundary, max_geom: 1 },
        'geom_type: This value is required.',
      ],
      [
        { project, title: 'T', mname: 'x', has_geometry: true, boundary, geom_type: 'point' },
        'max_geom: This value is required.',
      ],
      [{ project, title: 'T', mname: 'x', geom_color: 'red' }, 'geom_color: a colour #rrggbb'],
      [
        { project, title: 'T', mname: 'x', relative_documents: [{ title: 'a' }] },
        'relative_documents[0].file: This value is required.',
      ],
      [
        {
          project,
          title: 'T',
          mname: 'x',
          relative_documents: [{ title: 'a', file: 'ftp://example.org/a.pdf' }],
        },
        'relative_documents[0].file: a link: /… or http(s)://…',
      ],
      [{ project, title: 'T', mname: 'x', colour: 'x' }, 'colour: unknown field'],
      [
        {
          ...geo,
          boundary: { type: 'Point', coordinates: [23, 38] },
        },
        'boundary: Point is not allowed here (use Polygon or MultiPolygon)',
      ],
      [
        {
          ...geo,
          boundary,
          geometry_crs: 'EPSG:9999',
        },
        'geometry_crs: unknown coordinate system (use EPSG:4326, EPSG:2100, EPSG:3857)',
      ],
      [
        {
          ...geo,
          boundary: {
            type: 'Polygon',
            coordinates: [
              [
                [23, 37],
                [24, 38],
                [24, 37],
                [23, 38],
                [23, 37],
              ],
            ],
          },
        },
        'boundary: invalid geometry: Self-intersection[23.5 37.5]',
      ],
      [
        {
          ...geo,
          boundary: { type: 'Polygon', coordinates: [square(476000, 4206000, 100)] },
        },
        'boundary: coordinates out of range for EPSG:4326: longitude 18.27 to 29.97, latitude 33.23 to 41.77',
      ],
      // outside the spec's ranges of the system sent, though valid on the globe: Paris, Cyprus, Crete's south
      [
        { ...geo, boundary: { type: 'Polygon', coordinates: [square(2.35, 48.85, 0.01)] } },
        'boundary: coordinates out of range for EPSG:4326: longitude 18.27 to 29.97, latitude 33.23 to 41.77',
      ],
      [
        {
          ...geo,
          geometry_crs: 'EPSG:2100',
          boundary: { type: 'Polygon', coordinates: [square(476000, 3_600_000, 100)] },
        },
        'boundary: coordinates out of range for EPSG:2100: x -34387.67 to 1056496.843, y 3691163.514 to 4641211.322',
      ],
      [
        {
          ...geo,
          geometry_crs: 'EPSG:3857',
          boundary: {
            type: 'MultiPolygon',
            coordinates: [[square(2_641_000, 4_578_000, 500)], [square(3_700_000, 4_150_000, 500)]],
          },
        },
        'boundary: coordinates out of range for EPSG:3857: x 2033807.096 to 3336245.136, y 3925872.561 to 5126588.574',
      ],
      // a boundary in Greek Grid metres sent as EPSG:3857: in the world, outside the spec's 3857 ranges
      [
        {
          ...geo,
          geometry_crs: 'EPSG:3857',
          boundary: { type: 'Polygon', coordinates: [square(476000, 4206000, 100)] },
        },
        'boundary: coordinates out of range for EPSG:3857: x 2033807.096 to 3336245.136, y 3925872.561 to 5126588.574',
      ],
    ];
    for (const [body, error] of bad) {
      const res = await admin().post('/node', body);
      expect({ status: res.status, body: res.body.Error }).toEqual({ status: 400, body: error });
    }
    const multipart = await admin().form('post', '/node', {
      project,
      title: 'T',
      mname: 'x',
      relative_documents: '[{"title": "a", ',
    });
    expect(multipart.status).toBe(400);
    expect(multipart.body.Error).toBe('relative_documents: invalid JSON');
    expect(await count('node')).toBe(before);
  });

  it('answers 409 for a short name taken in the project, and takes it in another project', async () => {
    const taken = await admin().post('/node', { project, title: 'T', mname: 'beach' });
    expect(taken.status).toBe(409);
    expect(taken.body.Error).toBe('mname: This value already exists!');
    const elsewhere = await admin().post('/node', { project: other, title: 'T', mname: 'beach' });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.sort_order).toBe(1);
  });

  it('changes only the fields sent; turning has_geometry off clears the geometry', async () => {
    const port = (await admin().get('/node/project/harbour')).body[1] as TopicWire;
    const renamed = await admin().put(`/node/token/${port.token}`, { title: 'Μαρίνα' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...port, title: 'Μαρίνα' });

    const noBoundary = await admin().put(`/node/token/${port.token}`, { boundary: null });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.Error).toBe('please draw the boundary');

    // an imported boundary (multipart) outside the ranges of its system: refused, the stored one kept
    const outside = await admin().form('put', `/node/token/${port.token}`, {
      geometry_crs: 'EPSG:2100',
      boundary: JSON.stringify({ type: 'Polygon', coordinates: [square(1_100_000, 4_206_000, 100)] }),
    });
    expect(outside.status).toBe(400);
    expect(outside.body.Error).toBe(
      'boundary: coordinates out of range for EPSG:2100: x -34387.67 to 1056496.843, y 3691163.514 to 4641211.322',
    );
    expect((await admin().get(`/node/project/harbour/token/${port.token}`)).body).toEqual(renamed.body);

    const off = await admin().form('put', `/node/token/${port.token}`, {
      _method: 'put',
      has_geometry: 'false',
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ has_geometry: false, boundary: null, geom_type: null, max_geom: null });

    const on = await admin().put(`/node/token/${port.token}`, {
      has_geometry: true,
      geom_type: 'line',
      max_geom: 2,
    });
    expect(on.status).toBe(400);
    expect(on.body.Error).toBe('please draw the boundary');

    const taken = await admin().put(`/node/token/${port.token}`, { mname: 'beach' });
    expect(taken.status).toBe(409);
    const moved = await admin().put(`/node/token/${port.token}`, { project: other });
    expect(moved.status).toBe(400);
    expect(
      (await admin().put('/node/token/3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f', { title: 'x' })).status,
    ).toBe(404);
  });

  it('reorders topics 1..n and deletes a topic with its attributes and variables', async () => {
    const third = (await admin().post('/node', { project, title: 'Τρίτο', mname: 'third' }))
      .body as TopicWire;
    expect(third.sort_order).toBe(3);
    const moved = await admin().put(`/node/project/${project}/token/${third.token}/sortOrder/`, {
      sort_order: 1,
    });
    expect(moved.body).toMatchObject({ sort_order: 1 });
    const order = async () =>
      ((await admin().get('/node/project/harbour')).body as TopicWire[]).map((t) => [t.mname, t.sort_order]);
    expect(await order()).toEqual([
      ['third', 1],
      ['beach', 2],
      ['port', 3],
    ]);
    for (const sort_order of [0, 4, 'x']) {
      const res = await admin().put(`/node/project/harbour/token/${third.token}/sortOrder/`, { sort_order });
      expect(res.status).toBe(400);
    }
    const wrongProject = await admin().put(`/node/project/other/token/${third.token}/sortOrder/`, {
      sort_order: 1,
    });
    expect(wrongProject.status).toBe(404);

    const attribute = await admin().post('/attribute', { node: first.token, name: 'Α', mname: 'a' });
    expect(attribute.status).toBe(200);
    const variable = await admin().post('/variable', {
      attribute: attribute.body.token,
      mname: 'v',
      variable_type: [{ kind: 'text', options: { label: 'Κείμενο' } }],
    });
    expect(variable.status).toBe(200);

    const deleted = await admin().delete(`/node/token/${first.token}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'data deleted' });
    expect(await order()).toEqual([
      ['third', 1],
      ['port', 2],
    ]);
    expect(await count('attribute')).toBe(0);
    expect(await count('variable')).toBe(0);
    expect((await admin().delete(`/node/token/${first.token}`)).status).toBe(404);
  });
});
