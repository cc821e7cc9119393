// Every open-data endpoint × every caller kind, for a project whose results are public and for one whose are
// not, asserted in one loop (docs/decisions/0085-open-data-ogc-api-features.md).
import { bootTestService, type TestService } from '@agora/common/testing';
import { CALLERS, callerUser, callWith, documentedRoutes, matchesRoute } from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';

const CATEGORY = '00000000-0000-4000-8000-0000000000c1';
const PUBLISHED = '00000000-0000-4000-8000-0000000000a1';
const HIDDEN = '00000000-0000-4000-8000-0000000000a2';

/** The routes below `opendata/project/{project}`, a published feature's id in place of `{feature}`. */
const ROUTES = (feature: string) => [
  '',
  '/api',
  '/conformance',
  '/collections',
  '/collections/places.points',
  '/collections/places.points/schema',
  '/area',
  '/statistics',
  '/statistics/places.points',
  '/collections/places.points/items',
  `/collections/places.points/items/${feature}`,
];

let svc: TestService;
let feature: string;

beforeAll(async () => {
  // a cell of one respondent is shown: the table is about who may read, not about suppression
  svc = await bootTestService(createConsultationService({ CONSULTATION_MIN_CELL: '1' }));
  await svc.db.query(
    `INSERT INTO consultation.category (token, mname, title) VALUES ('${CATEGORY}', 'c', 'C')`,
  );
  for (const [project, published] of [
    [PUBLISHED, true],
    [HIDDEN, false],
  ] as const) {
    await svc.db.query(
      `INSERT INTO consultation.project (token, mname, title, start_date, end_date, category, is_public, public_date)
       VALUES ($1, $2, 'P', '2026-01-01', '2026-02-01', $3, $4, $5)`,
      [project, `p-${published}`, CATEGORY, published, published ? '2026-02-01' : null],
    );
    await svc.db.query(
      `WITH n AS (INSERT INTO consultation.node (project, title, mname) VALUES ($1, 'Τόποι', 'places') RETURNING token),
         at AS (INSERT INTO consultation.attribute (node, name, mname, has_geometry, geom_type)
                SELECT token, 'Σημεία', 'points', true, 'point' FROM n RETURNING token, node)
       INSERT INTO consultation.answer (project, node, attribute, owner, geom)
       SELECT $1, at.node, at.token, gen_random_uuid(), public.ST_SetSRID(public.ST_MakePoint(22.94, 40.64), 4326)
       FROM at`,
      [project],
    );
  }
  const items = await callWith(
    svc,
    null,
    'get',
    `/opendata/project/${PUBLISHED}/collections/places.points/items`,
  );
  feature = items.body.features[0].id;
});
afterAll(() => svc?.close());

it('answers every open-data endpoint to everyone, and none of a project whose results are not public', async () => {
  const actual: string[] = [];
  const expected: string[] = [];
  for (const [project, status] of [
    [PUBLISHED, 200],
    [HIDDEN, 404],
  ] as const)
    for (const route of ROUTES(feature)) {
      const path = `/opendata/project/${project}${route}`;
      const got: number[] = [];
      for (const caller of CALLERS)
        got.push((await callWith(svc, callerUser(caller, CATEGORY), 'get', path)).status);
      actual.push(`GET ${path}: ${got.join(',')}`);
      expected.push(`GET ${path}: ${CALLERS.map(() => status).join(',')}`);
    }
  expect(actual).toEqual(expected);
});

it('the table covers every open-data route', async () => {
  const documented = await documentedRoutes(svc, /^\/opendata(\/|$)/);
  const covered = ROUTES(feature).map((r) => `get /opendata/project/${PUBLISHED}${r}`);
  expect(documented.filter((route) => !covered.some((c) => matchesRoute(c, route)))).toEqual([]);
  expect(documented.length).toBe(covered.length);
});
