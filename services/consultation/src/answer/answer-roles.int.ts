import { bootTestService, type TestService } from '@agora/common/testing';
import { makePdf } from '@agora/common/uploads/fixtures';
import type { SessionUser } from '@agora/contracts';
import { createConsultationService } from '../index.js';
import {
  as,
  buildWorld,
  ITEMS,
  personOf,
  point,
  type Person,
  type World,
} from '../../test/answer-test-helpers.js';

let svc: TestService;
let w: World;
/** An enrolled participant's answers: on the map, and without geometry with values and a document. */
let owner: SessionUser;
let onMap: string;
let plain: string;
let file: string;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  w = await buildWorld(svc);
  owner = personOf('normal', w.category);
  const me = as(svc, owner);
  onMap = (await me.post('/data/scope/attribute', { attribute: w.points, geometry: point(23.7, 37.9) })).body
    .token;
  plain = (await me.post('/data/scope/attribute', { attribute: w.comments })).body.token;
  const values = await me
    .req('post', '/data/scope/variable')
    .field('choice', plain)
    .field('variable', w.survey)
    .field('values[0][variable_type]', 'radio')
    .field('values[0][value]', 'yes')
    .field('values[1][variable_type]', 'number')
    .field('values[1][value]', '12')
    .field('values[2][variable_type]', 'library')
    .field('values[2][value]', ITEMS[0]!)
    .field('values[3][variable_type]', 'document')
    .attach('resource_3', makePdf(), 'plan.pdf');
  expect(values.status).toBe(201);
  file = values.body.values.find((v: { variable_type: string }) => v.variable_type === 'document').file.id;
});
afterAll(() => svc?.close());

const PEOPLE: Person[] = ['anonymous', 'outsider', 'normal', 'expert', 'admin'];
const who = (p: Person): SessionUser | null =>
  p === 'anonymous' ? null : w.people[p === 'normal' ? 'other' : p];

type Route = [string, (p: Person) => Promise<{ status: number }>, number[]];

/** Statuses in the order of PEOPLE: anonymous, participant not enrolled, enrolled normal (not the owner), expert, admin. */
const routes = (): Route[] => [
  [
    'POST data/scope/attribute',
    (p) =>
      as(svc, who(p)).post('/data/scope/attribute', { attribute: w.points, geometry: point(23.7, 37.9) }),
    [401, 403, 201, 201, 403],
  ],
  [
    'PUT data/scope/attribute/choice/{choice}',
    (p) => as(svc, who(p)).put(`/data/scope/attribute/choice/${onMap}`, { geometry: point(23.701, 37.9) }),
    [401, 403, 403, 403, 403],
  ],
  [
    'DELETE data/scope/attribute/choice/{choice}',
    (p) => as(svc, who(p)).delete(`/data/scope/attribute/choice/${onMap}`),
    [401, 403, 403, 403, 403],
  ],
  [
    'GET choice/token/{token}',
    (p) => as(svc, who(p)).get(`/choice/token/${onMap}`),
    [401, 403, 403, 200, 200],
  ],
  [
    'GET data/scope/answers/choice/{choice}',
    (p) => as(svc, who(p)).get(`/data/scope/answers/choice/${plain}`),
    [401, 403, 403, 200, 200],
  ],
  [
    'POST data/scope/variable',
    (p) =>
      as(svc, who(p)).post('/data/scope/variable', {
        choice: plain,
        variable: w.survey,
        values: [{ variable_type: 'radio', value: 'no' }],
      }),
    [401, 403, 403, 403, 403],
  ],
  [
    'PUT data/scope/variable/choice/{choice}/variable/{variable}',
    (p) =>
      as(svc, who(p)).put(`/data/scope/variable/choice/${plain}/variable/${w.survey}`, {
        values: [{ variable_type: 'radio', value: 'no' }],
      }),
    [401, 403, 403, 403, 403],
  ],
  [
    'POST data/scope/variable/choice/{choice}/variable/{variable} (_method=PUT)',
    (p) =>
      as(svc, who(p))
        .req('post', `/data/scope/variable/choice/${plain}/variable/${w.survey}`)
        .field('_method', 'PUT')
        .field('values[0][variable_type]', 'radio')
        .field('values[0][value]', 'no'),
    [401, 403, 403, 403, 403],
  ],
  [
    'GET social/choice/{token}',
    (p) => as(svc, who(p)).get(`/social/choice/${onMap}`),
    [401, 403, 403, 200, 200],
  ],
  [
    'POST social/scope/choice',
    (p) => as(svc, who(p)).post('/social/scope/choice', { token: onMap, reaction: 'dislike' }),
    [401, 403, 403, 200, 200],
  ],
  [
    'GET data/scope/file/{id}',
    (p) => as(svc, who(p)).get(`/data/scope/file/${file}`),
    [401, 403, 403, 200, 200],
  ],
  [
    'GET data/scope/geojson/project/{project}',
    (p) => as(svc, who(p)).get(`/data/scope/geojson/project/${w.project}`),
    [401, 403, 200, 200, 200],
  ],
  [
    'GET data/scope/geojson/project/{project}?layer=all',
    (p) => as(svc, who(p)).get(`/data/scope/geojson/project/${w.project}?layer=all`),
    [401, 403, 403, 200, 200],
  ],
  [
    'GET data/scope/choices/project/{project}',
    (p) => as(svc, who(p)).get(`/data/scope/choices/project/${w.project}`),
    [401, 403, 200, 200, 200],
  ],
  [
    'GET variable/attribute/{attribute}/case/map',
    (p) => as(svc, who(p)).get(`/variable/attribute/${w.comments}/case/map`),
    [401, 403, 200, 200, 200],
  ],
  [
    'GET data/scope/ensemble/attribute/{attribute}',
    (p) => as(svc, who(p)).get(`/data/scope/ensemble/attribute/${w.comments}`),
    [401, 403, 403, 200, 200],
  ],
  [
    'GET data/scope/ensemble/attribute/{attribute}/variable/{variable}',
    (p) => as(svc, who(p)).get(`/data/scope/ensemble/attribute/${w.comments}/variable/${w.survey}`),
    [401, 403, 403, 200, 200],
  ],
  [
    'GET data/scope/list/page/1/attribute/{attribute}/variable/{variable}',
    (p) => as(svc, who(p)).get(`/data/scope/list/page/1/attribute/${w.comments}/variable/${w.survey}`),
    [401, 403, 403, 200, 200],
  ],
];

describe('who may call each answer route (project open, not public)', () => {
  it('answers each person as the role table says', async () => {
    for (const [route, call, expected] of routes()) {
      const got: number[] = [];
      for (const p of PEOPLE) got.push((await call(p)).status);
      expect({ route, got }).toEqual({ route, got: expected });
    }
    // the owner's writes were untouched by all of them
    expect((await as(svc, owner).get(`/choice/token/${onMap}`)).body.geometry).toEqual(point(23.7, 37.9));
  });

  it('once the project is public, enrolled normal users read everyone’s answers, statistics and files', async () => {
    await svc.db.query(`UPDATE consultation.project SET is_public = true WHERE token = $1`, [w.project]);
    try {
      const other = as(svc, w.people.other);
      for (const path of [
        `/choice/token/${onMap}`,
        `/data/scope/answers/choice/${plain}`,
        `/data/scope/file/${file}`,
        `/data/scope/geojson/project/${w.project}?layer=all`,
        `/data/scope/geojson/project/${w.project}?layer=top`,
        `/data/scope/ensemble/attribute/${w.comments}`,
        `/data/scope/list/page/1/attribute/${w.comments}/variable/${w.survey}`,
      ])
        expect({ path, status: (await other.get(path)).status }).toEqual({ path, status: 200 });
      expect((await as(svc, w.people.outsider).get(`/choice/token/${onMap}`)).status).toBe(403);
    } finally {
      await svc.db.query(`UPDATE consultation.project SET is_public = false WHERE token = $1`, [w.project]);
    }
  });
});

describe('statistics and value lists', () => {
  it('sums up an attribute: answers, respondents, label shares and number statistics', async () => {
    // the admin sees every cell; an expert would see this one respondent's cells hidden (analytics.int.ts)
    const res = await as(svc, w.people.admin).get(`/data/scope/ensemble/attribute/${w.comments}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, respondents: 1, weighted_respondents: 1, suppressed: false });
    const [survey] = res.body.variables;
    expect(survey).toMatchObject({ variable: w.survey, mname: 'survey', label: 'Συμφωνείτε;' });
    const kind = (k: string) => survey.kinds.find((x: { variable_type: string }) => x.variable_type === k);
    const cell = (count: number) => ({
      count,
      weighted: count,
      percent: count * 100,
      weighted_percent: count * 100,
      suppressed: false,
    });
    expect(kind('radio')).toEqual({
      variable_type: 'radio',
      count: 1,
      weighted_count: 1,
      type: 'percentage',
      dist: [
        { value: 'Ναι', choice: 'yes', ...cell(1) },
        { value: 'Όχι', choice: 'no', ...cell(0) },
      ],
    });
    expect(kind('number')).toMatchObject({
      type: 'number',
      count: 1,
      min: '12',
      max: '12',
      mean: 12,
      median: 12,
    });
    expect(kind('library').dist).toEqual([
      { value: ITEMS[0], ...cell(1) },
      { value: ITEMS[1], ...cell(0) },
    ]);
    expect(kind('document')).toMatchObject({ type: 'text', count: 1, dist: [] });
    expect(kind('date')).toMatchObject({ type: 'date', count: 0, dist: [], per_day: [] });
    const expert = await as(svc, w.people.expert).get(`/data/scope/ensemble/attribute/${w.comments}`);
    expect(expert.body).toMatchObject({ count: null, respondents: null, suppressed: true });
  });

  it('lists the values of a variable a page at a time, and refuses a variable of another attribute', async () => {
    const res = await as(svc, w.people.admin).get(
      `/data/scope/list/page/1/attribute/${w.comments}/variable/${w.survey}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, total_pages: 1, total: 4 });
    // a choice's id, and its label joined
    expect(res.body.values.map((v: { value: string }) => v.value).sort()).toEqual(
      ['12', 'yes', ITEMS[0], 'plan.pdf'].sort(),
    );
    expect(res.body.values.map((v: { label: string | null }) => v.label).sort()).toEqual(
      ['Ναι', null, null, null].sort(),
    );
    expect(res.body.values[0]).toEqual({
      choice: plain,
      variable_type: expect.any(String),
      value: expect.any(String),
      label: res.body.values[0].variable_type === 'radio' ? 'Ναι' : null,
      created: expect.any(String),
    });
    const elsewhere = await as(svc, w.people.admin).get(
      `/data/scope/list/page/1/attribute/${w.points}/variable/${w.survey}`,
    );
    expect(elsewhere.status).toBe(404);
    const badPage = await as(svc, w.people.admin).get(
      `/data/scope/list/page/0/attribute/${w.comments}/variable/${w.survey}`,
    );
    expect(badPage.status).toBe(400);
  });

  it('gives the answer form the visible variables of an attribute', async () => {
    await as(svc, w.people.admin).post('/variable', {
      attribute: w.comments,
      mname: 'hidden',
      is_visible: false,
      variable_type: [{ kind: 'text', options: {} }],
    });
    const res = await as(svc, w.people.normal).get(`/variable/attribute/${w.comments}/case/map`);
    expect(res.status).toBe(200);
    expect(res.body.map((v: { mname: string }) => v.mname)).toEqual(['survey']);
  });
});
