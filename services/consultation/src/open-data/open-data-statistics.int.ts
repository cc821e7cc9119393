import { randomUUID } from 'node:crypto';
import { bootTestService, type TestService } from '@agora/common/testing';
import type { EnsembleAnswer, OpenDataStatisticsAnswer } from '@agora/contracts/api';
import { createConsultationService } from '../index.js';
import { addVariable, as, BOUNDARY, buildWorld, type World } from '../../test/answer-test-helpers.js';

// The statistics of the public results page (decision 0087) against the real database: the experts' numbers with
// the same small cells hidden, to anyone, without the profile questions or free texts, and nothing of a project
// whose results are not public.

const MIN_CELL = 3;

let svc: TestService;
let w: World;
let rating: string;
let note: string;
const url = () => `/opendata/project/${w.project}/statistics/places.points`;

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
  ]);
  note = await variable('note', [{ kind: 'text', options: {} }]);
  // four respondents: three say 'a' (shown), one 'b' (a cell of one: hidden)
  for (let k = 0; k < 4; k++) {
    const [{ token }] = await svc.db.query<{ token: string }>(
      `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
       VALUES ($1, $2, $3, $4, public.ST_SetSRID(public.ST_MakePoint(23.7, 37.9), 4326)) RETURNING token`,
      [w.project, w.places, w.points, randomUUID()],
    );
    for (const [variable, kind, text, number] of [
      [rating, 'radio', k === 3 ? 'b' : 'a', null],
      [rating, 'number', null, 2 + k],
      [note, 'text', `I live at number ${k}`, null],
    ] as const)
      await svc.db.query(
        `INSERT INTO consultation.answer_value (answer, variable, kind, text_value, number_value)
         VALUES ($1, $2, $3, $4, $5)`,
        [token, variable, kind, text, number],
      );
  }
  // three answers without a place to the comments: statistics, but no collection
  for (const choice of ['yes', 'yes', 'no']) {
    const [{ token }] = await svc.db.query<{ token: string }>(
      `INSERT INTO consultation.answer (project, node, attribute, owner) VALUES ($1, $2, $3, $4) RETURNING token`,
      [w.project, w.opinions, w.comments, randomUUID()],
    );
    await svc.db.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, text_value) VALUES ($1, $2, 'radio', $3)`,
      [token, w.survey, choice],
    );
  }
  await publish(true);
});
afterAll(() => svc?.close());

describe('the statistics of the public results page', () => {
  it("gives a visitor the experts' numbers with the same cells hidden, without free texts", async () => {
    const res = await as(svc, null).get(url());
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const body = res.body as OpenDataStatisticsAnswer;
    expect(body).toMatchObject({ id: 'places.points', title: 'Σημεία', respondents: 4, min_cell: MIN_CELL });
    expect(body).not.toHaveProperty('profile');

    const expert = await as(svc, w.people.expert).get(`/data/scope/ensemble/attribute/${w.points}`);
    expect(expert.status).toBe(200);
    const experts = expert.body as EnsembleAnswer;
    const expertRating = experts.variables.find((v) => v.variable === rating)!;
    const publicRating = body.variables.find((v) => v.variable === rating)!;
    expect(publicRating).toEqual(expertRating);
    expect(body).toMatchObject({
      count: experts.count,
      respondents: experts.respondents,
      weighted_respondents: experts.weighted_respondents,
      geometry: experts.geometry,
      suppressed: true,
    });
    const radio = publicRating.kinds.find((k) => k.variable_type === 'radio')!;
    expect(radio.dist.map((d) => [d.value, d.count, d.suppressed])).toEqual([
      ['Καλό', 3, false],
      ['Κακό', null, true],
    ]);
    expect(publicRating.kinds.find((k) => k.variable_type === 'number')).toMatchObject({
      min: '2',
      max: '5',
      median: 3.5,
    });
    // the free text is the experts' but not the public's
    expect(experts.variables.some((v) => v.variable === note)).toBe(true);
    expect(body.variables.some((v) => v.variable === note)).toBe(false);
    expect(JSON.stringify(body)).not.toContain('I live at');
  });

  it('lists the attributes with answers, with a place or without, and gives the statistics of one without', async () => {
    const list = await as(svc, null).get(`/opendata/project/${w.project}/statistics`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      attributes: [
        { id: 'places.points', title: 'Σημεία', topic: 'Τόποι' },
        { id: 'opinions.comments', title: 'Σχόλια', topic: 'Γνώμες' },
      ],
    });
    const res = await as(svc, null).get(`/opendata/project/${w.project}/statistics/opinions.comments`);
    expect(res.status).toBe(200);
    const body = res.body as OpenDataStatisticsAnswer;
    expect(body).toMatchObject({ respondents: 3, geometry: { type: null } });
    const expert = await as(svc, w.people.expert).get(`/data/scope/ensemble/attribute/${w.comments}`);
    const radio = (a: Pick<EnsembleAnswer, 'variables'>) =>
      a.variables[0]!.kinds.find((k) => k.variable_type === 'radio');
    expect(radio(body)).toEqual(radio(expert.body as EnsembleAnswer));
    // the survey's published kinds only: no documents, photos, addresses, free texts
    expect(body.variables[0]!.kinds.map((k) => k.variable_type)).toEqual([
      'radio',
      'checkbox',
      'date',
      'number',
      'library',
    ]);
    // no place: no collection
    const collection = await as(svc, null).get(
      `/opendata/project/${w.project}/collections/opinions.comments`,
    );
    expect(collection.status).toBe(404);
  });

  it("gives the project's first view and its topics' boundaries for the map", async () => {
    const res = await as(svc, null).get(`/opendata/project/${w.project}/area`);
    expect(res.status).toBe(200);
    const [view] = await svc.db.query<{ zoom: number }>(
      `SELECT zoom FROM consultation.project WHERE token = $1`,
      [w.project],
    );
    // the boundary as drawn, to six decimals
    const six = (ring: number[][]) => ring.map((p) => p.map((n) => Math.round(n * 1e6) / 1e6));
    expect(res.body).toMatchObject({
      zoom: view!.zoom,
      topics: [
        {
          title: 'Τόποι',
          boundary: { type: 'Polygon', coordinates: BOUNDARY.coordinates.map(six) },
        },
      ],
    });
  });

  it('gives the free texts too when the project publishes them', async () => {
    await svc.db.query(`UPDATE consultation.project SET open_data_free_text = true WHERE token = $1`, [
      w.project,
    ]);
    try {
      const res = await as(svc, null).get(url());
      expect(res.status).toBe(200);
      const text = (res.body as OpenDataStatisticsAnswer).variables.find((v) => v.variable === note);
      // each text was given by one respondent: a cell too small to show
      expect(text?.kinds.map((k) => [k.variable_type, k.count, k.dist])).toEqual([['text', 4, []]]);
    } finally {
      await svc.db.query(`UPDATE consultation.project SET open_data_free_text = false WHERE token = $1`, [
        w.project,
      ]);
    }
  });

  it('is 404 for everyone, administrators included, until the results are public', async () => {
    for (const [isPublic, day] of [
      [false, null],
      [true, '2999-01-01'],
    ] as const) {
      await publish(isPublic, day);
      for (const who of [null, w.people.normal, w.people.expert, w.people.admin]) {
        const res = await as(svc, who).get(url());
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('CONSULTATION.PROJECT_NOT_FOUND');
      }
    }
    await publish(true);
  });

  it('is 404 for an unknown collection and 400 for an unknown parameter', async () => {
    const unknown = await as(svc, null).get(`/opendata/project/${w.project}/statistics/places.nothing`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CONSULTATION.COLLECTION_NOT_FOUND');
    const bad = await as(svc, null).get(`${url()}?limit=3`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('CONSULTATION.OPEN_DATA_QUERY');
  });
});
