import { randomUUID } from 'node:crypto';
import { bootTestService, type TestService } from '@agora/common/testing';
import type { SessionUser } from '@agora/contracts';
import { createConsultationService } from '../index.js';
import {
  as,
  buildWorld,
  line,
  personOf,
  point,
  polygon,
  rows,
  type World,
} from '../../test/answer-test-helpers.js';

let svc: TestService;
let w: World;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  w = await buildWorld(svc);
});
afterAll(() => svc?.close());

/** A fresh enrolled participant (own counts of max_geom). */
const participant = (): SessionUser => personOf('normal', w.category);

const answer = (who: SessionUser, attribute: string, geometry?: object | null) =>
  as(svc, who).post(
    '/data/scope/attribute',
    geometry === undefined ? { attribute } : { attribute, geometry },
  );

const setProject = (columns: string) =>
  svc.db.query(`UPDATE consultation.project SET ${columns} WHERE token = $1`, [w.project]);

describe('answers on the map', () => {
  it('stores a point inside the boundary and answers the choice', async () => {
    const res = await answer(w.people.normal, w.points, point(23.7, 37.9));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      project: w.project,
      node: w.places,
      attribute: w.points,
      geometry: { type: 'Point', coordinates: [23.7, 37.9] },
      predefined: null,
      isOwner: true,
      created: expect.any(String),
      updated: expect.any(String),
    });
    const [stored] = await svc.db.query<{ srid: number; owner: string }>(
      `SELECT public.ST_SRID(geom) AS srid, owner FROM consultation.answer WHERE token = $1`,
      [res.body.token],
    );
    expect(stored).toEqual({ srid: 4326, owner: w.people.normal.uuid });
  });

  it('drops the height of a drawn position: a point with one is stored and answered in 2D', async () => {
    const who = participant();
    const res = await answer(who, w.points, { type: 'Point', coordinates: [23.70123456, 37.90123456, 250] });
    expect(res.status).toBe(201);
    expect(res.body.geometry).toEqual({ type: 'Point', coordinates: [23.70123456, 37.90123456] });
    const [stored] = await svc.db.query<{ dims: number }>(
      `SELECT public.ST_NDims(geom) AS dims FROM consultation.answer WHERE token = $1`,
      [res.body.token],
    );
    expect(stored).toEqual({ dims: 2 });
    const moved = await as(svc, who).put(`/data/scope/attribute/choice/${res.body.token}`, {
      geometry: { type: 'Point', coordinates: [23.705, 37.905, 3] },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.geometry).toEqual({ type: 'Point', coordinates: [23.705, 37.905] });
  });

  it('takes the same fields as a multipart form (geometry as JSON text)', async () => {
    const who = participant();
    const res = await as(svc, who)
      .req('post', '/data/scope/attribute')
      .field('attribute', w.points)
      .field('node', w.places)
      .field('geometry', JSON.stringify(point(23.7, 37.9)));
    expect(res.status).toBe(201);
    expect(res.body.geometry).toEqual(point(23.7, 37.9));
    const wrongTopic = await as(svc, who)
      .req('post', '/data/scope/attribute')
      .field('attribute', w.points)
      .field('node', w.opinions);
    expect(wrongTopic.status).toBe(400);
    expect(wrongTopic.body.field).toBe('node');
  });

  it('refuses a point outside the boundary (422) and a polygon that does not touch it', async () => {
    const who = participant();
    const outside = await answer(who, w.points, point(23.75, 37.9));
    expect(outside.status).toBe(422);
    expect(outside.body.code).toBe('CONSULTATION.OUT_OF_BOUNDARIES');
    const far = await answer(who, w.areas, polygon(23.8, 37.9, 0.005));
    expect(far.status).toBe(422);
    // a polygon crossing the boundary intersects it: accepted
    const crossing = await answer(who, w.areas, polygon(23.71, 37.9, 0.005));
    expect(crossing.status).toBe(201);
    expect(await rows(svc, 'answer', 'owner = $1', [who.uuid])).toBe(1);
  });

  it('refuses a geometry of the wrong type, a missing one, and one where none is taken', async () => {
    const who = participant();
    const wrong = await answer(who, w.points, line([23.7, 37.9], [23.701, 37.901]));
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('CONSULTATION.GEOMETRY_TYPE');
    // an attribute without a type of its own takes its topic's (points)
    const topics = await answer(who, w.marks, polygon(23.7, 37.9, 0.001));
    expect(topics.body.code).toBe('CONSULTATION.GEOMETRY_TYPE');
    expect((await answer(who, w.marks, point(23.7, 37.9))).status).toBe(201);
    const missing = await answer(who, w.points);
    expect(missing.body.code).toBe('CONSULTATION.GEOMETRY_TYPE');
    const none = await answer(who, w.comments, point(23.7, 37.9));
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('CONSULTATION.GEOMETRY_TYPE');
  });

  it('refuses malformed geometry with 400, never 500', async () => {
    const who = participant();
    for (const geometry of [
      { type: 'Point', coordinates: 'x' },
      { type: 'Point', coordinates: [23.7] },
      { type: 'Point', coordinates: [200, 37.9] },
      { type: 'GeometryCollection', geometries: [] },
      { predefined: 'a' },
      'POINT(23 37)',
    ]) {
      const res = await answer(who, w.points, geometry as object);
      expect({ geometry, status: res.status }).toEqual({ geometry, status: 400 });
    }
    const selfCrossing = await answer(who, w.areas, {
      type: 'Polygon',
      coordinates: [
        [
          [23.699, 37.899],
          [23.701, 37.901],
          [23.701, 37.899],
          [23.699, 37.901],
          [23.699, 37.899],
        ],
      ],
    });
    expect(selfCrossing.status).toBe(400);
    expect(selfCrossing.body.code).toBe('CONSULTATION.GEOMETRY');
    for (const body of [{}, { attribute: 'x' }, { attribute: w.points, extra: 1 }, []]) {
      const res = await as(svc, who).post('/data/scope/attribute', body);
      expect(res.status).toBe(400);
    }
    expect((await answer(who, randomUUID(), point(23.7, 37.9))).status).toBe(404);
    expect(await rows(svc, 'answer', 'owner = $1', [who.uuid])).toBe(0);
  });

  it('limits answers per attribute (max_geom 2) and per topic (max_geom 3)', async () => {
    const who = participant();
    expect((await answer(who, w.points, point(23.7, 37.9))).status).toBe(201);
    expect((await answer(who, w.points, point(23.701, 37.9))).status).toBe(201);
    const third = await answer(who, w.points, point(23.702, 37.9));
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('CONSULTATION.MAX_GEOM');
    // the topic takes 3 in all: one more in another attribute, then none
    expect((await answer(who, w.areas, polygon(23.7, 37.9, 0.001))).status).toBe(201);
    const fourth = await answer(who, w.marks, point(23.7, 37.9));
    expect(fourth.status).toBe(409);
    expect(fourth.body.code).toBe('CONSULTATION.MAX_GEOM');
    expect(await rows(svc, 'answer', 'owner = $1', [who.uuid])).toBe(3);
  });

  it('keeps max_geom under 20 parallel posts of one user', async () => {
    const who = participant();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => answer(who, w.points, point(23.7 + i * 0.0001, 37.9))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(18);
    expect(await rows(svc, 'answer', 'owner = $1 AND attribute = $2', [who.uuid, w.points])).toBe(2);
  });

  it('keeps one answer per user for an attribute without geometry, also under parallel posts', async () => {
    const who = participant();
    const results = await Promise.all(Array.from({ length: 10 }, () => answer(who, w.comments)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(
      Array(9).fill('CONSULTATION.EXISTS'),
    );
    expect(await rows(svc, 'answer', 'owner = $1', [who.uuid])).toBe(1);
  });

  it('copies a predefined feature of the attribute, and refuses one of another attribute', async () => {
    const who = participant();
    const res = await answer(who, w.points, { predefined: w.predefined[1] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      predefined: w.predefined[1],
      geometry: { type: 'Point', coordinates: [23.702, 37.902] },
    });
    const unknown = await answer(who, w.points, { predefined: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'CONSULTATION.INVALID_FIELD', field: 'geometry.predefined' });
    const elsewhere = await answer(who, w.areas, { predefined: w.predefined[0] });
    expect(elsewhere.status).toBe(400);
  });

  it('refuses answers outside the project dates, of an inactive project, and of the not enrolled', async () => {
    const who = participant();
    await setProject(`end_date = '2001-01-01'`);
    const closed = await answer(who, w.points, point(23.7, 37.9));
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('CONSULTATION.ANSWERING_CLOSED');
    await setProject(`end_date = '2999-12-31', start_date = '2999-01-01'`);
    expect((await answer(who, w.points, point(23.7, 37.9))).body.code).toBe('CONSULTATION.ANSWERING_CLOSED');
    await setProject(`start_date = '2000-01-01', active = false`);
    expect((await answer(who, w.points, point(23.7, 37.9))).body.code).toBe('CONSULTATION.ANSWERING_CLOSED');
    await setProject(`active = true`);

    const outsider = await answer(w.people.outsider, w.points, point(23.7, 37.9));
    expect(outsider.status).toBe(403);
    expect(outsider.body.code).toBe('CONSULTATION.NOT_ENROLLED');
    // staff read the participant side; they do not answer unless enrolled themselves
    const admin = await answer(w.people.admin, w.points, point(23.7, 37.9));
    expect(admin.body.code).toBe('CONSULTATION.NOT_ENROLLED');
    expect((await answer(personOf('expert', randomUUID()), w.points, point(23.7, 37.9))).status).toBe(403);
    const anonymous = await as(svc, null).post('/data/scope/attribute', { attribute: w.points });
    expect(anonymous.status).toBe(401);
    expect(await rows(svc, 'answer', 'owner = $1', [who.uuid])).toBe(0);
  });
});

describe('changing and deleting an answer', () => {
  it('moves a point of an allow_drag attribute, and refuses a move outside the boundary', async () => {
    const who = participant();
    const made = (await answer(who, w.points, point(23.7, 37.9))).body;
    const moved = await as(svc, who).put(`/data/scope/attribute/choice/${made.token}`, {
      geometry: point(23.705, 37.905),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.geometry).toEqual(point(23.705, 37.905));
    const out = await as(svc, who).put(`/data/scope/attribute/choice/${made.token}`, {
      geometry: point(23.8, 37.9),
    });
    expect(out.status).toBe(422);
    expect((await as(svc, who).get(`/choice/token/${made.token}`)).body.geometry).toEqual(
      point(23.705, 37.905),
    );
  });

  it('reshapes a polygon only where allow_resize is set; a translation-only attribute refuses a reshape', async () => {
    const who = participant();
    const area = (await answer(who, w.areas, polygon(23.7, 37.9, 0.001))).body;
    const bigger = await as(svc, who).put(`/data/scope/attribute/choice/${area.token}`, {
      geometry: polygon(23.7, 37.9, 0.002),
    });
    expect(bigger.status).toBe(200);
    await svc.db.query(
      `UPDATE consultation.attribute SET allow_resize = false, allow_drag = true WHERE token = $1`,
      [w.areas],
    );
    try {
      const reshaped = await as(svc, who).put(`/data/scope/attribute/choice/${area.token}`, {
        geometry: polygon(23.7, 37.9, 0.003),
      });
      expect(reshaped.status).toBe(400);
      expect(reshaped.body).toMatchObject({ code: 'CONSULTATION.INVALID_FIELD', field: 'geometry' });
      const shifted = await as(svc, who).put(`/data/scope/attribute/choice/${area.token}`, {
        geometry: polygon(23.701, 37.901, 0.002),
      });
      expect(shifted.status).toBe(200);
      await svc.db.query(`UPDATE consultation.attribute SET allow_drag = false WHERE token = $1`, [w.areas]);
      const frozen = await as(svc, who).put(`/data/scope/attribute/choice/${area.token}`, {
        geometry: polygon(23.7, 37.9, 0.002),
      });
      expect(frozen.status).toBe(400);
    } finally {
      await svc.db.query(
        `UPDATE consultation.attribute SET allow_resize = true, allow_drag = false WHERE token = $1`,
        [w.areas],
      );
    }
  });

  it("refuses another user's PUT and DELETE (403 NOT_OWNER), and a delete once the project is closed", async () => {
    const who = participant();
    const made = (await answer(who, w.points, point(23.7, 37.9))).body;
    const put = await as(svc, w.people.other).put(`/data/scope/attribute/choice/${made.token}`, {
      geometry: point(23.701, 37.9),
    });
    expect(put.status).toBe(403);
    expect(put.body.code).toBe('CONSULTATION.NOT_OWNER');
    const del = await as(svc, w.people.other).delete(`/data/scope/attribute/choice/${made.token}`);
    expect(del.body.code).toBe('CONSULTATION.NOT_OWNER');
    expect((await as(svc, w.people.admin).delete(`/data/scope/attribute/choice/${made.token}`)).status).toBe(
      403,
    );

    await setProject(`active = false`);
    const closed = await as(svc, who).delete(`/data/scope/attribute/choice/${made.token}`);
    await setProject(`active = true`);
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('CONSULTATION.ANSWERING_CLOSED');

    const mine = await as(svc, who).delete(`/data/scope/attribute/choice/${made.token}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ message: 'data deleted' });
    expect(await rows(svc, 'answer', 'token = $1', [made.token])).toBe(0);
    expect((await as(svc, who).delete(`/data/scope/attribute/choice/${made.token}`)).status).toBe(404);
    expect((await as(svc, who).delete('/data/scope/attribute/choice/not-a-token')).status).toBe(400);
  });
});

describe('reading answers', () => {
  let mine: { token: string };

  beforeAll(async () => {
    const who = w.people.normal;
    mine = (await answer(who, w.marks, point(23.7, 37.9))).body;
  });

  it("shows an answer to its owner, experts and staff; others' only once the project is public", async () => {
    const path = `/choice/token/${mine.token}`;
    expect((await as(svc, w.people.normal).get(path)).body).toMatchObject({
      token: mine.token,
      isOwner: true,
    });
    expect((await as(svc, w.people.expert).get(path)).body).toMatchObject({ isOwner: false });
    expect((await as(svc, w.people.admin).get(path)).status).toBe(200);
    const before = await as(svc, w.people.other).get(path);
    expect(before.status).toBe(403);
    expect(before.body.code).toBe('CONSULTATION.NOT_PUBLIC');
    expect((await as(svc, w.people.outsider).get(path)).body.code).toBe('CONSULTATION.NOT_ENROLLED');
    await setProject(`is_public = true`);
    try {
      expect((await as(svc, w.people.other).get(path)).status).toBe(200);
    } finally {
      await setProject(`is_public = false`);
    }
  });

  it('gives a normal user their layer, everyone’s only once public; experts and staff everyone’s', async () => {
    const url = `/data/scope/geojson/project/${w.project}`;
    const own = await as(svc, w.people.normal).get(url);
    expect(own.status).toBe(200);
    expect(own.body.type).toBe('FeatureCollection');
    expect(own.body.features.length).toBeGreaterThan(0);
    expect(own.body.features.every((f: { properties: { isOwner: boolean } }) => f.properties.isOwner)).toBe(
      true,
    );
    expect(own.body.features[0]).toEqual({
      type: 'Feature',
      id: expect.any(String),
      geometry: expect.any(Object),
      properties: {
        token: expect.any(String),
        attribute: expect.any(String),
        node: w.places,
        isOwner: true,
        likes: 0,
        dislikes: 0,
        reaction: null,
        created: expect.any(String),
      },
    });
    const all = await as(svc, w.people.normal).get(`${url}?layer=all`);
    expect(all.status).toBe(403);
    expect(all.body.code).toBe('CONSULTATION.NOT_PUBLIC');
    const expert = await as(svc, w.people.expert).get(url);
    expect(expert.body.features.length).toBeGreaterThan(own.body.features.length);
    const byName = await as(svc, w.people.admin).get(`/data/scope/geojson/project/answers-project?layer=all`);
    expect(byName.body.features).toHaveLength(expert.body.features.length);
    expect((await as(svc, w.people.expert).get(`${url}?layer=everything`)).status).toBe(400);
    expect((await as(svc, w.people.outsider).get(url)).status).toBe(403);
    expect((await as(svc, w.people.expert).get(`/data/scope/geojson/project/nothing-here`)).status).toBe(404);
  });

  it('orders the top layer by likes (reactions of scope choice, by who may read the answer)', async () => {
    const liked = (await answer(participant(), w.points, point(23.703, 37.9))).body;
    const react = (who: SessionUser, reaction: 'like' | 'dislike') =>
      as(svc, who).post('/social/scope/choice', { token: liked.token, reaction });
    expect((await react(w.people.expert, 'like')).body).toMatchObject({ likes: 1, owner: false });
    expect((await react(w.people.admin, 'like')).body).toMatchObject({ likes: 2 });
    const early = await react(w.people.other, 'like');
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('CONSULTATION.NOT_PUBLIC');
    expect((await react(w.people.outsider, 'like')).body.code).toBe('CONSULTATION.NOT_ENROLLED');
    expect((await as(svc, null).get(`/social/choice/${liked.token}`)).status).toBe(401);
    await setProject('is_public = true');
    try {
      expect((await react(w.people.other, 'like')).body).toMatchObject({ likes: 3, reaction: 'like' });
    } finally {
      await setProject('is_public = false');
    }
    const top = await as(svc, w.people.expert).get(`/data/scope/geojson/project/${w.project}?layer=top`);
    expect(top.status).toBe(200);
    expect(top.body.features[0].properties).toMatchObject({ token: liked.token, likes: 3, reaction: 'like' });
    expect(top.body.features.every((f: { properties: { likes: number } }) => f.properties.likes > 0)).toBe(
      true,
    );
    const unknown = await as(svc, w.people.other).post('/social/scope/choice', {
      token: randomUUID(),
      reaction: 'like',
    });
    expect(unknown.status).toBe(404);
  });

  it('lists answers without geometry separately', async () => {
    const who = participant();
    const made = (await answer(who, w.comments)).body;
    const list = await as(svc, who).get(`/data/scope/choices/project/${w.project}`);
    expect(list.status).toBe(200);
    expect(list.body.values).toEqual([expect.objectContaining({ token: made.token, isOwner: true })]);
  });
});
