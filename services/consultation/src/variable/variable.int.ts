import { bootTestService, type TestService } from '@agora/common/testing';
import type { AttributeWire, TopicWire, VariableWire } from '@agora/contracts';
import { ALL_KINDS } from '../../test/answer-test-helpers.js';
import { createConsultationService } from '../index.js';
import { client, seedProject } from '../../test/tree-test-helpers.js';

let svc: TestService;
let project: string;
let topic: TopicWire;
let first: AttributeWire;
let second: AttributeWire;
let foreign: AttributeWire;
const admin = () => client(svc, 'admin');

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  project = await seedProject(svc.db, 'survey');
  const other = await seedProject(svc.db, 'another');
  topic = (await admin().post('/node', { project, title: 'Θέμα', mname: 'topic' })).body;
  const otherTopic = (await admin().post('/node', { project: other, title: 'Άλλο', mname: 'topic' })).body;
  first = (await admin().post('/attribute', { node: topic.token, name: 'Α', mname: 'first' })).body;
  second = (await admin().post('/attribute', { node: topic.token, name: 'Β', mname: 'second' })).body;
  foreign = (await admin().post('/attribute', { node: otherTopic.token, name: 'Γ', mname: 'first' })).body;
});
afterAll(() => svc?.close());

const count = async () =>
  (await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM consultation.variable`))[0]!.n;

/** A radio kind with its choices' ids. */
const radio = ALL_KINDS[0]!;

describe('variables', () => {
  let agree: VariableWire;
  let library: VariableWire;

  it('adds a variable in the exact shape, its variable_type stored as jsonb', async () => {
    const res = await admin().post('/variable', {
      attribute: first.token,
      mname: 'agree',
      description: '<p>Περιγραφή</p>',
      tooltip: 'Βοήθεια',
      icon: '/api/library/files/markers/q.svg',
      variable_type: [radio, { kind: 'text', options: { maxLength: 200 } }],
    });
    expect(res.status).toBe(200);
    agree = res.body;
    expect(agree).toEqual({
      token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      attribute: first.token,
      mname: 'agree',
      description: '<p>Περιγραφή</p>',
      tooltip: 'Βοήθεια',
      icon: '/api/library/files/markers/q.svg',
      is_visible: true,
      variable_type: [radio, { kind: 'text', options: { maxLength: 200 } }],
      forum_topic_id: null,
      forum_topic_url: null,
      sort_order: 1,
    });
    const [stored] = await svc.db.query<{ type: string }>(
      `SELECT jsonb_typeof(variable_type) AS type FROM consultation.variable WHERE token = $1`,
      [agree.token],
    );
    expect(stored!.type).toBe('array');
  });

  it('adds a variable from multipart with variable_type as JSON text', async () => {
    const res = await admin().form('post', '/variable', {
      attribute: first.token,
      mname: 'pictures',
      is_visible: 'false',
      variable_type: JSON.stringify([
        { kind: 'library', options: { items: ['3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f'] } },
      ]),
    });
    expect(res.status).toBe(200);
    library = res.body;
    expect(library).toMatchObject({
      sort_order: 2,
      is_visible: false,
      variable_type: [
        {
          kind: 'library',
          options: { items: ['3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f'], allowMultiple: false },
        },
      ],
    });
  });

  it('reads variables by project, by attribute and one by topic', async () => {
    const all = await admin().get('/variable/project/survey');
    expect(all.status).toBe(200);
    expect(all.body).toEqual([agree, library]);
    expect((await admin().get(`/variable/project/${project}`)).body).toEqual(all.body);
    expect((await admin().get(`/variable/attribute/${first.token}`)).body).toEqual([agree, library]);
    expect((await admin().get(`/variable/attribute/${second.token}`)).body).toEqual([]);
    expect((await admin().get('/variable/attribute/3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f')).status).toBe(404);
    expect((await admin().get(`/variable/node/${topic.token}/token/${agree.token}`)).body).toEqual(agree);
    expect((await admin().get(`/variable/node/${foreign.node}/token/${agree.token}`)).status).toBe(404);
  });

  it('refuses bad input with 400 {"Error"} (409 for a taken short name) and writes nothing', async () => {
    const before = await count();
    const base = { attribute: first.token, mname: 'x', variable_type: [radio] };
    const bad: Array<[object, number, string]> = [
      [{ ...base, mname: '' }, 400, 'mname: This value is required.'],
      [{ ...base, mname: 'Χ' }, 400, "mname: lowercase Latin letters, digits, '-' and '_'"],
      [{ ...base, attribute: undefined }, 400, 'attribute: This value is required.'],
      [{ ...base, attribute: 'first' }, 400, 'invalid token'],
      [{ ...base, attribute: '3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f' }, 404, 'attribute not found'],
      [{ ...base, variable_type: undefined }, 400, 'variable_type: a list of at least one {kind, options}'],
      [
        { ...base, variable_type: [{ kind: 'video', options: {} }] },
        400,
        expect.stringMatching(/^variable_type\[0\]\.kind: one of radio/),
      ],
      [
        { ...base, variable_type: [{ kind: 'text', options: { choices: ['a'] } }] },
        400,
        'variable_type[0].options.choices: not an option of text',
      ],
      [{ ...base, tooltip: 'x'.repeat(501) }, 400, 'tooltip: Maximum size is 500.'],
      [{ ...base, type: 'radio' }, 400, 'type: unknown field'],
      [{ ...base, mname: 'agree' }, 409, 'mname: This value already exists!'],
    ];
    for (const [body, status, error] of bad) {
      const res = await admin().post('/variable', body);
      expect({ status: res.status, error: res.body.Error }).toEqual({ status, error });
    }
    const badJson = await admin().form('post', '/variable', {
      attribute: first.token,
      mname: 'x',
      variable_type: '[{"kind":',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.Error).toBe('variable_type: invalid JSON');
    const file = await admin()
      .form('post', '/variable', {
        attribute: first.token,
        mname: 'x',
        variable_type: JSON.stringify([radio]),
      })
      .attach('picture', Buffer.from('x'), 'icon.png');
    expect(file.status).toBe(400);
    expect(file.body.Error).toBe('picture: files are not accepted here: send the link of a library file');
    expect(await count()).toBe(before);
    // the same short name under another attribute is fine
    expect(
      (await admin().post('/variable', { ...base, attribute: second.token, mname: 'agree' })).status,
    ).toBe(200);
  });

  it('hides and shows with {is_visible} alone and changes only the fields sent', async () => {
    const shown = await admin().put(`/variable/token/${library.token}`, { is_visible: true });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ ...library, is_visible: true });
    const changed = await admin().form('put', `/variable/token/${agree.token}`, {
      _method: 'put',
      tooltip: 'Νέα βοήθεια',
      variable_type: JSON.stringify([{ kind: 'checkbox', options: { choices: ['α'] } }]),
    });
    expect(changed.body).toEqual({
      ...agree,
      tooltip: 'Νέα βοήθεια',
      // a choice sent as its label alone is a new one: the server gives it an id
      variable_type: [{ kind: 'checkbox', options: { choices: [{ id: expect.any(String), label: 'α' }] } }],
    });
    agree = changed.body;
    const bad = await admin().put(`/variable/token/${agree.token}`, { variable_type: [], tooltip: 'x' });
    expect(bad.status).toBe(400);
    expect((await admin().put(`/variable/token/${agree.token}`, { mname: 'pictures' })).status).toBe(409);
    expect((await admin().put(`/variable/token/${agree.token}`, { attribute: second.token })).status).toBe(
      400,
    );
    expect((await admin().get(`/variable/node/${topic.token}/token/${agree.token}`)).body).toEqual(agree);
  });

  it('moves variables within and across attributes of the project, keeping orders 1..n', async () => {
    const url = (v: VariableWire) => `/variable/project/survey/token/${v.token}/sortOrder/`;
    const orders = async () =>
      ((await admin().get('/variable/project/survey')).body as VariableWire[]).map((v) => [
        v.attribute === first.token ? 'first' : 'second',
        v.mname,
        v.sort_order,
      ]);
    expect((await admin().put(url(library), { sort_order: 1 })).body).toMatchObject({ sort_order: 1 });
    expect(await orders()).toEqual([
      ['first', 'pictures', 1],
      ['first', 'agree', 2],
      ['second', 'agree', 1],
    ]);
    expect((await admin().put(url(agree), { sort_order: 1, attribute: second.token })).status).toBe(409);
    const moved = await admin().put(url(library), { sort_order: 2, attribute: second.token });
    expect(moved.body).toMatchObject({ attribute: second.token, sort_order: 2 });
    expect(await orders()).toEqual([
      ['first', 'agree', 1],
      ['second', 'agree', 1],
      ['second', 'pictures', 2],
    ]);
    const abroad = await admin().put(url(library), { sort_order: 1, attribute: foreign.token });
    expect(abroad.status).toBe(400);
    expect(abroad.body.Error).toBe('attribute: must belong to the same project');
    expect((await admin().put(url(library), { sort_order: 3 })).status).toBe(400);
  });

  it('deletes a variable and closes the gap', async () => {
    const [a, b] = (await admin().get(`/variable/attribute/${second.token}`)).body as VariableWire[];
    const res = await admin().delete(`/variable/token/${a!.token}`);
    expect(res.body).toEqual({ message: 'data deleted' });
    expect((await admin().get(`/variable/attribute/${second.token}`)).body).toEqual([
      { ...b, sort_order: 1 },
    ]);
    expect((await admin().delete(`/variable/token/${a!.token}`)).status).toBe(404);
  });
});
