import { randomUUID } from 'node:crypto';
import { bootTestService, type TestService } from '@agora/common/testing';
import { OPEN_DATA_CONFORMANCE, OPEN_DATA_LIMIT } from '@agora/contracts/api';
import { createConsultationService } from '../index.js';
import { addVariable, as, buildWorld, type World } from '../../test/answer-test-helpers.js';

// The open data of a published project (decision 0085) against the real database: the OGC API - Features
// routes, and the privacy rules (no person, no free text by default, locations snapped to the grid, small
// cells left out, nothing of a project whose results are not public).

const MIN_CELL = 3;
const GRID = 50;
/** The UTM zone of the world's topic (23.7° E, north): EPSG:32634. */
const UTM = 32634;

let svc: TestService;
let w: World;
let base: string;
let rating: string;
let tags: string;
let note: string;
/** The raw answers, to check that none of their tokens, owners or places is published. */
const tokens: string[] = [];
const owners: string[] = [];
/** The grid cell of the topic's centre: the published one, and one 500 m away with too few respondents. */
let cell: { i: number; j: number };
let centre: [number, number];

const anonymous = () => as(svc, null);

/** A place `dx`, `dy` metres from the south-west corner of the cell `i`, `j` of the grid, in WGS 84. */
async function inCell(i: number, j: number, dx: number, dy: number): Promise<[number, number]> {
  const [p] = await svc.db.query<{ x: number; y: number }>(
    `SELECT public.ST_X(g) AS x, public.ST_Y(g) AS y FROM (SELECT public.ST_Transform(
       public.ST_SetSRID(public.ST_MakePoint($1::float8, $2::float8), ${UTM}), 4326) AS g) t`,
    [i * GRID + dx, j * GRID + dy],
  );
  return [p!.x, p!.y];
}

async function answer(
  attribute: string,
  owner: string,
  geom: string,
  params: number[],
  values: Array<{
    variable: string;
    kind: string;
    text?: string;
    number?: number;
    date?: string;
    list?: string[];
  }>,
): Promise<void> {
  const [{ token }] = await svc.db.query<{ token: string }>(
    `INSERT INTO consultation.answer (project, node, attribute, owner, geom, created)
     VALUES ($1, $2, $3, $4, public.ST_SetSRID(${geom}, 4326), '2026-03-02T10:00:00Z') RETURNING token`,
    [w.project, w.places, attribute, owner, ...params],
  );
  tokens.push(token);
  for (const v of values)
    await svc.db.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, text_value, number_value, date_value, list_value)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [token, v.variable, v.kind, v.text ?? null, v.number ?? null, v.date ?? null, v.list ?? null],
    );
}

const point = (
  attribute: string,
  owner: string,
  [x, y]: [number, number],
  values: Parameters<typeof answer>[4],
) => answer(attribute, owner, 'public.ST_MakePoint($5, $6)', [x, y], values);

async function publish(isPublic: boolean, publicDate: string | null = '2020-01-01'): Promise<void> {
  await svc.db.query(`UPDATE consultation.project SET is_public = $2, public_date = $3 WHERE token = $1`, [
    w.project,
    isPublic,
    isPublic ? publicDate : null,
  ]);
}

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({ CONSULTATION_MIN_CELL: String(MIN_CELL) }));
  w = await buildWorld(svc);
  base = `/opendata/project/${w.project}`;
  const variable = (mname: string, variable_type: object[]) =>
    addVariable(svc, w, w.points, mname, variable_type);
  rating = await variable('rating', [
    {
      kind: 'radio',
      options: {
        label: 'Βαθμός',
        choices: [
          { id: 'a', label: 'Καλό' },
          { id: 'b', label: 'Κακό' },
        ],
      },
    },
    { kind: 'number', options: {} },
    { kind: 'date', options: {} },
  ]);
  tags = await variable('tags', [
    {
      kind: 'checkbox',
      options: {
        choices: [
          { id: 'x', label: 'Πράσινο; σκιά' },
          { id: 'y', label: 'Παγκάκια' },
        ],
      },
    },
  ]);
  note = await variable('note', [{ kind: 'text', options: {} }]);

  const [utm] = await svc.db.query<{ x: number; y: number }>(
    `SELECT public.ST_X(g) AS x, public.ST_Y(g) AS y
     FROM (SELECT public.ST_Transform(public.ST_SetSRID(public.ST_MakePoint(23.7, 37.9), 4326), ${UTM}) AS g) t`,
  );
  cell = { i: Math.floor(utm!.x / GRID), j: Math.floor(utm!.y / GRID) };
  centre = await inCell(cell.i, cell.j, GRID / 2, GRID / 2);

  // three respondents in one cell: published; two (one of them twice) in a cell 500 m away: left out
  for (let k = 0; k < 3; k++) {
    owners.push(randomUUID());
    await point(w.points, owners[k]!, await inCell(cell.i, cell.j, 5 + k * 15, 40 - k * 12), [
      { variable: rating, kind: 'radio', text: k === 2 ? 'b' : 'a' },
      { variable: rating, kind: 'number', number: 1.5 + k },
      { variable: rating, kind: 'date', date: `2026-03-0${k + 1}` },
      { variable: tags, kind: 'checkbox', list: ['x', 'y'] },
      { variable: note, kind: 'text', text: `I live at number ${k}` },
    ]);
  }
  for (let k = 0; k < 3; k++) {
    const owner = k < 2 ? randomUUID() : owners[3]!;
    if (k < 2) owners.push(owner);
    await point(w.points, owner, await inCell(cell.i + 10, cell.j + 10, 10 + k, 10 + k), [
      { variable: rating, kind: 'number', number: 9 },
    ]);
  }
  // three polygons of three respondents around the cell's centre: published as that centre
  for (let k = 0; k < 3; k++) {
    const [x, y] = await inCell(cell.i, cell.j, 20, 20);
    await answer(
      w.areas,
      owners[k]!,
      `public.ST_MakeEnvelope($5, $6, $7, $8)`,
      [x, y, x + 0.0001 * (k + 1), y + 0.0001],
      [],
    );
  }
  await publish(true);
});
afterAll(() => svc?.close());

describe('the open data of a published project (OGC API - Features)', () => {
  it('serves a landing page, the conformance classes and the collections to anyone', async () => {
    const landing = await anonymous().get(base);
    expect(landing.status).toBe(200);
    expect(landing.headers['content-type']).toMatch(/^application\/json/);
    expect(landing.headers['access-control-allow-origin']).toBe('*');
    const rels = (landing.body.links as Array<{ rel: string; href: string }>).map((l) => l.rel);
    expect(rels).toEqual(expect.arrayContaining(['self', 'service-desc', 'conformance', 'data']));
    const data = landing.body.links.find((l: { rel: string }) => l.rel === 'data');
    expect(data.href).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:[0-9]+${base}/collections$`));

    // the API definition names the collections and states the limit's default and maximum
    const api = await anonymous().get(`${base}/api`);
    expect(api.status).toBe(200);
    expect(api.headers['content-type']).toMatch(/^application\/vnd\.oai\.openapi\+json;\s*version=3\.0/);
    const itemsOp = api.body.paths['/collections/{collectionId}/items'].get;
    expect(itemsOp.parameters.find((p: { name: string }) => p.name === 'collectionId').schema.enum).toEqual([
      'places.points',
      'places.areas',
    ]);
    expect(itemsOp.parameters.find((p: { name: string }) => p.name === 'limit').schema).toMatchObject({
      default: OPEN_DATA_LIMIT.default,
      maximum: OPEN_DATA_LIMIT.maximum,
    });

    const conformance = await anonymous().get(`${base}/conformance`);
    expect(conformance.body.conformsTo).toEqual([...OPEN_DATA_CONFORMANCE]);

    // the attributes with answers that have a place: the points and the areas, not the empty marks nor the comments
    const collections = await anonymous().get(`${base}/collections`);
    expect(collections.status).toBe(200);
    expect(collections.body.collections.map((c: { id: string; title: string }) => [c.id, c.title])).toEqual([
      ['places.points', 'Σημεία'],
      ['places.areas', 'Περιοχές'],
    ]);
    const one = await anonymous().get(`${base}/collections/places.points`);
    expect(one.body).toMatchObject({ id: 'places.points', itemType: 'feature' });
    expect(one.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'items', 'describedby']);
    // the extent is the published cell's centre alone (the suppressed cell is not in it)
    const [[x0, y0, x1, y1]] = one.body.extent.spatial.bbox;
    expect([x0, y0]).toEqual([x1, y1]);
    expect(x0).toBeCloseTo(centre[0], 6);
    expect(y0).toBeCloseTo(centre[1], 6);
  });

  it('answers the same to a participant and an administrator as to a visitor', async () => {
    const paths = [
      base,
      `${base}/api`,
      `${base}/conformance`,
      `${base}/collections`,
      `${base}/collections/places.points`,
      `${base}/collections/places.points/schema`,
    ];
    for (const path of [...paths, `${base}/collections/places.points/items`]) {
      const visitor = await anonymous().get(path);
      for (const who of [w.people.normal, w.people.outsider, w.people.expert, w.people.admin]) {
        const res = await as(svc, who).get(path);
        expect(res.status).toBe(200);
        expect(res.body.features?.length).toEqual(visitor.body.features?.length);
      }
    }
  });

  it('publishes each answer at the centre of its grid cell, with typed values and no person', async () => {
    const res = await anonymous().get(`${base}/collections/places.points/items`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    // any site's scripts may read the public data (no credentials)
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toMatchObject({ type: 'FeatureCollection', numberMatched: 3, numberReturned: 3 });
    expect(Date.parse(res.body.timeStamp)).not.toBeNaN();
    for (const f of res.body.features) {
      expect(f.geometry.type).toBe('Point');
      expect(f.geometry.coordinates[0]).toBeCloseTo(centre[0], 6);
      expect(f.geometry.coordinates[1]).toBeCloseTo(centre[1], 6);
      expect(f.id).toMatch(/^[0-9a-f]{32}$/);
    }
    const byNumber = [...res.body.features].sort(
      (a, b) => a.properties.rating_number - b.properties.rating_number,
    );
    expect(byNumber.map((f) => f.properties)).toEqual(
      [0, 1, 2].map((k) => ({
        topic: 'Τόποι',
        answered_on: '2026-03-02',
        drawn_as: 'point',
        rating_radio: k === 2 ? 'Κακό' : 'Καλό',
        rating_number: 1.5 + k,
        rating_date: `2026-03-0${k + 1}`,
        tags: ['Πράσινο; σκιά', 'Παγκάκια'],
      })),
    );
    // no answer token, no respondent, no free text
    const text = JSON.stringify(res.body);
    for (const secret of [...tokens, ...owners, 'I live at']) expect(text).not.toContain(secret);
    // ids in their own order, not the answers'
    const ids = res.body.features.map((f: { id: string }) => f.id);
    expect(ids).toEqual([...ids].sort());
  });

  it("describes the properties' types", async () => {
    const res = await anonymous().get(`${base}/collections/places.points/schema`);
    expect(res.status).toBe(200);
    expect(res.body.properties).toMatchObject({
      answered_on: { type: 'string', format: 'date' },
      rating_radio: { type: 'string', enum: ['Καλό', 'Κακό'], title: 'Βαθμός' },
      rating_number: { type: 'number' },
      rating_date: { type: 'string', format: 'date' },
      tags: { type: 'array', items: { type: 'string' } },
    });
    expect(res.body.properties.note).toBeUndefined();
  });

  it('publishes lines and polygons as the centre of the cell of a point on them', async () => {
    const res = await anonymous().get(`${base}/collections/places.areas/items`);
    expect(res.body.numberMatched).toBe(3);
    for (const f of res.body.features) {
      expect(f.properties.drawn_as).toBe('polygon');
      expect(f.geometry.type).toBe('Point');
      expect(f.geometry.coordinates[0]).toBeCloseTo(centre[0], 6);
    }
  });

  it('publishes the free texts only when the project allows them', async () => {
    await svc.db.query(`UPDATE consultation.project SET open_data_free_text = true WHERE token = $1`, [
      w.project,
    ]);
    try {
      const res = await anonymous().get(`${base}/collections/places.points/items`);
      const notes = res.body.features.map((f: { properties: { note: string } }) => f.properties.note).sort();
      expect(notes).toEqual(['I live at number 0', 'I live at number 1', 'I live at number 2']);
      const schema = await anonymous().get(`${base}/collections/places.points/schema`);
      expect(schema.body.properties.note).toMatchObject({ type: 'string' });
    } finally {
      await svc.db.query(`UPDATE consultation.project SET open_data_free_text = false WHERE token = $1`, [
        w.project,
      ]);
    }
  });

  it('leaves out hidden variables and hidden attributes', async () => {
    const hide = (table: string, token: string, hidden: boolean) =>
      svc.db.query(`UPDATE consultation.${table} SET is_visible = $2 WHERE token = $1`, [token, !hidden]);
    await hide('variable', tags, true);
    await hide('attribute', w.areas, true);
    try {
      const items = await anonymous().get(`${base}/collections/places.points/items`);
      expect(items.body.features.every((f: { properties: object }) => !('tags' in f.properties))).toBe(true);
      const collections = await anonymous().get(`${base}/collections`);
      expect(collections.body.collections.map((c: { id: string }) => c.id)).toEqual(['places.points']);
      expect((await anonymous().get(`${base}/collections/places.areas/items`)).status).toBe(404);
    } finally {
      await hide('variable', tags, false);
      await hide('attribute', w.areas, false);
    }
  });

  it('pages with limit and offset, with next and prev links, and cuts a larger limit to the maximum', async () => {
    const items = `${base}/collections/places.points/items`;
    const first = await anonymous().get(`${items}?limit=2`);
    expect(first.body).toMatchObject({ numberMatched: 3, numberReturned: 2 });
    const next = first.body.links.find((l: { rel: string }) => l.rel === 'next');
    expect(first.body.links.find((l: { rel: string }) => l.rel === 'prev')).toBeUndefined();
    const url = new URL(next.href);
    expect(url.pathname).toBe(items);
    expect(url.searchParams.get('offset')).toBe('2');
    const second = await anonymous().get(`${url.pathname}${url.search}`);
    expect(second.body).toMatchObject({ numberMatched: 3, numberReturned: 1 });
    expect(second.body.links.find((l: { rel: string }) => l.rel === 'next')).toBeUndefined();
    expect(second.body.links.find((l: { rel: string }) => l.rel === 'prev')).toBeDefined();
    const all = await anonymous().get(items);
    expect([...first.body.features, ...second.body.features].map((f: { id: string }) => f.id)).toEqual(
      all.body.features.map((f: { id: string }) => f.id),
    );

    const large = await anonymous().get(`${items}?limit=${OPEN_DATA_LIMIT.maximum + 1}`);
    expect(large.status).toBe(200);
    expect(large.body.numberReturned).toBe(3);
  });

  it('filters by a bounding box in CRS84 and by the days', async () => {
    const items = `${base}/collections/places.points/items`;
    const [x, y] = centre;
    const around = await anonymous().get(`${items}?bbox=${x - 0.001},${y - 0.001},${x + 0.001},${y + 0.001}`);
    expect(around.body.numberMatched).toBe(3);
    const next = await anonymous().get(
      `${items}?bbox=${x - 0.001},${y - 0.001},${x + 0.001},${y + 0.001}&limit=1`,
    );
    expect(next.body.links.find((l: { rel: string }) => l.rel === 'next').href).toContain('bbox=');
    const elsewhere = await anonymous().get(`${items}?bbox=20,35,21,36`);
    expect(elsewhere.body).toMatchObject({ numberMatched: 0, numberReturned: 0, features: [] });
    expect((await anonymous().get(`${items}?datetime=2026-03-02`)).body.numberMatched).toBe(3);
    expect((await anonymous().get(`${items}?datetime=../2026-03-01`)).body.numberMatched).toBe(0);
    expect((await anonymous().get(`${items}?datetime=2026-03-01T00:00:00Z/..`)).body.numberMatched).toBe(3);
  });

  it('answers 400 with an error code to a bad bbox, limit, offset, datetime or an unknown parameter', async () => {
    const items = `${base}/collections/places.points/items`;
    for (const query of [
      'bbox=1,2,3',
      'bbox=23,38,24,37',
      'bbox=a,b,c,d',
      'bbox=0,0,200,10',
      'limit=0',
      'limit=ten',
      'limit=1&limit=2',
      'offset=-1',
      'datetime=yesterday',
      'datetime=2026-03-05/2026-03-01',
      'f=html',
      'sortby=id',
    ]) {
      const res = await anonymous().get(`${items}?${query}`);
      expect({ query, status: res.status, code: res.body.code }).toEqual({
        query,
        status: 400,
        code: 'CONSULTATION.OPEN_DATA_QUERY',
      });
      expect(typeof res.body.Error).toBe('string');
    }
    expect((await anonymous().get(`${base}/collections?limit=1`)).status).toBe(400);
  });

  it('serves one feature by its id; 404 for an unknown feature or collection', async () => {
    const all = await anonymous().get(`${base}/collections/places.points/items`);
    const [feature] = all.body.features;
    const one = await anonymous().get(`${base}/collections/places.points/items/${feature.id}`);
    expect(one.status).toBe(200);
    expect(one.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(one.body).toMatchObject({ type: 'Feature', id: feature.id, properties: feature.properties });

    for (const [path, code] of [
      [`${base}/collections/places.points/items/${'0'.repeat(32)}`, 'CONSULTATION.FEATURE_NOT_FOUND'],
      [`${base}/collections/places.points/items/${tokens[0]}`, 'CONSULTATION.FEATURE_NOT_FOUND'],
      [`${base}/collections/places.marks/items`, 'CONSULTATION.COLLECTION_NOT_FOUND'],
      [`${base}/collections/opinions.comments`, 'CONSULTATION.COLLECTION_NOT_FOUND'],
      [`${base}/collections/nothing`, 'CONSULTATION.COLLECTION_NOT_FOUND'],
    ]) {
      const res = await anonymous().get(path!);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code });
    }
  });

  it('serves nothing of a project whose results are not public, to anyone', async () => {
    const paths = [
      base,
      `${base}/conformance`,
      `${base}/collections`,
      `${base}/collections/places.points/items`,
    ];
    try {
      for (const state of [
        [false, null],
        [true, '2999-01-01'],
      ] as const) {
        await publish(state[0], state[1]);
        for (const path of paths)
          for (const who of [null, w.people.normal, w.people.admin]) {
            const res = await as(svc, who).get(path);
            expect({ path, status: res.status, code: res.body.code }).toEqual({
              path,
              status: 404,
              code: 'CONSULTATION.PROJECT_NOT_FOUND',
            });
          }
      }
    } finally {
      await publish(true);
    }
    expect((await anonymous().get(`/opendata/project/${randomUUID()}`)).status).toBe(404);
    expect((await anonymous().get('/opendata/project/not-a-token')).status).toBe(400);
  });

  it("keeps a project's open-data settings, range-checked", async () => {
    const admin = as(svc, w.people.admin);
    const read = await admin.get(`/project/token/${w.project}`);
    expect(read.body).toMatchObject({ open_data_free_text: false, open_data_grid_m: 50 });
    const bad = await admin.put(`/project/token/${w.project}`, { open_data_grid_m: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'CONSULTATION.INVALID_FIELD', field: 'open_data_grid_m' });
    const changed = await admin.put(`/project/token/${w.project}`, {
      open_data_grid_m: 100,
      open_data_free_text: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ open_data_free_text: true, open_data_grid_m: 100 });
    try {
      // a coarser grid: still one centre for the three respondents, on the 100 m grid
      const res = await anonymous().get(`${base}/collections/places.points/items`);
      const [i, j] = [Math.floor(cell.i / 2), Math.floor(cell.j / 2)];
      const [x, y] = await inCell(i * 2, j * 2, GRID, GRID);
      for (const f of res.body.features) {
        expect(f.geometry.coordinates[0]).toBeCloseTo(x, 6);
        expect(f.geometry.coordinates[1]).toBeCloseTo(y, 6);
      }
      expect(res.body.features.every((f: { properties: object }) => 'note' in f.properties)).toBe(true);
    } finally {
      await admin.put(`/project/token/${w.project}`, { open_data_grid_m: 50, open_data_free_text: false });
    }
  });
});
