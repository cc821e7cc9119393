// The consultation's audit log (decision 0084): the structure's changes (categories, projects), the publication,
// the exports and the statistics of a drawn area are recorded with who, from where, before and after; a refused
// action records nothing.
import { formatAreaFilter } from '@agora/contracts';
import { auditEntries, bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { as, buildWorld, type World } from '../../test/answer-test-helpers.js';
import { callerUser } from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';

let svc: TestService;
let w: World;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  w = await buildWorld(svc);
});
afterAll(() => svc?.close());

const admin = callerUser('admin')!;
/** An admin's request from 198.51.100.4 with the request id `id`. */
const send = (method: 'post' | 'put' | 'delete' | 'get', path: string, id: string) => {
  const http = request(svc.app.getHttpServer());
  return http[method](path)
    .set('x-agora-identity', svc.identity(admin, { ip: '198.51.100.4' }))
    .set('x-request-id', id);
};
const entries = () => auditEntries(svc.db, 'consultation');
const last = async () => (await entries()).at(-1)!;
const count = async () => (await entries()).length;

describe('structure changes', () => {
  let category = '';
  let project = '';

  it('records a category created, changed, reordered and refused changes not at all', async () => {
    const created = await send('post', '/category', 'cat-1').send({ title: 'Πόλη', mname: 'audited' });
    expect(created.status).toBe(200);
    category = created.body.token;
    expect(await last()).toMatchObject({
      actor_uuid: admin.uuid,
      actor_role: 'admin',
      ip: '198.51.100.4',
      request_id: 'cat-1',
      action: 'category.create',
      object_type: 'category',
      object_id: category,
      before: null,
      after: { mname: 'audited', title: 'Πόλη' },
    });
    expect((await send('put', `/category/token/${category}`, 'cat-2').send({ title: 'Δήμος' })).status).toBe(
      200,
    );
    expect(await last()).toMatchObject({
      action: 'category.update',
      before: { title: 'Πόλη' },
      after: { title: 'Δήμος' },
    });
    const reorder = await send('put', '/category/sortOrder', 'cat-3').send({
      [category]: 1,
      [w.category]: 2,
    });
    expect(reorder.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'category.reorder',
      after: { [category]: 1, [w.category]: 2 },
    });

    const n = await count();
    const taken = await send('put', `/category/token/${category}`, 'cat-4').send({ mname: 'answers' });
    expect(taken.status).toBe(409);
    const unknown = await send('put', '/category/sortOrder', 'cat-5').send({
      '00000000-0000-4000-8000-0000000000ff': 1,
    });
    expect(unknown.status).toBe(404);
    const participant = await as(svc, w.people.normal)
      .req('put', `/category/token/${category}`)
      .send({ title: 'x' });
    expect(participant.status).toBe(403);
    expect(await count()).toBe(n);
  });

  it('records a project created, its publication, other changes, and its deletion', async () => {
    const created = await send('post', '/project', 'p-1').send({
      title: 'Πλατεία',
      mname: 'square',
      category,
    });
    expect(created.status).toBe(200);
    project = created.body.token;
    expect(await last()).toMatchObject({
      action: 'project.create',
      object_type: 'project',
      object_id: project,
      after: { mname: 'square', title: 'Πλατεία', category: { token: category } },
    });
    const publish = await send('put', `/project/token/${project}`, 'p-2').send({ active: true });
    expect(publish.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'project.publish',
      before: { active: false },
      after: { active: true },
    });
    expect((await send('put', `/project/token/${project}`, 'p-3').send({ title: 'Η πλατεία' })).status).toBe(
      200,
    );
    expect(await last()).toMatchObject({
      action: 'project.update',
      before: { title: 'Πλατεία' },
      after: { title: 'Η πλατεία' },
    });
    const n = await count();
    expect(
      (await send('put', '/project/token/00000000-0000-4000-8000-0000000000ff', 'p-4').send({ title: 'x' }))
        .status,
    ).toBe(404);
    expect(await count()).toBe(n);

    expect((await send('delete', `/project/token/${project}`, 'p-5')).status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'project.delete',
      object_id: project,
      before: { mname: 'square', title: 'Η πλατεία', active: true },
      after: null,
    });
  });

  it('records a category deleted with what went with it', async () => {
    const p = await send('post', '/project', 'p-6').send({ title: 'Δρόμος', mname: 'street', category });
    expect((await send('delete', `/category/token/${category}`, 'cat-6')).status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'category.delete',
      object_id: category,
      before: { mname: 'audited', title: 'Δήμος' },
      detail: { projects: [{ token: p.body.token, mname: 'street' }] },
    });
  });
});

describe('topics, attributes and variables', () => {
  it('records a topic created, changed and deleted, and a refused change not at all', async () => {
    const created = await send('post', '/node', 't-1').send({
      project: w.project,
      title: 'Θέμα',
      mname: 'theme',
    });
    expect(created.status).toBe(200);
    const topic = created.body.token as string;
    expect(await last()).toMatchObject({
      action: 'topic.create',
      object_type: 'topic',
      object_id: topic,
      after: { title: 'Θέμα', mname: 'theme', project: w.project },
    });
    expect((await send('put', `/node/token/${topic}`, 't-2').send({ title: 'Το θέμα' })).status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'topic.update',
      request_id: 't-2',
      before: { title: 'Θέμα' },
      after: { title: 'Το θέμα' },
    });
    const n = await count();
    const taken = await send('put', `/node/token/${topic}`, 't-3').send({ mname: 'places' });
    expect(taken.status).toBe(409);
    expect(await count()).toBe(n);
    expect((await send('delete', `/node/token/${topic}`, 't-4')).status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'topic.delete',
      object_id: topic,
      before: { title: 'Το θέμα', mname: 'theme' },
    });
  });

  it('records an attribute changed and a variable moved', async () => {
    const renamed = await send('put', `/attribute/token/${w.comments}`, 'a-1').send({ name: 'Παρατηρήσεις' });
    expect(renamed.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'attribute.update',
      object_type: 'attribute',
      object_id: w.comments,
      after: { name: 'Παρατηρήσεις' },
    });
    const moved = await send('put', `/variable/project/${w.project}/token/${w.survey}/sortOrder`, 'v-1').send(
      {
        sort_order: 1,
      },
    );
    expect(moved.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'variable.reorder',
      object_type: 'variable',
      object_id: w.survey,
      before: { attribute: w.comments },
      after: { attribute: w.comments, sort_order: 1 },
    });
  });
});

describe('consultation-profile questions and choices', () => {
  it('records a question and a choice created, changed and deleted, and a refused change not at all', async () => {
    const created = await send('post', '/consultationProfile', 'q-1').send({
      question: 'Πώς μετακινείστε;',
      category: w.category,
      role: 'normal',
      weight: 3,
      choices: [{ content: 'Με τα πόδια', icon: '/api/library/files/markers/star.svg', weight: 1 }],
    });
    expect(created.status).toBe(200);
    const question = created.body.token as string;
    expect(await last()).toMatchObject({
      action: 'profile.question.create',
      object_type: 'profile_question',
      object_id: question,
      after: { question: 'Πώς μετακινείστε;', weight: 3, choices: [{ content: 'Με τα πόδια' }] },
    });
    expect(
      (await send('put', `/consultationProfile/token/${question}`, 'q-2').send({ weight: 5 })).status,
    ).toBe(200);
    expect(await last()).toMatchObject({
      action: 'profile.question.update',
      before: { weight: 3 },
      after: { weight: 5 },
    });
    const choice = await send('post', '/consultationWeight', 'c-1').send({
      question,
      content: 'Με ποδήλατο',
      icon: '/api/library/files/markers/star.svg',
      weight: 2,
    });
    expect(choice.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'profile.choice.create',
      object_id: String(choice.body.id),
      after: { content: 'Με ποδήλατο', question },
    });
    const n = await count();
    const unknown = await send('put', '/consultationWeight/id/999999', 'c-2').send({ weight: 1 });
    expect(unknown.status).toBe(404);
    expect(await count()).toBe(n);
    expect((await send('delete', `/consultationWeight/id/${choice.body.id}`, 'c-3')).status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'profile.choice.delete',
      before: { content: 'Με ποδήλατο' },
    });
    expect((await send('delete', `/consultationProfile/token/${question}`, 'q-3')).status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'profile.question.delete',
      object_id: question,
      before: { question: 'Πώς μετακινείστε;', weight: 5 },
    });
  });
});

describe('what reveals answers', () => {
  const area = formatAreaFilter([
    [
      [23.69, 37.89],
      [23.71, 37.89],
      [23.71, 37.91],
      [23.69, 37.91],
    ],
  ])!;

  it('records an export as it is served, with its drawn area, and a refused one not at all', async () => {
    const res = await as(svc, w.people.expert).req(
      'get',
      `/export/project/${w.project}/output_format/csv/within/${area}`,
    );
    expect(res.status).toBe(200);
    const entry = await last();
    expect(entry).toMatchObject({
      actor_uuid: w.people.expert.uuid,
      action: 'export.csv',
      object_type: 'project',
      object_id: w.project,
      detail: { crs: 4326, rows: expect.any(Number), job: null, area: { type: 'MultiPolygon' } },
    });
    const n = await count();
    const normal = await as(svc, w.people.normal).req(
      'get',
      `/export/project/${w.project}/output_format/csv`,
    );
    expect(normal.status).toBe(403);
    expect(await count()).toBe(n);
  });

  it('records the points, zones and answers of a drawn area, not those of the whole project', async () => {
    const expert = as(svc, w.people.expert);
    const n = await count();
    expect((await expert.get(`/data/scope/points/project/${w.project}`)).status).toBe(200);
    expect(await count()).toBe(n);
    expect((await expert.get(`/data/scope/zones/project/${w.project}/within/${area}`)).status).toBe(200);
    expect(await last()).toMatchObject({
      actor_uuid: w.people.expert.uuid,
      action: 'zones.area',
      object_type: 'project',
      object_id: w.project,
      detail: { area: { type: 'MultiPolygon' } },
    });
    expect((await expert.get(`/data/scope/list/page/1/attribute/${w.points}/within/${area}`)).status).toBe(
      200,
    );
    expect(await last()).toMatchObject({
      action: 'answers.area',
      object_type: 'attribute',
      object_id: w.points,
    });
    // a participant may not read a drawn area: refused, nothing recorded
    const m = await count();
    const normal = await as(svc, w.people.normal).get(
      `/data/scope/points/project/${w.project}/within/${area}`,
    );
    expect(normal.status).toBe(403);
    expect(await count()).toBe(m);
  });

  it('records the statistics of a drawn area, not those of the whole attribute', async () => {
    const whole = await as(svc, w.people.expert).req('get', `/data/scope/ensemble/attribute/${w.points}`);
    expect(whole.status).toBe(200);
    const n = await count();
    const within = await as(svc, w.people.expert).req(
      'get',
      `/data/scope/ensemble/attribute/${w.points}/within/${area}`,
    );
    expect(within.status).toBe(200);
    expect(await count()).toBe(n + 1);
    expect(await last()).toMatchObject({
      action: 'statistics.area',
      object_type: 'attribute',
      object_id: w.points,
      detail: { variable: null, area: { type: 'MultiPolygon' } },
    });
  });
});
