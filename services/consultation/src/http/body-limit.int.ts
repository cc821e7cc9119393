import { bootTestService, type TestService } from '@agora/common/testing';
import { createConsultationService } from '../index.js';
import { client, seedProject } from '../../test/tree-test-helpers.js';

// Imported GeoJSON travels in JSON bodies: the consultation service takes up to 4 MB (the other services 100 kB),
// and answers a larger body 413 {"Error"} without writing anything.
let svc: TestService;
let project: string;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  project = await seedProject(svc.db, 'limits');
});
afterAll(() => svc?.close());

/** A FeatureCollection of `n` small squares, as an import of predefined features would send. */
function squares(n: number) {
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: n }, (_, i) => {
      const x = 23.7 + (i % 100) * 0.001;
      const y = 37.9 + Math.floor(i / 100) * 0.001;
      const ring = [
        [x, y],
        [x + 0.0005, y],
        [x + 0.0005, y + 0.0005],
        [x, y + 0.0005],
        [x, y],
      ];
      return {
        type: 'Feature',
        properties: { name: `plot ${i}` },
        geometry: { type: 'Polygon', coordinates: [ring] },
      };
    }),
  };
}

it('accepts a topic whose boundary body is over 100 kB, and refuses a body over 4 MB with 413', async () => {
  const admin = client(svc, 'admin');
  const big = squares(1500); // about 300 kB of JSON
  const boundary = {
    type: 'MultiPolygon',
    coordinates: big.features.map((f) => f.geometry.coordinates),
  };
  expect(JSON.stringify(boundary).length).toBeGreaterThan(100_000);
  const ok = await admin.post('/node', {
    project,
    title: 'Οικόπεδα',
    mname: 'plots',
    has_geometry: true,
    boundary,
    geom_type: 'polygon',
    max_geom: 3,
  });
  expect(ok.status).toBe(200);

  const huge = squares(25_000); // about 5 MB
  const refused = await admin.post('/node', {
    project,
    title: 'Πολύ μεγάλο',
    mname: 'too-big',
    boundary: huge,
  });
  expect([refused.status, typeof refused.body.Error]).toEqual([413, 'string']);
  const rows = await svc.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM consultation.node WHERE mname = 'too-big'`,
  );
  expect(rows[0]!.n).toBe(0);
});
