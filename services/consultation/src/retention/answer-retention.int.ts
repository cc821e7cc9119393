// The retention of the answers' personal links (decision 0089): once a project's end date plus its retention_days
// has come, its answers and answer files carry a fresh pseudonym per respondent instead of the account's uuid,
// the statistics stay what they were, the project is marked, and the run is in the audit log.
import { randomUUID } from 'node:crypto';
import { auditEntries, bootTestService, runScheduledNow, type TestService } from '@agora/common/testing';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { addVariable, as, buildWorld, type World } from '../../test/answer-test-helpers.js';
import { addProfileQuestion, AGE_QUESTION } from '../../test/profile-test-helpers.js';
import { createConsultationService } from '../index.js';
import { addDays } from '../project/project.form.js';
import { todayIn } from '../project/project-dates.js';
import { AnswerRetention } from './answer-retention.service.js';
import {
  ANSWER_RETENTION_SCHEDULER,
  CONSULTATION_MAINTENANCE_QUEUE,
  ConsultationMaintenance,
  RETENTION_EVERY_MS,
} from './consultation-maintenance.js';

let svc: TestService;
let w: World;
let queue: Queue;
let rating: string;
let question: string;
let choices: number[];
/** Another project of the category whose end date plus retention is still to come. */
let later: string;
const today = todayIn('Europe/Athens');

/** Three respondents: one with two answers; weights differ, one has none (counts 1). */
const people = { a: randomUUID(), b: randomUUID(), c: randomUUID() };
const WEIGHTS = { a: 2.5, b: 0.5 };
const ANSWERS: Array<{ owner: keyof typeof people; x: number; choice: string }> = [
  { owner: 'a', x: 23.701, choice: 'yes' },
  { owner: 'a', x: 23.702, choice: 'no' },
  { owner: 'b', x: 23.703, choice: 'yes' },
  { owner: 'c', x: 23.704, choice: 'no' },
];

/** Where an answer goes: its project, topic and attribute. */
interface Place {
  project: string;
  node: string;
  attribute: string;
}

async function answer(at: Place, owner: string, x: number, choice: string): Promise<string> {
  const [{ token }] = await svc.db.query<{ token: string }>(
    `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
     VALUES ($1, $2, $3, $4, public.ST_SetSRID(public.ST_MakePoint($5, 37.9), 4326)) RETURNING token`,
    [at.project, at.node, at.attribute, owner, x],
  );
  await svc.db.query(
    `INSERT INTO consultation.answer_value (answer, variable, kind, text_value) VALUES ($1, $2, 'radio', $3)`,
    [token, rating, choice],
  );
  await svc.db.query(
    `INSERT INTO consultation.answer_file (owner, answer, variable, name, mime, bytes, storage_key)
     VALUES ($1, $2, $3, 'photo.jpg', 'image/jpeg', 3, 'answers/' || gen_random_uuid())`,
    [owner, token, rating],
  );
  return token;
}

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  queue = svc.app.get<Queue>(getQueueToken(CONSULTATION_MAINTENANCE_QUEUE));
  // the scheduler's first run comes at boot: waited for (and one more run), so none runs while the data is made
  await svc.app.get(ConsultationMaintenance).scheduled;
  expect(await runScheduledNow(queue, ANSWER_RETENTION_SCHEDULER)).toEqual([]);
  w = await buildWorld(svc);
  rating = await addVariable(svc, w, w.points, 'rating', [
    {
      kind: 'radio',
      options: {
        label: 'Συμφωνείτε;',
        choices: [
          { id: 'yes', label: 'Ναι' },
          { id: 'no', label: 'Όχι' },
        ],
      },
    },
  ]);
  ({ token: question, choices } = await addProfileQuestion(svc, AGE_QUESTION(w.category)));
  // the project ended 31 days ago and keeps its answers' links 30 days
  await svc.db.query(
    `UPDATE consultation.project SET start_date = $2, end_date = $3, retention_days = 30 WHERE token = $1`,
    [w.project, addDays(today, -60), addDays(today, -31)],
  );
  const points = { project: w.project, node: w.places, attribute: w.points };
  for (const a of ANSWERS) await answer(points, people[a.owner], a.x, a.choice);
  for (const [who, weight] of Object.entries(WEIGHTS))
    await svc.db.query(
      `INSERT INTO consultation.profile_weight (category, user_uuid, role, weight) VALUES ($1, $2, 'normal', $3)`,
      [w.category, people[who as keyof typeof people], weight],
    );
  for (const [i, owner] of Object.values(people).entries())
    await svc.db.query(
      `INSERT INTO consultation.profile_answer (user_uuid, question, category, choice) VALUES ($1, $2, $3, $4)`,
      [owner, question, w.category, choices[i % 2]],
    );
  // ended 10 days ago with a retention of 30 days: 20 days to go
  later = randomUUID();
  await svc.db.query(
    `INSERT INTO consultation.project (token, mname, title, start_date, end_date, active, category, retention_days)
     VALUES ($1, 'later-project', 'Αργότερα', $2, $3, true, $4, 30)`,
    [later, addDays(today, -40), addDays(today, -10), w.category],
  );
  const admin = as(svc, w.people.admin);
  const node = await admin.post('/node', { project: later, title: 'Γνώμες', mname: 'later-opinions' });
  const attribute = await admin.post('/attribute', { node: node.body.token, name: 'Σχόλια', mname: 'later' });
  expect([node.status, attribute.status]).toEqual([200, 200]);
  await answer(
    { project: later, node: node.body.token, attribute: attribute.body.token },
    people.a,
    23.705,
    'yes',
  );
});
afterAll(() => svc?.close());

/** A project's answers by their place, with their files' owners. */
const owners = (project: string) =>
  svc.db.query<{ owner: string; files: string[] }>(
    `SELECT a.owner::text AS owner,
            array(SELECT f.owner::text FROM consultation.answer_file f WHERE f.answer = a.token) AS files
       FROM consultation.answer a WHERE a.project = $1 ORDER BY public.ST_X(a.geom)`,
    [project],
  );
const mark = async (token: string) =>
  (
    await svc.db.query<{ at: Date | null }>(
      `SELECT personal_links_removed_at AS at FROM consultation.project WHERE token = $1`,
      [token],
    )
  )[0]!.at;
/** The attribute's statistics as the administrator reads them (respondents, weights, cells, profile). */
const statistics = async () => {
  const res = await as(svc, w.people.admin).get(`/data/scope/ensemble/attribute/${w.points}`);
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
};
const weightsOf = (uuids: string[]) =>
  svc.db.query<{ user_uuid: string; weight: number }>(
    `SELECT user_uuid::text, weight FROM consultation.profile_weight WHERE user_uuid = ANY($1::uuid[])`,
    [uuids],
  );

describe('the retention of the answers personal links', () => {
  it('is a job scheduler of the consultation-maintenance queue, every hour', async () => {
    expect(await queue.getJobScheduler(ANSWER_RETENTION_SCHEDULER)).toEqual(
      expect.objectContaining({ every: RETENTION_EVERY_MS, name: 'retention' }),
    );
  });

  it('gives each respondent of a due project one pseudonym, keeping the statistics, and marks it', async () => {
    const before = await statistics();
    expect(before).toMatchObject({ respondents: 3, count: 4 });
    const pointsOf = await owners(w.project);

    // a run of the scheduler, waited for by its completion event
    const done = await runScheduledNow(queue, ANSWER_RETENTION_SCHEDULER);
    expect(done).toEqual([{ project: w.project, answers: 4, respondents: 3, files: 4 }]);

    const after = await owners(w.project);
    const originals = new Set<string>(Object.values(people));
    for (const row of after) {
      expect(originals.has(row.owner)).toBe(false);
      expect(row.files).toEqual([row.owner]);
    }
    // a's two answers share one pseudonym; b and c have their own
    expect(after[0]!.owner).toBe(after[1]!.owner);
    expect(new Set(after.map((r) => r.owner)).size).toBe(3);
    expect(pointsOf.map((r) => r.owner)).toEqual([people.a, people.a, people.b, people.c]);
    // the weights went with the respondents (a's 2.5, b's 0.5; c had none)
    const copied = new Map((await weightsOf(after.map((r) => r.owner))).map((r) => [r.user_uuid, r.weight]));
    expect([copied.get(after[0]!.owner), copied.get(after[2]!.owner), copied.get(after[3]!.owner)]).toEqual([
      2.5,
      0.5,
      undefined,
    ]);
    expect(await statistics()).toEqual(before);

    expect(await mark(w.project)).toBeInstanceOf(Date);
    const entry = (await auditEntries(svc.db, 'consultation')).at(-1);
    expect(entry).toMatchObject({
      actor_uuid: null,
      actor_username: 'system',
      action: 'project.retention',
      object_type: 'project',
      object_id: w.project,
      detail: { answers: 4, respondents: 3, files: 4, retention_days: 30, end_date: addDays(today, -31) },
    });
    // the project whose retention is still to come is untouched
    expect(await owners(later)).toEqual([{ owner: people.a, files: [people.a] }]);
    expect(await mark(later)).toBeNull();
    // the form shows when
    const read = await as(svc, w.people.admin).get(`/project/token/${w.project}`);
    expect(read.body).toMatchObject({
      retention_days: 30,
      personal_links_removed_at: (await mark(w.project))!.toISOString(),
    });
  });

  it('changes nothing when run again', async () => {
    const answers = await owners(w.project);
    const entries = (await auditEntries(svc.db, 'consultation')).length;
    const stamp = await mark(w.project);
    expect(await svc.app.get(AnswerRetention).run()).toEqual([]);
    expect(await owners(w.project)).toEqual(answers);
    expect(await mark(w.project)).toEqual(stamp);
    expect((await auditEntries(svc.db, 'consultation')).length).toBe(entries);
  });

  it('applies again once the retention or the end date changes', async () => {
    const admin = as(svc, w.people.admin);
    const before = await statistics();
    const put = await admin.put(`/project/token/${w.project}`, { retention_days: 20 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ retention_days: 20, personal_links_removed_at: null });
    const old = await owners(w.project);
    expect(await svc.app.get(AnswerRetention).run()).toEqual([
      { project: w.project, answers: 4, respondents: 3, files: 4 },
    ]);
    const renewed = await owners(w.project);
    expect(renewed[0]!.owner).toBe(renewed[1]!.owner);
    renewed.forEach((r, i) => expect(r.owner).not.toBe(old[i]!.owner));
    expect(await statistics()).toEqual(before);
    // a new end date far ahead: the mark is cleared, and nothing is due
    const moved = await admin.put(`/project/token/${w.project}`, { end_date: addDays(today, 5) });
    expect(moved.body).toMatchObject({ personal_links_removed_at: null });
    expect(await svc.app.get(AnswerRetention).run()).toEqual([]);
    // as it was for the next test
    await admin.put(`/project/token/${w.project}`, { end_date: addDays(today, -31), retention_days: 30 });
  });
});

describe('GET /project/retention', () => {
  it('lists the open and the published projects with their retention, to anyone, naming no person', async () => {
    const open = randomUUID();
    await svc.db.query(
      `INSERT INTO consultation.project (token, mname, title, start_date, end_date, active, category, sort_order)
       VALUES ($1, 'open-project', 'Ανοιχτό', $2, $3, true, $4, 0)`,
      [open, addDays(today, -1), addDays(today, 10), w.category],
    );
    await svc.db.query(
      `UPDATE consultation.project SET is_public = true, public_date = $2, sort_order = 1 WHERE token = $1`,
      [w.project, addDays(today, -1)],
    );
    // published tomorrow: not yet
    await svc.db.query(
      `UPDATE consultation.project SET is_public = true, public_date = $2 WHERE token = $1`,
      [later, addDays(today, 1)],
    );
    const res = await as(svc, null).get('/project/retention');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      projects: [
        {
          token: open,
          mname: 'open-project',
          title: 'Ανοιχτό',
          end_date: addDays(today, 10),
          retention_days: null,
          detach_date: null,
        },
        {
          token: w.project,
          mname: 'answers-project',
          title: 'P',
          end_date: addDays(today, -31),
          retention_days: 30,
          detach_date: addDays(today, -1),
        },
      ],
    });
  });
});
