import { randomUUID } from 'node:crypto';
import { bootTestService, type TestService } from '@agora/common/testing';
import { createConsultationService } from '../index.js';
import { as, buildWorld, type World } from '../../test/answer-test-helpers.js';
import { addProfileQuestion, AGE_QUESTION } from '../../test/profile-test-helpers.js';

// The statistics are kept per process with the stamp of the change log they were computed at (decision 0082):
// each write below must show in the very next request, inside a drawn area as over every answer.

let svc: TestService;
let w: World;
let rating: string;
let question: string;
let choices: number[];

/** The west half of the topic's boundary (x < 23.7). */
const WEST = '23.689,37.89_23.7,37.89_23.7,37.91_23.689,37.91';

async function answer(owner: string, x: number, choice: string, number: number): Promise<string> {
  const [{ token }] = await svc.db.query<{ token: string }>(
    `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
     VALUES ($1, $2, $3, $4, public.ST_SetSRID(public.ST_MakePoint($5, 37.9), 4326)) RETURNING token`,
    [w.project, w.places, w.points, owner, x],
  );
  await svc.db.query(
    `INSERT INTO consultation.answer_value (answer, variable, kind, text_value, number_value)
     VALUES ($1, $2, 'radio', $3, NULL), ($1, $2, 'number', NULL, $4)`,
    [token, rating, choice, number],
  );
  return token;
}

interface Seen {
  count: number;
  respondents: number;
  weighted: number;
  yes: number;
  mean: number;
  profile: number[];
}

async function seen(within = ''): Promise<Seen> {
  const res = await as(svc, w.people.admin).get(`/data/scope/ensemble/attribute/${w.points}${within}`);
  expect(res.status).toBe(200);
  const kinds = res.body.variables[0].kinds as Array<Record<string, unknown>>;
  const radio = kinds.find((k) => k.variable_type === 'radio') as {
    dist: Array<{ choice: string; count: number }>;
  };
  const number = kinds.find((k) => k.variable_type === 'number') as { mean: number };
  return {
    count: res.body.count,
    respondents: res.body.respondents,
    weighted: res.body.weighted_respondents,
    yes: radio.dist.find((d) => d.choice === 'y')!.count,
    mean: number.mean,
    profile: res.body.profile[0].choices.map((c: { count: number }) => c.count),
  };
}

/** Asks twice (the second answer is the kept one) and expects both to be `want`. */
async function expectSeen(want: Seen, within = ''): Promise<void> {
  expect(await seen(within)).toEqual(want);
  expect(await seen(within)).toEqual(want);
}

const owners = [randomUUID(), randomUUID(), randomUUID()];

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  w = await buildWorld(svc);
  const made = await as(svc, w.people.admin).post('/variable', {
    attribute: w.points,
    mname: 'kept',
    variable_type: [
      {
        kind: 'radio',
        options: {
          label: 'Opinion',
          choices: [
            { id: 'y', label: 'yes' },
            { id: 'n', label: 'no' },
          ],
        },
      },
      { kind: 'number', options: {} },
    ],
  });
  expect(made.status).toBe(200);
  rating = made.body.token;
  ({ token: question, choices } = await addProfileQuestion(svc, AGE_QUESTION(w.category)));
  // west: owners 0 and 1; east: owner 2
  await answer(owners[0]!, 23.695, 'y', 10);
  await answer(owners[1]!, 23.696, 'n', 20);
  await answer(owners[2]!, 23.705, 'y', 30);
});
afterAll(() => svc?.close());

describe('the kept statistics follow every write', () => {
  it('show a new answer, a changed value, a weight, a profile answer and deletions at the next request', async () => {
    await expectSeen({ count: 3, respondents: 3, weighted: 3, yes: 2, mean: 20, profile: [0, 0] });
    await expectSeen(
      { count: 2, respondents: 2, weighted: 2, yes: 1, mean: 15, profile: [0, 0] },
      `/within/${WEST}`,
    );

    // a new respondent's answer, west
    const fourth = randomUUID();
    const added = await answer(fourth, 23.697, 'y', 40);
    await expectSeen({ count: 4, respondents: 4, weighted: 4, yes: 3, mean: 25, profile: [0, 0] });
    // (10 + 20 + 40) / 3, rounded
    await expectSeen(
      { count: 3, respondents: 3, weighted: 3, yes: 2, mean: 23.33, profile: [0, 0] },
      `/within/${WEST}`,
    );

    // a changed value: the new answer's choice and number
    await svc.db.query(
      `UPDATE consultation.answer_value SET text_value = 'n' WHERE answer = $1 AND kind = 'radio'`,
      [added],
    );
    await svc.db.query(
      `UPDATE consultation.answer_value SET number_value = 0 WHERE answer = $1 AND kind = 'number'`,
      [added],
    );
    await expectSeen({ count: 4, respondents: 4, weighted: 4, yes: 2, mean: 15, profile: [0, 0] });

    // a weight given, then changed
    await svc.db.query(
      `INSERT INTO consultation.profile_weight (category, user_uuid, role, weight) VALUES ($1, $2, 'normal', 2.5)`,
      [w.category, owners[0]],
    );
    await expectSeen({ count: 4, respondents: 4, weighted: 5.5, yes: 2, mean: 15, profile: [0, 0] });
    await svc.db.query(
      `UPDATE consultation.profile_weight SET weight = 0.5 WHERE category = $1 AND user_uuid = $2`,
      [w.category, owners[0]],
    );
    await expectSeen({ count: 4, respondents: 4, weighted: 3.5, yes: 2, mean: 15, profile: [0, 0] });

    // a profile answer, then its choice changed
    await svc.db.query(
      `INSERT INTO consultation.profile_answer (user_uuid, question, category, choice) VALUES ($1, $2, $3, $4)`,
      [owners[1], question, w.category, choices[0]],
    );
    await expectSeen({ count: 4, respondents: 4, weighted: 3.5, yes: 2, mean: 15, profile: [1, 0] });
    await svc.db.query(`UPDATE consultation.profile_answer SET choice = $1 WHERE user_uuid = $2`, [
      choices[1],
      owners[1],
    ]);
    await expectSeen({ count: 4, respondents: 4, weighted: 3.5, yes: 2, mean: 15, profile: [0, 1] });

    // an answer deleted (its values go with it)
    await svc.db.query(`DELETE FROM consultation.answer WHERE token = $1`, [added]);
    await expectSeen({ count: 3, respondents: 3, weighted: 2.5, yes: 2, mean: 20, profile: [0, 1] });
    await expectSeen(
      { count: 2, respondents: 2, weighted: 1.5, yes: 1, mean: 15, profile: [0, 1] },
      `/within/${WEST}`,
    );

    // a user deleted (their answers and weight), and another's profile answer removed
    await svc.db.query(`DELETE FROM consultation.answer WHERE owner = $1`, [owners[0]]);
    await svc.db.query(`DELETE FROM consultation.profile_weight WHERE user_uuid = $1`, [owners[0]]);
    await svc.db.query(`DELETE FROM consultation.profile_answer WHERE user_uuid = $1`, [owners[1]]);
    await expectSeen({ count: 2, respondents: 2, weighted: 2, yes: 1, mean: 25, profile: [0, 0] });
  });

  it('fold a long change log without giving back a row computed before the fold', async () => {
    // many writes to the attribute: the next request folds the log; a write after the fold still shows
    for (let i = 0; i < 300; i++)
      await svc.db.query(`UPDATE consultation.answer SET updated = now() WHERE owner = $1`, [owners[1]]);
    const before = await seen();
    const [{ n }] = await svc.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM consultation.statistics_change WHERE scope = $1`,
      [w.points],
    );
    expect(n).toBe(1);
    await svc.db.query(
      `UPDATE consultation.answer_value SET number_value = 100 WHERE kind = 'number'
      AND answer IN (SELECT token FROM consultation.answer WHERE owner = $1)`,
      [owners[1]],
    );
    expect(await seen()).toEqual({ ...before, mean: 65 });
  });
});
