import { bootTestService, type TestService } from '@agora/common/testing';
import { requestAs } from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';

const CATEGORY = '00000000-0000-4000-8000-0000000000c1';
const OTHER = '00000000-0000-4000-8000-0000000000c2';
const MISSING = '00000000-0000-4000-8000-0000000000ff';
const MARKER = '/api/library/files/markers/star.svg';

describe('consultation profile', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await bootTestService(createConsultationService({}));
    await svc.db.query(`
      INSERT INTO consultation.category (token, mname, title, sort_order)
      VALUES ('${CATEGORY}', 'mobility', 'Κινητικότητα', 1), ('${OTHER}', 'parks', 'Πάρκα', 2)`);
  });
  afterAll(() => svc?.close());

  const call = (method: 'get' | 'post' | 'put' | 'delete', url: string) =>
    requestAs(svc, 'admin', method, url);
  const counts = async () =>
    (
      await svc.db.query<{ q: number; c: number }>(
        `SELECT (SELECT count(*) FROM consultation.profile_question)::int AS q,
                (SELECT count(*) FROM consultation.profile_choice)::int AS c`,
      )
    )[0];
  const list = async (category = CATEGORY, role = 'normal') =>
    (await call('get', `/consultationProfile/category/${category}/role/${role}`)).body as Array<{
      token: string;
      question: string;
      sort_order: number;
      choices: Array<{ id: number; content: string; sort_order: number }>;
    }>;

  const TRANSPORT = {
    question: 'Πώς μετακινείστε συνήθως;',
    category: CATEGORY,
    role: 'normal',
    weight: 3,
    choices: [
      { content: 'Με τα πόδια', icon: MARKER, weight: 1 },
      { content: 'Με ποδήλατο', icon: 'https://example.org/bike.svg', weight: '2' },
    ],
  };

  it('adds a question with its choices from JSON and answers it in the exact shape', async () => {
    const res = await call('post', '/ConsultationProfile').send(TRANSPORT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      category: CATEGORY,
      role: 'normal',
      question: 'Πώς μετακινείστε συνήθως;',
      weight: 3,
      sort_order: 1,
      choices: [
        { id: expect.any(Number), content: 'Με τα πόδια', icon: MARKER, weight: 1, sort_order: 1 },
        {
          id: expect.any(Number),
          content: 'Με ποδήλατο',
          icon: 'https://example.org/bike.svg',
          weight: 2,
          sort_order: 2,
        },
      ],
    });
  });

  it('adds questions from multipart forms: choices[i][field] fields, or choices as JSON text', async () => {
    const fields = await call('post', '/consultationProfile')
      .field('question', 'Ηλικία')
      .field('category', CATEGORY)
      .field('role', 'normal')
      .field('weight', '1')
      .field('choices[0][content]', 'κάτω από 30')
      .field('choices[0][icon]', MARKER)
      .field('choices[0][weight]', '1')
      .field('choices[1][content]', '30 και πάνω')
      .field('choices[1][icon]', MARKER)
      .field('choices[1][weight]', '-2');
    expect(fields.status).toBe(200);
    expect(fields.body).toMatchObject({ question: 'Ηλικία', weight: 1, sort_order: 2 });
    expect(
      fields.body.choices.map((c: { content: string; weight: number }) => [c.content, c.weight]),
    ).toEqual([
      ['κάτω από 30', 1],
      ['30 και πάνω', -2],
    ]);

    const json = await call('post', '/consultationProfile')
      .field('question', 'Ειδικότητα')
      .field('category', CATEGORY)
      .field('role', 'expert')
      .field('weight', '5')
      .field('choices', JSON.stringify([{ content: 'Μηχανικός', icon: MARKER, weight: 4 }]));
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ role: 'expert', sort_order: 1, choices: [{ content: 'Μηχανικός' }] });
  });

  it.each([
    [{ ...TRANSPORT, question: '  ' }, 400, 'question: This value is required.'],
    [{ ...TRANSPORT, weight: undefined }, 400, 'weight: This value is required.'],
    [{ ...TRANSPORT, weight: '1.5' }, 400, 'weight: a whole number from -999999 to 999999'],
    [{ ...TRANSPORT, role: 'viewer' }, 400, 'role: expert or normal'],
    [{ ...TRANSPORT, category: 'mobility' }, 400, 'category: a token'],
    [{ ...TRANSPORT, category: undefined }, 400, 'category: This value is required.'],
    [{ ...TRANSPORT, category: MISSING }, 404, 'category not found'],
    [
      { ...TRANSPORT, choices: [{ content: 'x', weight: 1 }] },
      400,
      'choices[0].icon: This value is required.',
    ],
    [
      { ...TRANSPORT, choices: [{ content: 'x', icon: 'javascript:alert(1)', weight: 1 }] },
      400,
      'choices[0].icon: a marker URL is expected',
    ],
    [
      { ...TRANSPORT, choices: [{ content: 'x', icon: MARKER, weight: 1, extra: 1 }] },
      400,
      'choices[0].extra: unknown field',
    ],
    [{ ...TRANSPORT, choices: '[{"content":' }, 400, 'choices: invalid JSON'],
    [{ ...TRANSPORT, choices: { content: 'x' } }, 400, 'choices: a list of choices'],
    [{ ...TRANSPORT, token: MISSING }, 400, 'token: unknown field'],
    [{ ...TRANSPORT, question: 'x'.repeat(501) }, 400, 'question: Maximum size is 500.'],
  ])('refuses a bad question (%#) and writes nothing', async (body, status, message) => {
    const before = await counts();
    const res = await call('post', '/consultationProfile').send(body);
    expect(res.status).toBe(status);
    expect(res.body.Error).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file part other than icons_i, a JSON array and malformed JSON, writing nothing', async () => {
    const before = await counts();
    const file = await call('post', '/consultationProfile')
      .field('question', 'Με αρχείο')
      .field('category', CATEGORY)
      .field('role', 'normal')
      .field('weight', '1')
      .attach('icon', Buffer.from('<svg/>'), 'icon.svg');
    expect(file.status).toBe(400);
    expect(file.body.Error).toBe('icon: files are not accepted here: send the link of a library file');
    const array = await call('post', '/consultationProfile').send([TRANSPORT]);
    expect(array.status).toBe(400);
    expect(array.body.Error).toBe('the body must be a JSON object or a form');
    const malformed = await call('post', '/consultationProfile')
      .set('content-type', 'application/json')
      .send('{"question":');
    expect(malformed.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('lists a category role by sort_order with choices by sort_order; 404 and 400 for bad paths', async () => {
    expect((await list()).map((q) => q.question)).toEqual(['Πώς μετακινείστε συνήθως;', 'Ηλικία']);
    expect((await list(CATEGORY, 'expert')).map((q) => q.question)).toEqual(['Ειδικότητα']);
    expect(await list(OTHER)).toEqual([]);
    const unknown = await call('get', `/consultationProfile/category/${MISSING}/role/normal`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ Error: 'category not found', code: 'CONSULTATION.CATEGORY_NOT_FOUND' });
    const role = await call('get', `/consultationProfile/category/${CATEGORY}/role/student`);
    expect(role.status).toBe(400);
    expect(role.body.Error).toBe('role: expert or normal');
    const token = await call('get', `/consultationProfile/category/mobility/role/normal`);
    expect(token.status).toBe(400);
    expect(token.body).toEqual({ Error: 'invalid token', code: 'REQUEST.TOKEN' });
  });

  it('changes the question text or its weight; refuses empty and bad changes unchanged', async () => {
    const [first] = await list();
    const text = await call('put', `/consultationProfile/token/${first!.token}`).send({
      question: 'Πώς έρχεστε;',
    });
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ question: 'Πώς έρχεστε;', weight: 3, sort_order: 1 });
    expect(text.body.choices).toHaveLength(2);
    const weight = await call('put', `/consultationProfile/token/${first!.token}`)
      .field('_method', 'PUT')
      .field('weight', '7');
    expect(weight.status).toBe(200);
    expect(weight.body).toMatchObject({ question: 'Πώς έρχεστε;', weight: 7 });

    for (const [body, message] of [
      [{}, 'nothing to change: send question, weight'],
      [{ question: '' }, 'question: This value is required.'],
      [{ weight: 'heavy' }, 'weight: a whole number from -999999 to 999999'],
      [{ role: 'expert' }, 'role: unknown field'],
    ] as const) {
      const res = await call('put', `/consultationProfile/token/${first!.token}`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.Error).toBe(message);
    }
    const missing = await call('put', `/consultationProfile/token/${MISSING}`).send({ weight: 1 });
    expect(missing.status).toBe(404);
    expect((await list())[0]).toMatchObject({ question: 'Πώς έρχεστε;', weight: 7 });
  });

  it('orders the questions of one category and role from an array of tokens (1-based)', async () => {
    const third = await call('post', '/consultationProfile').send({
      ...TRANSPORT,
      question: 'Τρίτη',
      choices: [],
    });
    expect(third.body.sort_order).toBe(3);
    const tokens = (await list()).map((q) => q.token);
    const res = await call('put', '/consultationProfile/sortOrder/').send([tokens[2], tokens[0], tokens[1]]);
    expect(res.status).toBe(200);
    expect(res.body.map((q: { question: string; sort_order: number }) => [q.question, q.sort_order])).toEqual(
      [
        ['Τρίτη', 1],
        ['Πώς έρχεστε;', 2],
        ['Ηλικία', 3],
      ],
    );

    const [expert] = await list(CATEGORY, 'expert');
    for (const [body, status, message] of [
      [[tokens[0], tokens[0]], 400, 'an entry appears more than once'],
      [[tokens[0], MISSING], 404, 'question not found'],
      [[tokens[0], expert!.token], 400, 'the questions to order must all belong to one category and role'],
      [{ [tokens[0]!]: 1 }, 400, 'a non-empty JSON array is expected'],
      [[], 400, 'a non-empty JSON array is expected'],
      [['not-a-token'], 400, 'invalid token'],
    ] as const) {
      const bad = await call('put', '/consultationProfile/sortOrder').send(body as object);
      expect(bad.status).toBe(status);
      expect(bad.body.Error).toBe(message);
    }
    expect((await list()).map((q) => q.question)).toEqual(['Τρίτη', 'Πώς έρχεστε;', 'Ηλικία']);
  });

  it('adds, changes, orders and deletes choices', async () => {
    const question = (await list()).find((q) => q.question === 'Πώς έρχεστε;')!;
    const added = await call('post', '/consultationWeight')
      .field('question', question.token)
      .field('content', 'Με λεωφορείο')
      .field('icon', MARKER)
      .field('weight', '3');
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      id: expect.any(Number),
      content: 'Με λεωφορείο',
      icon: MARKER,
      weight: 3,
      sort_order: 3,
    });

    const changed = await call('put', `/consultationWeight/id/${added.body.id}`).send({
      icon: '/markers/bus.svg',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ content: 'Με λεωφορείο', icon: '/markers/bus.svg', weight: 3 });
    const weight = await call('put', `/consultationWeight/id/${added.body.id}`).send({
      weight: 4,
      content: 'Λεωφορείο',
    });
    expect(weight.body).toMatchObject({ content: 'Λεωφορείο', weight: 4 });

    const ids = question.choices.map((c) => c.id);
    const ordered = await call('put', '/consultationWeight/sortOrder/').send([added.body.id, ids[1], ids[0]]);
    expect(ordered.status).toBe(200);
    expect(
      ordered.body.map((c: { content: string; sort_order: number }) => [c.content, c.sort_order]),
    ).toEqual([
      ['Λεωφορείο', 1],
      ['Με ποδήλατο', 2],
      ['Με τα πόδια', 3],
    ]);

    const deleted = await call('delete', `/consultationWeight/id/${ids[1]}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'data deleted' });
    const after = (await list()).find((q) => q.token === question.token)!;
    expect(after.choices.map((c) => [c.content, c.sort_order])).toEqual([
      ['Λεωφορείο', 1],
      ['Με τα πόδια', 2],
    ]);
    expect((await call('delete', `/consultationWeight/id/${ids[1]}`)).status).toBe(404);
  });

  it('refuses bad choices and bad choice changes, writing nothing', async () => {
    const [, question, other] = await list();
    if (!question?.choices[0] || !other?.choices[0]) throw new Error('two questions with choices expected');
    const before = await counts();
    const snapshot = await list();
    for (const [method, url, body, status, message] of [
      [
        'post',
        '/consultationWeight',
        { question: question.token, content: 'x', weight: 1 },
        400,
        'icon: This value is required.',
      ],
      [
        'post',
        '/consultationWeight',
        { question: question.token, content: 'x', icon: 'data:image/svg+xml,<svg/>', weight: 1 },
        400,
        'icon: a marker URL is expected',
      ],
      [
        'post',
        '/consultationWeight',
        { content: 'x', icon: MARKER, weight: 1 },
        400,
        'question: This value is required.',
      ],
      [
        'post',
        '/consultationWeight',
        { question: MISSING, content: 'x', icon: MARKER, weight: 1 },
        404,
        'question not found',
      ],
      [
        'post',
        '/consultationWeight',
        { question: question.token, content: 'x', icon: MARKER, weight: 'w' },
        400,
        'weight: a whole number from -999999 to 999999',
      ],
      ['put', '/consultationWeight/id/abc', { weight: 1 }, 400, 'invalid id'],
      ['put', '/consultationWeight/id/99999999999', { weight: 1 }, 400, 'invalid id'],
      ['put', '/consultationWeight/id/999999', { weight: 1 }, 404, 'choice not found'],
      [
        'put',
        `/consultationWeight/id/${question.choices[0].id}`,
        {},
        400,
        'nothing to change: send content, weight, icon',
      ],
      [
        'put',
        `/consultationWeight/id/${question.choices[0].id}`,
        { content: ' ' },
        400,
        'content: This value is required.',
      ],
      [
        'put',
        '/consultationWeight/sortOrder',
        [question.choices[0].id, other.choices[0].id],
        400,
        'the choices to order must all belong to one question',
      ],
      ['put', '/consultationWeight/sortOrder', [1.5], 400, 'invalid id'],
      ['delete', '/consultationWeight/id/0', undefined, 400, 'invalid id'],
    ] as const) {
      const req = call(method, url);
      const res = body === undefined ? await req : await req.send(body as object);
      expect([url, res.status, res.body.Error]).toEqual([url, status, message]);
    }
    expect(await counts()).toEqual(before);
    expect(await list()).toEqual(snapshot);
  });

  it('deletes a question with its choices and numbers the rest 1..n', async () => {
    const [first, second, third] = await list();
    const before = await counts();
    const res = await call('delete', `/consultationProfile/token/${second!.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'data deleted' });
    expect((await list()).map((q) => [q.token, q.sort_order])).toEqual([
      [first!.token, 1],
      [third!.token, 2],
    ]);
    expect(await counts()).toEqual({ q: before!.q - 1, c: before!.c - second!.choices.length });
    expect((await call('delete', `/consultationProfile/token/${second!.token}`)).status).toBe(404);
    expect((await call('delete', '/consultationProfile/token/x')).status).toBe(400);
  });

  it('deletes the questions of a deleted category', async () => {
    await svc.db.query(`DELETE FROM consultation.category WHERE token = '${CATEGORY}'`);
    expect(await counts()).toEqual({ q: 0, c: 0 });
  });
});
