import { bootTestService, type TestService } from '@agora/common/testing';
import { makeDocx, makeImage, makePdf } from '@agora/common/uploads/fixtures';
import type { SessionUser } from '@agora/contracts';
import type { AnswerValueAnswer } from '@agora/contracts/api';
import { createConsultationService } from '../index.js';
import { as, buildWorld, ITEMS, personOf, rows, type World } from '../../test/answer-test-helpers.js';

let svc: TestService;
let w: World;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  w = await buildWorld(svc);
});
afterAll(() => svc?.close());

const participant = (): SessionUser => personOf('normal', w.category);

/** A fresh participant's answer to the attribute without geometry (the one with the variable of every kind). */
async function freshChoice(who = participant()) {
  const res = await as(svc, who).post('/data/scope/attribute', { attribute: w.comments });
  expect(res.status).toBe(201);
  return { who, choice: res.body.token as string };
}

type Value = { variable_type: string; value?: string; location?: string };

const postValues = (who: SessionUser, choice: string, values: Value[]) =>
  as(svc, who).post('/data/scope/variable', { choice, variable: w.survey, values });

const putValues = (who: SessionUser, choice: string, values: Value[]) =>
  as(svc, who).put(`/data/scope/variable/choice/${choice}/variable/${w.survey}`, { values });

/** A multipart write: the values as `values[i][…]` fields, files as `resource_i`. */
function form(
  who: SessionUser,
  method: 'post' | 'put',
  url: string,
  fields: Record<string, string>,
  values: Value[],
  files: Record<number, { data: Buffer; name: string }> = {},
) {
  let req = as(svc, who).req(method, url);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  values.forEach((v, i) => {
    req = req.field(`values[${i}][variable_type]`, v.variable_type);
    if (v.value !== undefined) req = req.field(`values[${i}][value]`, v.value);
    if (v.location !== undefined) req = req.field(`values[${i}][location]`, v.location);
  });
  for (const [i, f] of Object.entries(files)) req = req.attach(`resource_${i}`, f.data, f.name);
  return req;
}

const ADDRESS = 'Ερμού+12Α+Αθήνα+105 63';

/** One valid value of every kind but the files. */
const VALID: Value[] = [
  { variable_type: 'radio', value: 'yes' },
  { variable_type: 'checkbox', value: 'a;c' },
  { variable_type: 'date', value: '2026-05-01' },
  { variable_type: 'text', value: 'Πολύ καλή ιδέα' },
  { variable_type: 'string', value: 'σύντομο' },
  { variable_type: 'number', value: '42.5' },
  { variable_type: 'resource', value: ADDRESS, location: '37.9;23.7' },
  { variable_type: 'library', value: ITEMS[1] },
];

describe('values of every kind', () => {
  it('stores all ten value types (a multipart form with a photo and a document) and reads them back', async () => {
    const { who, choice } = await freshChoice();
    const photo = await makeImage('jpeg', 64, 48, { exif: true });
    expect(photo.includes(Buffer.from('secret-owner'))).toBe(true);
    const values: Value[] = [
      ...VALID,
      { variable_type: 'photo', value: '' },
      { variable_type: 'document', value: '' },
    ];
    const res = await form(who, 'post', '/data/scope/variable', { choice, variable: w.survey }, values, {
      8: { data: photo, name: 'φωτό.jpg' },
      9: { data: makePdf(), name: 'σχέδιο.pdf' },
    });
    expect(res.status).toBe(201);
    expect(res.body.choice).toBe(choice);
    const byKind = Object.fromEntries(
      (res.body.values as AnswerValueAnswer[]).map((v) => [v.variable_type, v]),
    );
    expect(Object.keys(byKind).sort()).toEqual(
      [
        'checkbox',
        'date',
        'document',
        'library',
        'number',
        'photo',
        'radio',
        'resource',
        'string',
        'text',
      ].sort(),
    );
    // the choice's id is stored, its label joined when read
    expect(byKind.radio).toEqual({
      variable_type: 'radio',
      value: 'yes',
      label: 'Ναι',
      location: null,
      file: null,
    });
    expect(byKind.checkbox).toMatchObject({ value: 'a;c', label: 'α;γ' });
    expect(byKind.date).toMatchObject({ value: '2026-05-01' });
    expect(byKind.number).toMatchObject({ value: '42.5' });
    expect(byKind.resource).toMatchObject({ value: ADDRESS, location: '37.9;23.7' });
    expect(byKind.library).toMatchObject({ value: ITEMS[1] });
    expect(byKind.photo).toMatchObject({
      value: 'φωτό.jpg',
      file: {
        name: 'φωτό.jpg',
        mime: 'image/jpeg',
        url: expect.stringMatching(/^\/api\/data\/scope\/file\//),
      },
    });
    expect(byKind.document).toMatchObject({ file: { mime: 'application/pdf' } });

    // typed columns
    const [typed] = await svc.db.query<{ n: string; d: string; l: string[] }>(
      `SELECT (SELECT number_value::text FROM consultation.answer_value WHERE answer = $1 AND kind = 'number') AS n,
              (SELECT date_value::text FROM consultation.answer_value WHERE answer = $1 AND kind = 'date') AS d,
              (SELECT list_value FROM consultation.answer_value WHERE answer = $1 AND kind = 'checkbox') AS l`,
      [choice],
    );
    expect(typed).toEqual({ n: '42.5', d: '2026-05-01', l: ['a', 'c'] });

    // the photo is served without its metadata
    const file = await as(svc, who)
      .get(`/data/scope/file/${byKind.photo!.file!.id}`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const bytes = file.body as Buffer;
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(bytes.includes(Buffer.from('secret-owner'))).toBe(false);

    const read = await as(svc, who).get(`/data/scope/answers/choice/${choice}`);
    expect(read.status).toBe(200);
    expect(read.body.choice.token).toBe(choice);
    expect(read.body.values).toHaveLength(10);
    expect(read.body.values.every((v: { variable: string }) => v.variable === w.survey)).toBe(true);
  });

  it('stores a geometric kind as a FeatureCollection with its choices', async () => {
    const admin = as(svc, w.people.admin);
    const drawn = await admin.post('/variable', {
      attribute: w.comments,
      mname: 'drawn',
      variable_type: [
        {
          kind: 'geom_point',
          options: {
            numberOfGeometries: 2,
            geometricChoices: [
              { id: 'tree', label: 'Δέντρο' },
              { id: 'bench', label: 'Παγκάκι' },
            ],
          },
        },
      ],
    });
    expect(drawn.status).toBe(200);
    const { who, choice } = await freshChoice();
    const collection = (...choices: Array<string | number>) =>
      JSON.stringify({
        type: 'FeatureCollection',
        features: choices.map((c, i) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [23.7 + i / 1000, 37.9] },
          properties: { choice: c },
        })),
      });
    const send = (value: string) =>
      as(svc, who).post('/data/scope/variable', {
        choice,
        variable: drawn.body.token,
        values: [{ variable_type: 'geom_point', value }],
      });
    for (const bad of [
      collection('tree', 'bench', 'tree'),
      collection('pine'),
      // a position is no id
      collection(0),
      '{"type":"Point","coordinates":[23.7,37.9]}',
      'x',
    ]) {
      const res = await send(bad);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    }
    const ok = await send(collection('tree', 'bench'));
    expect(ok.status).toBe(201);
    expect(ok.body.values).toEqual([
      expect.objectContaining({ variable_type: 'geom_point', value: collection('tree', 'bench') }),
    ]);
    // stored once: the FeatureCollection text, with each feature's geometric choice (decision 0056)
    const stored = await svc.db.query<{ text_value: string }>(
      `SELECT text_value FROM consultation.answer_value WHERE answer = $1`,
      [choice],
    );
    expect(stored.map((v) => JSON.parse(v.text_value))).toEqual([JSON.parse(collection('tree', 'bench'))]);
  });

  it('drops the height of every position of a geometric kind: it stores and answers the shapes in 2D', async () => {
    const admin = as(svc, w.people.admin);
    const drawn = await admin.post('/variable', {
      attribute: w.comments,
      mname: 'drawn3d',
      variable_type: [
        {
          kind: 'geom_select',
          options: { numberOfGeometries: 2, geometricChoices: [{ id: 'tree', label: 'Δέντρο' }] },
        },
      ],
    });
    expect(drawn.status).toBe(200);
    const { who, choice } = await freshChoice();
    const collection = (point: number[], line: number[][]) => ({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: point }, properties: { choice: 'tree' } },
        {
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: line },
          properties: { choice: 'tree' },
        },
      ],
    });
    const res = await as(svc, who).post('/data/scope/variable', {
      choice,
      variable: drawn.body.token,
      values: [
        {
          variable_type: 'geom_select',
          value: JSON.stringify(
            collection(
              [23.71234567, 37.91234567, 120.5],
              [
                [23.7, 37.9, 0],
                [23.8, 38.0, 14],
              ],
            ),
          ),
        },
      ],
    });
    expect(res.status).toBe(201);
    const flat = collection(
      [23.71234567, 37.91234567],
      [
        [23.7, 37.9],
        [23.8, 38.0],
      ],
    );
    expect(JSON.parse(res.body.values[0].value)).toEqual(flat);
    const stored = await svc.db.query<{ text_value: string }>(
      `SELECT text_value FROM consultation.answer_value WHERE answer = $1`,
      [choice],
    );
    expect(stored.map((v) => JSON.parse(v.text_value))).toEqual([flat]);
  });

  it('changes only the values sent with PUT (JSON and multipart with _method=PUT); an empty value is removed', async () => {
    const { who, choice } = await freshChoice();
    expect((await postValues(who, choice, VALID)).status).toBe(201);
    const again = await postValues(who, choice, VALID);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONSULTATION.EXISTS');

    const changed = await putValues(who, choice, [
      { variable_type: 'text', value: 'Άλλη γνώμη' },
      { variable_type: 'string', value: '' },
    ]);
    expect(changed.status).toBe(200);
    const kinds = Object.fromEntries(
      (changed.body.values as Array<{ variable_type: string; value: string }>).map((v) => [
        v.variable_type,
        v.value,
      ]),
    );
    expect(kinds.text).toBe('Άλλη γνώμη');
    expect(kinds.radio).toBe('yes');
    expect(kinds.string).toBeUndefined();

    const byForm = await form(
      who,
      'post',
      `/data/scope/variable/choice/${choice}/variable/${w.survey}`,
      { _method: 'PUT' },
      [{ variable_type: 'number', value: '7' }],
    );
    expect(byForm.status).toBe(200);
    expect(
      await rows(svc, 'answer_value', `answer = $1 AND kind = 'number' AND number_value = 7`, [choice]),
    ).toBe(1);

    const removeRequired = await putValues(who, choice, [{ variable_type: 'radio', value: '' }]);
    expect(removeRequired.status).toBe(400);
    expect(removeRequired.body).toMatchObject({ field: 'values[0][value]', rule: 'required' });

    const other = await putValues(w.people.other, choice, [{ variable_type: 'text', value: 'ξένο κείμενο' }]);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('CONSULTATION.NOT_OWNER');
  });
});

describe('values that break their options', () => {
  const cases: Array<[string, Value[], string, string]> = [
    ['required: missing', [{ variable_type: 'text', value: 'κάτι εδώ' }], 'values', 'required'],
    ['required: empty', [{ variable_type: 'radio', value: '' }], 'values[0][value]', 'required'],
    ['choices (radio)', [{ variable_type: 'radio', value: 'Ίσως' }], 'values[0][value]', 'choice'],
    ['choices (checkbox)', [{ variable_type: 'checkbox', value: 'a;ω' }], 'values[1][value]', 'choice'],
    ['checkbox repeated', [{ variable_type: 'checkbox', value: 'a;a' }], 'values[1][value]', 'duplicate'],
    ['minLength', [{ variable_type: 'text', value: 'αβ' }], 'values[1][value]', 'min'],
    ['maxLength (text)', [{ variable_type: 'text', value: 'α'.repeat(51) }], 'values[1][value]', 'max'],
    ['maxLength (string)', [{ variable_type: 'string', value: 'δώδεκα γράμ' }], 'values[1][value]', 'max'],
    ['minDate', [{ variable_type: 'date', value: '2019-12-31' }], 'values[1][value]', 'min'],
    ['maxDate', [{ variable_type: 'date', value: '2031-01-01' }], 'values[1][value]', 'max'],
    ['not a date', [{ variable_type: 'date', value: '2026-02-30' }], 'values[1][value]', 'pattern'],
    ['number above', [{ variable_type: 'number', value: '100.5' }], 'values[1][value]', 'range'],
    ['number below', [{ variable_type: 'number', value: '-1' }], 'values[1][value]', 'range'],
    ['not a number', [{ variable_type: 'number', value: '1e3' }], 'values[1][value]', 'type'],
    [
      'address pattern',
      [{ variable_type: 'resource', value: 'Main St+12Z+Athens+105' }],
      'values[1][value]',
      'pattern',
    ],
    [
      'location outside Greece',
      [{ variable_type: 'resource', value: ADDRESS, location: '48.85;2.35' }],
      'values[1][location]',
      'pattern',
    ],
    [
      'library item not listed',
      [{ variable_type: 'library', value: '5b3e8c74-4d30-4e3c-9f50-9c2d0e1f2a3b' }],
      'values[1][value]',
      'choice',
    ],
    [
      'library: one unless allowMultiple',
      [{ variable_type: 'library', value: ITEMS.join(';') }],
      'values[1][value]',
      'max',
    ],
    [
      'a kind the variable lacks',
      [{ variable_type: 'geom_line', value: '{}' }],
      'values[1][variable_type]',
      'choice',
    ],
    ['a kind twice', [{ variable_type: 'radio', value: 'Όχι' }], 'values[1][variable_type]', 'duplicate'],
  ];

  it.each(cases)(
    'refuses %s (400 CONSULTATION.INVALID_FIELD naming the field), writing nothing',
    async (_name, extra, field, rule) => {
      const { who, choice } = await freshChoice();
      // the required radio first (unless the case is about it), then the value under test
      const values =
        field === 'values' || field === 'values[0][value]'
          ? extra
          : [{ variable_type: 'radio', value: 'yes' }, ...extra];
      const res = await postValues(who, choice, values);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'CONSULTATION.INVALID_FIELD', field, rule });
      expect(await rows(svc, 'answer_value', 'answer = $1', [choice])).toBe(0);
    },
  );

  it('refuses malformed bodies with 400, never 500', async () => {
    const { who, choice } = await freshChoice();
    for (const body of [
      {},
      { choice, variable: w.survey },
      { choice, variable: w.survey, values: 'x' },
      { choice, variable: w.survey, values: [{ value: 'x' }] },
      { choice, variable: w.survey, values: [{ variable_type: 'radio', value: {} }] },
      { choice, variable: w.survey, values: [{ variable_type: 'radio', value: 'yes', other: 1 }] },
      { choice: 'x', variable: w.survey, values: [] },
    ]) {
      const res = await as(svc, who).post('/data/scope/variable', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    for (const fields of [
      { 'values[a][variable_type]': 'radio' },
      { 'values[40][variable_type]': 'radio' },
      { values: 'not json' },
      { 'values[0]': 'radio' },
      { 'values[0][variable_type]': 'radio', 'values[0][value][x]': 'Ναι' },
      { _method: 'PATCH', 'values[0][variable_type]': 'radio', 'values[0][value]': 'yes' },
    ]) {
      let req = as(svc, who)
        .req('post', '/data/scope/variable')
        .field('choice', choice)
        .field('variable', w.survey);
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      const res = await req;
      expect({ fields, status: res.status }).toEqual({ fields, status: 400 });
    }
    const unknownVariable = await as(svc, who).post('/data/scope/variable', {
      choice,
      variable: w.points,
      values: [],
    });
    expect(unknownVariable.status).toBe(404);
    expect(await rows(svc, 'answer_value', 'answer = $1', [choice])).toBe(0);
  });
});

describe('files', () => {
  const upload = (who: SessionUser, choice: string, kind: 'photo' | 'document', data: Buffer, name: string) =>
    form(
      who,
      'post',
      '/data/scope/variable',
      { choice, variable: w.survey },
      [{ variable_type: 'radio', value: 'yes' }, { variable_type: kind }],
      { 1: { data, name } },
    );

  it('refuses an SVG, an HTML page renamed .jpg and a ZIP renamed .pdf, keeping nothing', async () => {
    const { who, choice } = await freshChoice();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const [kind, data, name] of [
      ['photo', svg, 'x.svg'],
      ['photo', svg, 'x.jpg'],
      ['photo', html, 'x.jpg'],
      ['document', html, 'x.pdf'],
      ['document', await makeImage('png', 10, 10), 'x.pdf'],
      ['document', makeDocx(), 'x.pdf'],
    ] as const) {
      const res = await upload(who, choice, kind, data, name);
      expect({ name, status: res.status, code: res.body.code }).toEqual({
        name,
        status: 415,
        code: 'REQUEST.FILE',
      });
    }
    expect(await rows(svc, 'answer_file', 'answer = $1', [choice])).toBe(0);
    expect(await rows(svc, 'answer_value', 'answer = $1', [choice])).toBe(0);
    // a .docx is a document this variable accepts
    expect((await upload(who, choice, 'document', makeDocx(), 'σχέδιο.docx')).status).toBe(201);
  });

  it('refuses a file above min(maxSize, project max_bytes) with 413 REQUEST.TOO_LARGE', async () => {
    const { who, choice } = await freshChoice();
    const big = Buffer.concat([makePdf(), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const res = await upload(who, choice, 'document', big, 'μεγάλο.pdf');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'REQUEST.TOO_LARGE', field: 'resource_1' });
    await svc.db.query(`UPDATE consultation.project SET max_bytes = 1000 WHERE token = $1`, [w.project]);
    try {
      const small = await upload(who, choice, 'photo', await makeImage('png', 200, 200), 'x.png');
      expect(small.status).toBe(413);
    } finally {
      await svc.db.query(`UPDATE consultation.project SET max_bytes = 5242880 WHERE token = $1`, [w.project]);
    }
    expect(await rows(svc, 'answer_file', 'answer = $1', [choice])).toBe(0);
  });

  it('replaces a photo with PUT (the old file goes), and writes nothing of a PUT with one bad value', async () => {
    const { who, choice } = await freshChoice();
    const first = await upload(who, choice, 'photo', await makeImage('png', 20, 20), 'α.png');
    expect(first.status).toBe(201);
    const url = `/data/scope/variable/choice/${choice}/variable/${w.survey}`;
    const half = await form(
      who,
      'put',
      url,
      {},
      [{ variable_type: 'photo' }, { variable_type: 'radio', value: 'Ίσως' }],
      { 0: { data: await makeImage('webp', 20, 20), name: 'β.webp' } },
    );
    expect(half.status).toBe(400);
    expect(half.body).toMatchObject({ field: 'values[1][value]', rule: 'choice' });
    const files = () =>
      svc.db.query<{ name: string }>(`SELECT name FROM consultation.answer_file WHERE answer = $1`, [choice]);
    expect(await files()).toEqual([{ name: 'α.png' }]);
    const replaced = await form(who, 'put', url, {}, [{ variable_type: 'photo' }], {
      0: { data: await makeImage('webp', 20, 20), name: 'β.webp' },
    });
    expect(replaced.status).toBe(200);
    expect(await files()).toEqual([{ name: 'β.webp' }]);
    const removed = await putValues(who, choice, [{ variable_type: 'photo', value: '' }]);
    expect(removed.status).toBe(200);
    expect(await files()).toEqual([]);
  });

  it('refuses a file sent in another part, or for a value that takes none', async () => {
    const { who, choice } = await freshChoice();
    const wrongPart = await as(svc, who)
      .req('post', '/data/scope/variable')
      .field('choice', choice)
      .field('variable', w.survey)
      .field('values[0][variable_type]', 'radio')
      .field('values[0][value]', 'yes')
      .attach('file', makePdf(), 'x.pdf');
    expect(wrongPart.status).toBe(400);
    expect(wrongPart.body.code).toBe('REQUEST.FILE');
    const notAFileValue = await form(
      who,
      'post',
      '/data/scope/variable',
      { choice, variable: w.survey },
      [{ variable_type: 'radio', value: 'yes' }],
      { 0: { data: makePdf(), name: 'x.pdf' } },
    );
    expect(notAFileValue.status).toBe(400);
    expect(notAFileValue.body).toMatchObject({ code: 'CONSULTATION.INVALID_FIELD', field: 'resource_0' });
  });

  it('serves a file to its owner, staff and experts; enrolled normal users once public; nobody else', async () => {
    const { who, choice } = await freshChoice();
    const res = await upload(who, choice, 'document', makePdf(), 'σχέδιο.pdf');
    expect(res.status).toBe(201);
    const id = res.body.values.find((v: { variable_type: string }) => v.variable_type === 'document').file.id;
    const url = `/data/scope/file/${id}`;
    const status = async (person: SessionUser | null) => (await as(svc, person).get(url)).status;
    expect(await status(who)).toBe(200);
    expect(await status(w.people.admin)).toBe(200);
    expect(await status(w.people.expert)).toBe(200);
    expect(await status(w.people.other)).toBe(403);
    expect(await status(w.people.outsider)).toBe(403);
    expect(await status(null)).toBe(401);
    const served = await as(svc, who).get(url);
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    await svc.db.query(`UPDATE consultation.project SET is_public = true WHERE token = $1`, [w.project]);
    try {
      expect(await status(w.people.other)).toBe(200);
      expect(await status(w.people.outsider)).toBe(403);
    } finally {
      await svc.db.query(`UPDATE consultation.project SET is_public = false WHERE token = $1`, [w.project]);
    }
    expect((await as(svc, who).get('/data/scope/file/9d1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d')).status).toBe(
      404,
    );
    // deleting the answer deletes its files
    expect((await as(svc, who).delete(`/data/scope/attribute/choice/${choice}`)).status).toBe(200);
    expect(await rows(svc, 'answer_file', 'id = $1', [id])).toBe(0);
  });
});
