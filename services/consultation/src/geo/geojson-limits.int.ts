import { bootTestService, type TestService } from '@agora/common/testing';
import type { TopicWire } from '@agora/contracts';
import { createConsultationService } from '../index.js';
import { client, pointsAttribute, seedProject, square } from '../../test/tree-test-helpers.js';

// Imported GeoJSON is bounded by GEOJSON_MAX_COORDINATES (here 12) before it reaches PostGIS, JSON fields sent as
// multipart text are refused when they nest too deeply, like JSON bodies, and no GeoJSON "type" reaches a 500.
let svc: TestService;
let project: string;
let topic: TopicWire;
const admin = () => client(svc, 'admin');

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({ GEOJSON_MAX_COORDINATES: '12' }));
  project = await seedProject(svc.db, 'limits');
  topic = (await admin().post('/node', { project, title: 'T', mname: 'topic' })).body as TopicWire;
});
afterAll(() => svc?.close());

const count = async (table: string) =>
  (await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM consultation.${table}`))[0]!.n;

/** A closed ring of `n` positions around Thessaloniki. */
const ring = (n: number) => {
  const open = Array.from({ length: n - 1 }, (_, i) => {
    const a = (2 * Math.PI * i) / (n - 1);
    return [22.94 + 0.01 * Math.cos(a), 40.63 + 0.01 * Math.sin(a)];
  });
  return [...open, open[0]!];
};
const polygon = (n: number) => ({ type: 'Polygon', coordinates: [ring(n)] });
const topicWith = (boundary: unknown) => ({
  project,
  title: 'Όριο',
  mname: 'bounded',
  has_geometry: true,
  geom_type: 'polygon',
  max_geom: 1,
  boundary,
});
const tooMany = (field: string) => ({
  status: 400,
  body: {
    Error: `${field}: GeoJSON with more than 12 coordinates`,
    code: 'CONSULTATION.TOO_MANY_COORDINATES',
  },
});
const tooDeep = {
  status: 400,
  body: { Error: 'JSON nested more than 32 levels deep', code: 'REQUEST.TOO_DEEP' },
};

describe('GeoJSON limits', () => {
  it('takes a boundary of as many coordinates as allowed', async () => {
    const res = await admin().post('/node', topicWith(polygon(12)));
    expect(res.status).toBe(200);
    await admin().delete(`/node/${(res.body as TopicWire).token}`);
  });

  it('refuses a boundary with more coordinates than GEOJSON_MAX_COORDINATES, in JSON and multipart', async () => {
    const before = await count('node');
    const json = await admin().post('/node', topicWith(polygon(13)));
    expect({ status: json.status, body: json.body as unknown }).toEqual(tooMany('boundary'));
    const parts = {
      type: 'FeatureCollection',
      features: [7, 7].map((n) => ({ type: 'Feature', properties: null, geometry: polygon(n) })),
    };
    const form = await admin().form('post', '/node', {
      project,
      title: 'Όριο',
      mname: 'bounded',
      has_geometry: 'true',
      geom_type: 'polygon',
      max_geom: '1',
      boundary: JSON.stringify(parts),
    });
    expect({ status: form.status, body: form.body as unknown }).toEqual(tooMany('boundary'));
    expect(await count('node')).toBe(before);
  });

  it('refuses predefined features and context with too many coordinates together', async () => {
    const before = await count('attribute');
    const point = (i: number) => ({
      type: 'Feature',
      properties: null,
      geometry: { type: 'Point', coordinates: [22.9 + i / 1000, 40.6] },
    });
    const res = await admin().post('/attribute', {
      ...pointsAttribute(topic.token),
      predefined: { type: 'FeatureCollection', features: Array.from({ length: 13 }, (_, i) => point(i)) },
    });
    expect({ status: res.status, body: res.body as unknown }).toEqual(tooMany('predefined'));
    const context = await admin().post('/attribute', {
      node: topic.token,
      name: 'Πλαίσιο',
      mname: 'context',
      has_context: true,
      context: { type: 'LineString', coordinates: ring(13) },
    });
    expect({ status: context.status, body: context.body as unknown }).toEqual(tooMany('context'));
    expect(await count('attribute')).toBe(before);
  });

  it('refuses a deeply nested JSON field sent as multipart text with 400 REQUEST.TOO_DEEP', async () => {
    const res = await admin().form('post', '/node', {
      project,
      title: 'Βαθύ',
      mname: 'deep',
      has_geometry: 'true',
      geom_type: 'polygon',
      max_geom: '1',
      boundary: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    });
    expect({ status: res.status, body: res.body as unknown }).toEqual(tooDeep);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'answers a GeoJSON of type %s 400, not 500',
    async (type) => {
      const res = await admin().post('/node', topicWith({ type, coordinates: [square(22.9, 40.6, 0.01)] }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        Error: expect.stringMatching(/^boundary: /),
        code: 'CONSULTATION.GEOMETRY',
        field: 'boundary',
        rule: 'geometry',
      });
    },
  );
});
