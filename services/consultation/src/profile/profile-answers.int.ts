// A participant's consultation profile: the form of their role, answers stored whole or not at all, and the
// weight they give (docs/decisions/0036-consultation-profile-weight.md).
import { bootTestService, type TestService } from '@agora/common/testing';
import { callWith, enrolledUser } from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';
import {
  HIDDEN,
  MISSING,
  OPEN,
  PEOPLE,
  seedParticipation,
  type Questions,
} from '../../test/participation-fixture.js';

let svc: TestService;
let q: Questions;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  ({ questions: q } = await seedParticipation(svc));
});
afterAll(() => svc?.close());

const member = enrolledUser({ [OPEN]: 'normal' }, 'member');
const post = (body: unknown, who = member) =>
  callWith(svc, who, 'post', `/data/scope/profile/category/${OPEN}`, body as object);
const form = (who = member) => callWith(svc, who, 'get', `/data/scope/profile/activeCategory/${OPEN}`);
const stored = () =>
  svc.db.query(
    `SELECT a.question, a.choice, w.weight, w.role FROM consultation.profile_answer a
     FULL JOIN consultation.profile_weight w ON w.user_uuid = a.user_uuid AND w.category = a.category
     WHERE coalesce(a.user_uuid, w.user_uuid) = $1 ORDER BY a.choice`,
    [member.uuid],
  );

it('answers the form of the caller role: its questions in order, no answers and no weight yet', async () => {
  const res = await form();
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    category: {
      token: OPEN,
      mname: 'open-cat',
      title: 'Ανοιχτή',
      summary: 'Περίληψη',
      summary_img: '',
      summary_img_alt: '',
      active: true,
      autosubscribe: true,
    },
    role: 'normal',
    questions: [
      {
        token: q.mode.token,
        question: 'Πώς μετακινείστε;',
        weight: 2,
        choices: [
          { id: q.mode.bike, content: 'Ποδήλατο', icon: '/marker.svg', weight: 3 },
          { id: q.mode.car, content: 'Αυτοκίνητο', icon: '/marker.svg', weight: 1 },
        ],
      },
      {
        token: q.often.token,
        question: 'Πόσο συχνά;',
        weight: 1,
        choices: [
          { id: q.often.daily, content: 'Καθημερινά', icon: '/marker.svg', weight: 1 },
          { id: q.often.rarely, content: 'Σπάνια', icon: '/marker.svg', weight: 5 },
        ],
      },
      {
        token: q.unweighted.token,
        question: 'Ηλικία',
        weight: 0,
        choices: [{ id: q.unweighted.any, content: 'Όποια', icon: '/marker.svg', weight: 100 }],
      },
    ],
    answers: [],
    weight: null,
    has_answered: false,
  });
  // experts of the category have no questions: their profile counts as answered
  const expert = await form(PEOPLE.expert);
  expect(expert.body).toMatchObject({ role: 'expert', questions: [], answers: [], has_answered: true });
});

it('refuses an incomplete profile, another question or role, a question twice and a foreign choice, writing nothing', async () => {
  const all = [
    { question: q.mode.token, choice: q.mode.bike },
    { question: q.often.token, choice: q.often.daily },
    { question: q.unweighted.token, choice: q.unweighted.any },
  ];
  const incomplete = await post(all.slice(0, 2));
  expect([incomplete.status, incomplete.body]).toEqual([
    400,
    { Error: 'you must answer all questions', code: 'CONSULTATION.PROFILE_INCOMPLETE' },
  ]);
  expect((await post([])).body.code).toBe('CONSULTATION.PROFILE_INCOMPLETE');
  const foreignChoice = await post([{ question: q.mode.token, choice: q.often.rarely }, ...all.slice(1)]);
  expect([foreignChoice.status, foreignChoice.body]).toEqual([
    400,
    {
      Error: '[0].choice: not a choice of this question',
      code: 'CONSULTATION.INVALID_FIELD',
      field: '[0].choice',
      rule: 'choice',
    },
  ]);
  const unknownQuestion = await post([...all, { question: MISSING, choice: q.mode.bike }]);
  expect([unknownQuestion.status, unknownQuestion.body.field]).toEqual([400, '[3].question']);
  const twice = await post([...all, all[0]]);
  expect([twice.status, twice.body.field, twice.body.rule]).toEqual([400, '[3].question', 'duplicate']);
  // an expert's body answers the questions of the expert role, which has none: the normal ones are foreign
  const asExpert = await post(all, PEOPLE.expert);
  expect([asExpert.status, asExpert.body.field]).toEqual([400, '[0].question']);
  for (const [body, field] of [
    [{ question: q.mode.token, choice: q.mode.bike }, undefined],
    [[{ question: 'x', choice: 1 }], '[0].question'],
    [[{ question: q.mode.token, choice: '1' }], '[0].choice'],
    [[{ question: q.mode.token, choice: 1, extra: true }], '[0].extra'],
  ] as const) {
    const res = await post(body);
    expect([res.status, res.body.code]).toEqual([400, 'CONSULTATION.INVALID_FIELD']);
    if (field) expect(res.body.field).toBe(field);
  }
  expect(await stored()).toEqual([]);
  expect((await form()).body).toMatchObject({ answers: [], weight: null, has_answered: false });
});

it('stores the answers with the weight of the decision, and replaces them on a new answer', async () => {
  const first = await post([
    { question: q.unweighted.token, choice: q.unweighted.any },
    { question: q.mode.token, choice: q.mode.bike },
    { question: q.often.token, choice: q.often.daily },
  ]);
  // (2 × 3 + 1 × 1) / (2 + 1); the question of weight 0 does not count
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ weight: 7 / 3, has_answered: true });
  expect(await stored()).toEqual([
    { question: q.mode.token, choice: q.mode.bike, weight: 7 / 3, role: 'normal' },
    { question: q.often.token, choice: q.often.daily, weight: 7 / 3, role: 'normal' },
    { question: q.unweighted.token, choice: q.unweighted.any, weight: 7 / 3, role: 'normal' },
  ]);
  expect((await form()).body).toMatchObject({
    answers: [
      { question: q.mode.token, choice: q.mode.bike },
      { question: q.often.token, choice: q.often.daily },
      { question: q.unweighted.token, choice: q.unweighted.any },
    ],
    weight: 7 / 3,
    has_answered: true,
  });

  const second = await post([
    { question: q.mode.token, choice: q.mode.car },
    { question: q.often.token, choice: q.often.rarely },
    { question: q.unweighted.token, choice: q.unweighted.any },
  ]);
  // (2 × 1 + 1 × 5) / 3 = 7 / 3 again; then (2 × 1 + 1 × 1) / 3 = 1
  expect(second.body).toEqual({ weight: 7 / 3, has_answered: true });
  const third = await post([
    { question: q.mode.token, choice: q.mode.car },
    { question: q.often.token, choice: q.often.daily },
    { question: q.unweighted.token, choice: q.unweighted.any },
  ]);
  expect(third.body).toEqual({ weight: 1, has_answered: true });
  expect((await stored()).map((r) => r.choice)).toEqual(
    [q.mode.car, q.often.daily, q.unweighted.any].sort((a, b) => a - b),
  );
  // a role without questions: weight 1
  expect((await post([], PEOPLE.expert)).body).toEqual({ weight: 1, has_answered: true });
});

it('asks again once a question is added after the answers', async () => {
  const overview = async () =>
    (await callWith(svc, member, 'get', '/data/scope/profile')).body.values as Array<{
      has_answered: boolean;
    }>;
  expect((await overview())[0]!.has_answered).toBe(true);
  const [{ token }] = await svc.db.query<{ token: string }>(
    `INSERT INTO consultation.profile_question (category, role, question, weight, sort_order)
     VALUES ($1, 'normal', 'Νέα ερώτηση', 1, 4) RETURNING token`,
    [OPEN],
  );
  expect((await overview())[0]!.has_answered).toBe(false);
  expect((await form()).body).toMatchObject({ has_answered: false, weight: 1 });
  await svc.db.query('DELETE FROM consultation.profile_question WHERE token = $1', [token]);
  expect((await overview())[0]!.has_answered).toBe(true);
});

it('answers 404 for an inactive category, also to its members', async () => {
  const both = enrolledUser({ [HIDDEN]: 'normal' }, 'hidden-member');
  for (const [method, path] of [
    ['get', `/data/scope/profile/activeCategory/${HIDDEN}`],
    ['post', `/data/scope/profile/category/${HIDDEN}`],
  ] as const) {
    const res = await callWith(svc, both, method, path, method === 'post' ? [] : undefined);
    expect([res.status, res.body.code]).toEqual([404, 'CONSULTATION.CATEGORY_NOT_FOUND']);
  }
  expect(
    await svc.db.query('SELECT 1 FROM consultation.profile_weight WHERE category = $1', [HIDDEN]),
  ).toEqual([]);
});

it('answers 404 for an unknown category and 400 for a malformed token', async () => {
  for (const [method, path] of [
    ['get', `/data/scope/profile/activeCategory/${MISSING}`],
    ['post', `/data/scope/profile/category/${MISSING}`],
  ] as const) {
    const res = await callWith(svc, member, method, path, method === 'post' ? [] : undefined);
    expect([res.status, res.body]).toEqual([
      404,
      { Error: 'category not found', code: 'CONSULTATION.CATEGORY_NOT_FOUND' },
    ]);
  }
  const bad = await callWith(svc, member, 'get', '/data/scope/profile/activeCategory/open-cat');
  expect([bad.status, bad.body.code]).toEqual([400, 'REQUEST.TOKEN']);
});
