// The participant side × the five kinds of caller (anonymous, a participant enrolled nowhere, an enrolled normal
// participant, an enrolled expert, an administrator), with the expected status, asserted in one loop.
import { bootTestService, type TestService } from '@agora/common/testing';
import { callWith } from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';
import {
  OPEN,
  PEOPLE,
  PERSONS,
  seedParticipation,
  type Person,
  type Questions,
} from '../../test/participation-fixture.js';

interface Row {
  method: 'get' | 'post';
  path: string;
  body?: (who: Person) => unknown;
  /** Expected status for anonymous, outsider, normal, expert, admin. */
  expect: [number, number, number, number, number];
}

const EVERYONE: Row['expect'] = [200, 200, 200, 200, 200];
const LOGGED_IN: Row['expect'] = [401, 200, 200, 200, 200];
const MEMBERS_AND_STAFF: Row['expect'] = [401, 403, 200, 200, 200];
const MEMBERS: Row['expect'] = [401, 403, 200, 200, 403];
/** An inactive category: its members (the normal participant is one, the expert is not) and staff. */
const MEMBERS_AND_STAFF_WHEN_INACTIVE: Row['expect'] = [404, 404, 200, 404, 200];

let svc: TestService;
let thread: number;
let questions: Questions;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  ({ thread, questions } = await seedParticipation(svc));
});
afterAll(() => svc?.close());

const TABLE = (): Row[] => [
  { method: 'get', path: '/category', expect: LOGGED_IN },
  { method: 'get', path: '/category/mname/open-cat', expect: EVERYONE },
  { method: 'get', path: '/category/mname/hidden-cat', expect: MEMBERS_AND_STAFF_WHEN_INACTIVE },
  { method: 'get', path: '/category/scope/enroll', expect: LOGGED_IN },
  { method: 'get', path: '/project/mname/seafront', expect: MEMBERS_AND_STAFF },
  { method: 'get', path: `/forumPosts/topicID/${thread}`, expect: MEMBERS_AND_STAFF },
  {
    method: 'post',
    path: `/forumPosts/topicID/${thread}`,
    body: (who) => ({ raw: `Η γνώμη του χρήστη ${who} για την παραλία.` }),
    expect: MEMBERS_AND_STAFF,
  },
  { method: 'get', path: `/consultationProfile/category/${OPEN}/role/normal`, expect: MEMBERS_AND_STAFF },
  { method: 'get', path: '/data/scope/profile', expect: LOGGED_IN },
  { method: 'get', path: `/data/scope/profile/activeCategory/${OPEN}`, expect: MEMBERS },
  {
    method: 'post',
    path: `/data/scope/profile/category/${OPEN}`,
    // the normal role answers its three questions; experts have none to answer
    body: (who) =>
      who === 'expert'
        ? []
        : [
            { question: questions.mode.token, choice: questions.mode.bike },
            { question: questions.often.token, choice: questions.often.daily },
            { question: questions.unweighted.token, choice: questions.unweighted.any },
          ],
    expect: MEMBERS,
  },
  {
    method: 'get',
    path: '/data/scope/questionnaire/category/open-cat/project/seafront',
    expect: MEMBERS_AND_STAFF,
  },
];

it('answers every participant route with the expected status for every caller', async () => {
  const actual: string[] = [];
  const expected: string[] = [];
  for (const row of TABLE()) {
    const got: number[] = [];
    for (const who of PERSONS)
      got.push((await callWith(svc, PEOPLE[who], row.method, row.path, row.body?.(who) as object)).status);
    actual.push(`${row.method.toUpperCase()} ${row.path}: ${got.join(',')}`);
    expected.push(`${row.method.toUpperCase()} ${row.path}: ${row.expect.join(',')}`);
  }
  expect(actual).toEqual(expected);
  // the replies of the members and the administrator, and the profiles of the two members, landed
  const [counts] = await svc.db.query(
    `SELECT (SELECT count(*) FROM consultation.thread_post)::int AS posts,
            (SELECT count(*) FROM consultation.profile_answer)::int AS answers,
            (SELECT count(*) FROM consultation.profile_weight)::int AS weights`,
  );
  expect(counts).toEqual({ posts: 3, answers: 3, weights: 2 });
});

it('answers 403 {"Error", "code"} to a participant outside the category', async () => {
  for (const path of [
    '/project/mname/seafront',
    `/forumPosts/topicID/${thread}`,
    `/consultationProfile/category/${OPEN}/role/normal`,
    `/data/scope/profile/activeCategory/${OPEN}`,
    '/data/scope/questionnaire/category/open-cat/project/seafront',
  ]) {
    const res = await callWith(svc, PEOPLE.outsider, 'get', path);
    expect([path, res.status, res.body]).toEqual([
      path,
      403,
      { Error: 'not enrolled in this category', code: 'CONSULTATION.NOT_ENROLLED' },
    ]);
  }
});
