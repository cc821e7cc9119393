// A new answer's `Idempotency-Key` (decision 0092): the same request sent again answers the answer it made, once
// per owner and key, whatever the dates or max_geom say by then; the key with another body is refused.
import { randomUUID } from 'node:crypto';
import { bootTestService, type TestService } from '@agora/common/testing';
import type { SessionUser } from '@agora/contracts';
import { createConsultationService } from '../index.js';
import { as, buildWorld, personOf, point, rows, type World } from '../../test/answer-test-helpers.js';

let svc: TestService;
let w: World;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  w = await buildWorld(svc);
});
afterAll(() => svc?.close());

const participant = (): SessionUser => personOf('normal', w.category);

const send = (who: SessionUser, key: string, body: object) =>
  as(svc, who).req('post', '/data/scope/attribute').set('Idempotency-Key', key).send(body);

const answersOf = (who: SessionUser) => rows(svc, 'answer', 'owner = $1', [who.uuid]);

const setProject = (columns: string) =>
  svc.db.query(`UPDATE consultation.project SET ${columns} WHERE token = $1`, [w.project]);

describe('a new answer sent with an Idempotency-Key', () => {
  it('is made once: the same key and body again answers the same answer, marked as replayed', async () => {
    const who = participant();
    const key = randomUUID();
    const body = { attribute: w.points, geometry: point(23.7, 37.9) };
    const first = await send(who, key, body);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send(who, key, body);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await answersOf(who)).toBe(1);
  });

  it('is made once when the same request arrives several times at once', async () => {
    const who = participant();
    const key = randomUUID();
    const body = { attribute: w.points, geometry: point(23.701, 37.901) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(who, key, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.token)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await answersOf(who)).toBe(1);
  });

  it('answers the earlier answer even when max_geom or the dates would refuse a new one', async () => {
    const who = participant();
    const keys = [randomUUID(), randomUUID()];
    // the points attribute takes 2 answers of one participant
    for (const [i, key] of keys.entries())
      expect(
        (await send(who, key, { attribute: w.points, geometry: point(23.7 + i / 1000, 37.9) })).status,
      ).toBe(201);
    const third = await send(who, randomUUID(), { attribute: w.points, geometry: point(23.703, 37.9) });
    expect(third.body.code).toBe('CONSULTATION.MAX_GEOM');
    const replay = await send(who, keys[1]!, { attribute: w.points, geometry: point(23.701, 37.9) });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    await setProject(`end_date = '2001-01-01'`);
    try {
      const closed = await send(who, keys[0]!, { attribute: w.points, geometry: point(23.7, 37.9) });
      expect(closed.status).toBe(201);
      expect(closed.headers['idempotent-replayed']).toBe('true');
      const fresh = await send(participant(), randomUUID(), {
        attribute: w.points,
        geometry: point(23.7, 37.9),
      });
      expect(fresh.body.code).toBe('CONSULTATION.ANSWERING_CLOSED');
    } finally {
      await setProject(`end_date = '2999-12-31'`);
    }
    expect(await answersOf(who)).toBe(2);
  });

  it('refuses the key sent again with another body, and makes nothing', async () => {
    const who = participant();
    const key = randomUUID();
    expect((await send(who, key, { attribute: w.points, geometry: point(23.7, 37.9) })).status).toBe(201);
    for (const other of [
      { attribute: w.points, geometry: point(23.702, 37.902) },
      { attribute: w.marks, geometry: point(23.7, 37.9) },
    ]) {
      const res = await send(who, key, other);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'CONSULTATION.IDEMPOTENCY_KEY_REUSED',
        Error: expect.any(String),
        field: 'Idempotency-Key',
      });
    }
    expect(await answersOf(who)).toBe(1);
  });

  it("keeps keys apart per owner: another participant's same key makes their own answer", async () => {
    const [a, b] = [participant(), participant()];
    const key = randomUUID();
    const body = { attribute: w.points, geometry: point(23.7, 37.9) };
    const mine = await send(a, key, body);
    const theirs = await send(b, key, body);
    expect(theirs.status).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.token).not.toBe(mine.body.token);
    expect(theirs.body.isOwner).toBe(true);
  });

  it('refuses a key that is empty, too long or not visible ASCII, before anything is written', async () => {
    const who = participant();
    for (const key of ['', 'with space', 'x'.repeat(256), 'clé']) {
      const res = await as(svc, who)
        .req('post', '/data/scope/attribute')
        .set('Idempotency-Key', key)
        .send({ attribute: w.points, geometry: point(23.7, 37.9) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'CONSULTATION.INVALID_FIELD', field: 'Idempotency-Key' });
    }
    expect(await answersOf(who)).toBe(0);
  });

  it('is still optional: without a key each request makes its answer', async () => {
    const who = participant();
    const body = { attribute: w.points, geometry: point(23.7, 37.9) };
    expect((await as(svc, who).post('/data/scope/attribute', body)).status).toBe(201);
    expect((await as(svc, who).post('/data/scope/attribute', body)).status).toBe(201);
    expect(await answersOf(who)).toBe(2);
  });
});
