import { randomUUID } from 'node:crypto';
import { bootTestService, type TestService } from '@agora/common/testing';
import type { Role, SessionUser } from '@agora/contracts';
import { createConsultationService } from '../index.js';
import { as, buildWorld, personOf, type World } from '../../test/answer-test-helpers.js';
import { addProfileQuestion, AGE_QUESTION } from '../../test/profile-test-helpers.js';

let svc: TestService;
let w: World;
/** A variable of the points attribute: a choice, a number, a date. */
let rating: string;
let question: string;
let choiceIds: number[];

/** The radio's choices: the answers store their ids, the statistics show their labels. */
const CHOICES = [
  { id: 'a', label: 'A' },
  { id: 'b', label: 'B' },
  { id: 'g', label: 'Γ' },
];
const idOf = (label: string) => CHOICES.find((c) => c.label === label)!.id;
const MIN_CELL = 5;

/** One answer as the test stored it; the expected statistics are computed from these. */
interface Given {
  owner: string;
  x: number;
  y: number;
  choice: string;
  number: number | null;
  date: string | null;
}
const given: Given[] = [];
const weights = new Map<string, number>();
const profileOf = new Map<string, number>();
let owners: string[];

/** The west half of the topic's boundary (x < 23.7): a drawn filter. */
const WEST = '23.689,37.89_23.7,37.89_23.7,37.91_23.689,37.91';
const insideWest = (a: Given) => a.x < 23.7;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  w = await buildWorld(svc);
  const admin = as(svc, w.people.admin);
  const made = await admin.post('/variable', {
    attribute: w.points,
    mname: 'rating',
    variable_type: [
      { kind: 'radio', options: { label: 'Βαθμός', choices: CHOICES } },
      { kind: 'number', options: {} },
      { kind: 'date', options: {} },
    ],
  });
  expect(made.status).toBe(200);
  rating = made.body.token;
  ({ token: question, choices: choiceIds } = await addProfileQuestion(svc, AGE_QUESTION(w.category)));

  // 12 respondents: choices A×6, B×4, Γ×2; west of 23.7 the first seven; some weighted, the rest count 1
  owners = Array.from({ length: 12 }, () => randomUUID());
  owners.forEach((owner, i) => {
    given.push({
      owner,
      x: i < 7 ? 23.695 + i * 0.0005 : 23.702 + i * 0.0003,
      y: 37.9 + i * 0.0004,
      choice: i < 6 ? 'A' : i < 10 ? 'B' : 'Γ',
      number: i === 11 ? null : i * 1.5,
      date: `2026-03-0${1 + (i % 3)}`,
    });
    if (i % 3 === 0) weights.set(owner, 2.5);
    else if (i % 4 === 1) weights.set(owner, 0.5);
    profileOf.set(owner, choiceIds[i % 2]!);
  });
  // a respondent's second answer: the same choice, counted once in its cell
  given.push({ owner: owners[0]!, x: 23.696, y: 37.905, choice: 'A', number: 3, date: null });

  for (const a of given) {
    const [{ token }] = await svc.db.query<{ token: string }>(
      `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
       VALUES ($1, $2, $3, $4, public.ST_SetSRID(public.ST_MakePoint($5, $6), 4326)) RETURNING token`,
      [w.project, w.places, w.points, a.owner, a.x, a.y],
    );
    await svc.db.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, text_value, number_value, date_value)
       SELECT $1, $2, k.kind, k.t, k.n, k.d FROM (VALUES ('radio', $3::text, NULL::numeric, NULL::date),
         ('number', NULL, $4::numeric, NULL), ('date', NULL, NULL, $5::date)) k(kind, t, n, d)
       WHERE k.t IS NOT NULL OR k.n IS NOT NULL OR k.d IS NOT NULL`,
      [token, rating, idOf(a.choice), a.number, a.date],
    );
  }
  for (const [owner, weight] of weights)
    await svc.db.query(
      `INSERT INTO consultation.profile_weight (category, user_uuid, role, weight) VALUES ($1, $2, 'normal', $3)`,
      [w.category, owner, weight],
    );
  for (const [owner, choice] of profileOf)
    await svc.db.query(
      `INSERT INTO consultation.profile_answer (user_uuid, question, category, choice) VALUES ($1, $2, $3, $4)`,
      [owner, question, w.category, choice],
    );
});
afterAll(() => svc?.close());

const r2 = (n: number) => Math.round(n * 100) / 100;
const weightOf = (owner: string) => weights.get(owner) ?? 1;

interface ExpectedCell {
  count: number | null;
  weighted: number | null;
  percent: number | null;
  weighted_percent: number | null;
  suppressed: boolean;
}

/** A cell computed here from the given answers: the respondents of `members` among those of `all`. */
function cellOf(members: Set<string>, all: Set<string>, hide: boolean): ExpectedCell {
  const n = members.size;
  if (hide && n > 0 && n < MIN_CELL)
    return { count: null, weighted: null, percent: null, weighted_percent: null, suppressed: true };
  const sum = (s: Set<string>) => [...s].reduce((t, o) => t + weightOf(o), 0);
  return {
    count: n,
    weighted: r2(sum(members)),
    percent: all.size === 0 ? 0 : r2((n * 100) / all.size),
    weighted_percent: sum(all) === 0 ? 0 : r2((sum(members) * 100) / sum(all)),
    suppressed: false,
  };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The statistics the service must give, computed independently from the given answers. */
function expected(answers: Given[], hide: boolean) {
  const everyone = new Set(answers.map((a) => a.owner));
  const ownersWhere = (p: (a: Given) => boolean) => new Set(answers.filter(p).map((a) => a.owner));
  const numbers = answers.filter((a) => a.number !== null);
  const numberOwners = new Set(numbers.map((a) => a.owner));
  const weightedMean =
    numbers.reduce((t, a) => t + a.number! * weightOf(a.owner), 0) /
    numbers.reduce((t, a) => t + weightOf(a.owner), 0);
  const dated = answers.filter((a) => a.date !== null);
  const dateOwners = new Set(dated.map((a) => a.owner));
  const days = [...new Set(dated.map((a) => a.date!))].sort();
  return {
    respondents: everyone.size,
    weighted: r2([...everyone].reduce((t, o) => t + weightOf(o), 0)),
    choices: CHOICES.map((c) => ({
      value: c.label,
      choice: c.id,
      ...cellOf(
        ownersWhere((a) => a.choice === c.label),
        everyone,
        hide,
      ),
    })),
    number: {
      count: numberOwners.size,
      min: Math.min(...numbers.map((a) => a.number!)),
      max: Math.max(...numbers.map((a) => a.number!)),
      mean: r2(numbers.reduce((t, a) => t + a.number!, 0) / numbers.length),
      weighted_mean: r2(weightedMean),
      median: r2(median(numbers.map((a) => a.number!))),
    },
    per_day: days.map((day) => ({
      day,
      ...cellOf(
        ownersWhere((a) => a.date === day),
        dateOwners,
        hide,
      ),
    })),
    profile: choiceIds.map((id) => ({
      choice: id,
      ...cellOf(new Set([...everyone].filter((o) => profileOf.get(o) === id)), everyone, hide),
    })),
  };
}

const kindOf = (body: { variables: Array<{ kinds: Array<{ variable_type: string }> }> }, kind: string) =>
  body.variables[0]!.kinds.find((k) => k.variable_type === kind) as unknown as Record<string, unknown>;

describe('weighted statistics with small cells hidden', () => {
  it.each([
    ['admin, every answer', 'admin', ''],
    ['admin, inside the drawn area', 'admin', `/within/${WEST}`],
    ['expert, every answer', 'expert', ''],
    ['expert, inside the drawn area', 'expert', `/within/${WEST}`],
  ] as const)('%s: counts, shares, numbers, days and profile as computed here', async (_, who, within) => {
    const res = await as(svc, w.people[who]).get(`/data/scope/ensemble/attribute/${w.points}${within}`);
    expect(res.status).toBe(200);
    const answers = within ? given.filter(insideWest) : given;
    const hide = who !== 'admin';
    const want = expected(answers, hide);
    expect(res.body).toMatchObject({
      count: answers.length,
      respondents: want.respondents,
      weighted_respondents: want.weighted,
      min_cell: MIN_CELL,
      filtered: within !== '',
      geometry: { type: 'point', count: answers.length, length_m: null, area_m2: null },
    });
    const radio = kindOf(res.body, 'radio');
    expect(radio).toMatchObject({
      type: 'percentage',
      count: want.respondents,
      weighted_count: want.weighted,
    });
    expect(radio.dist).toEqual(want.choices);
    expect(kindOf(res.body, 'number')).toMatchObject({
      type: 'number',
      count: want.number.count,
      min: String(want.number.min),
      max: String(want.number.max),
      mean: want.number.mean,
      weighted_mean: want.number.weighted_mean,
      median: want.number.median,
    });
    expect(kindOf(res.body, 'date').per_day).toEqual(want.per_day);
    expect(res.body.profile).toEqual([
      {
        question,
        label: 'Ηλικία',
        choices: want.profile.map((c, i) => ({ ...c, label: i === 0 ? 'νέοι' : 'μεγαλύτεροι' })),
      },
    ]);
    const anyHidden = [...want.choices, ...want.per_day, ...want.profile].some((c) => c.suppressed);
    expect(res.body.suppressed).toBe(anyHidden);
    if (hide) expect(anyHidden).toBe(true);
  });

  it('hides even the totals from an expert when fewer than min_cell answered inside the area', async () => {
    // only the answers of owners 0 and 1 lie west of 23.6959
    const narrow = '23.689,37.89_23.6959,37.89_23.6959,37.91_23.689,37.91';
    const inside = given.filter((a) => a.x < 23.6959);
    expect(new Set(inside.map((a) => a.owner)).size).toBeLessThan(MIN_CELL);
    const expert = await as(svc, w.people.expert).get(
      `/data/scope/ensemble/attribute/${w.points}/within/${narrow}`,
    );
    expect(expert.status).toBe(200);
    expect(expert.body).toMatchObject({
      count: null,
      respondents: null,
      weighted_respondents: null,
      suppressed: true,
      geometry: { type: 'point', count: null, length_m: null, area_m2: null },
    });
    expect(kindOf(expert.body, 'number')).toMatchObject({ count: null, min: null, mean: null, median: null });
    const admin = await as(svc, w.people.admin).get(
      `/data/scope/ensemble/attribute/${w.points}/within/${narrow}`,
    );
    expect(admin.body).toMatchObject({
      count: inside.length,
      suppressed: false,
      geometry: { type: 'point', count: inside.length },
    });
  });

  it('counts answers, respondents and weight per topic boundary and per drawn polygon', async () => {
    const east = '23.7001,37.89_23.71,37.89_23.71,37.91_23.7001,37.91';
    const res = await as(svc, w.people.admin).get(
      `/data/scope/zones/project/${w.project}/within/${WEST};${east}`,
    );
    expect(res.status).toBe(200);
    const zone = (answers: Given[]) => {
      const who = new Set(answers.map((a) => a.owner));
      return {
        answers: answers.length,
        respondents: who.size,
        weighted: r2([...who].reduce((t, o) => t + weightOf(o), 0)),
        suppressed: false,
      };
    };
    const west = given.filter(insideWest);
    const eastern = given.filter((a) => !insideWest(a));
    expect(res.body).toEqual({
      min_cell: MIN_CELL,
      suppressed: false,
      zones: [
        { kind: 'topic', id: w.places, label: 'Τόποι', ...zone(given) },
        { kind: 'filter', id: '1', label: '1', ...zone(west) },
        { kind: 'filter', id: '2', label: '2', ...zone(eastern) },
      ],
    });
    const expert = await as(svc, w.people.expert).get(
      `/data/scope/zones/project/${w.project}/within/${WEST};${east}`,
    );
    // five respondents east: shown; seven west: shown; the topic: twelve
    expect(expert.body.zones.map((z: { respondents: number | null }) => z.respondents)).toEqual([12, 7, 5]);
  });

  it('gives each answer’s point, flat and rounded to 6 decimals, inside the area when one is drawn', async () => {
    const all = await as(svc, w.people.expert).get(`/data/scope/points/project/${w.project}`);
    expect(all.status).toBe(200);
    expect(all.body.attributes).toHaveLength(1);
    expect(all.body.attributes[0]).toMatchObject({ attribute: w.points, count: given.length });
    const pairs = (coords: number[]) =>
      coords.reduce<string[]>((out, v, i) => (i % 2 ? [...out, `${coords[i - 1]},${v}`] : out), []).sort();
    const six = (n: number) => Math.round(n * 1e6) / 1e6;
    expect(pairs(all.body.attributes[0].coords)).toEqual(given.map((a) => `${six(a.x)},${six(a.y)}`).sort());
    const west = await as(svc, w.people.expert).get(`/data/scope/points/project/${w.project}/within/${WEST}`);
    expect(west.body.attributes[0].count).toBe(given.filter(insideWest).length);
  });

  it('narrows the layer to the drawn area and to the owners of one profile answer', async () => {
    const expert = as(svc, w.people.expert);
    const within = await expert.get(`/data/scope/geojson/project/${w.project}/within/${WEST}`);
    expect(within.status).toBe(200);
    expect(within.body.features).toHaveLength(given.filter(insideWest).length);
    const profile = await expert.get(`/data/scope/geojson/project/${w.project}/profile/${choiceIds[1]}`);
    expect(profile.body.features).toHaveLength(
      given.filter((a) => profileOf.get(a.owner) === choiceIds[1]).length,
    );
    const both = await expert.get(
      `/data/scope/geojson/project/${w.project}/profile/${choiceIds[0]}/within/${WEST}`,
    );
    expect(both.body.features).toHaveLength(
      given.filter((a) => insideWest(a) && profileOf.get(a.owner) === choiceIds[0]).length,
    );
    const bad = await expert.get(`/data/scope/geojson/project/${w.project}/profile/x1`);
    expect(bad.status).toBe(400);
  });

  it('lists the values of the answers inside the drawn area', async () => {
    const res = await as(svc, w.people.expert).get(
      `/data/scope/list/page/1/attribute/${w.points}/variable/${rating}/within/${WEST}`,
    );
    expect(res.status).toBe(200);
    const west = given.filter(insideWest);
    const values =
      west.length + west.filter((a) => a.number !== null).length + west.filter((a) => a.date).length;
    expect(res.body.total).toBe(values);
  });
});

describe('the answers list of an attribute: values, date, search, sort, the drawn area', () => {
  const url = (page: number, within = '', query = '') =>
    `/data/scope/list/page/${page}/attribute/${w.points}${within ? `/within/${within}` : ''}${query}`;

  it('gives each answer once with its values in the variable order, labels for choices, newest first', async () => {
    const res = await as(svc, w.people.expert).get(url(1));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(given.length);
    expect(res.body.total_pages).toBe(1);
    const dates = res.body.values.map((v: { created: string }) => v.created);
    expect(dates).toEqual([...dates].sort().reverse());
    const one = res.body.values.find((v: { values: unknown[] }) => v.values.length === 3);
    expect(one.values.map((v: { variable_type: string }) => v.variable_type)).toEqual([
      'radio',
      'number',
      'date',
    ]);
    expect(['A', 'B', 'Γ']).toContain(one.values[0].label);
    expect(one).toMatchObject({ likes: 0, dislikes: 0, isOwner: false });
  });

  it('searches the values (a choice by its label, a number, a date), every word, any case', async () => {
    const expert = as(svc, w.people.expert);
    const gamma = await expert.get(url(1, '', '?q=γ'));
    expect(gamma.status).toBe(200);
    expect(gamma.body.total).toBe(given.filter((a) => a.choice === 'Γ').length);
    const day = await expert.get(url(1, '', `?q=${encodeURIComponent('2026-03-02 a')}`));
    expect(day.body.total).toBe(given.filter((a) => a.date === '2026-03-02' && a.choice === 'A').length);
    // a LIKE wildcard is a character like any other
    expect((await expert.get(url(1, '', '?q=%25'))).body.total).toBe(0);
  });

  it('sorts oldest and most liked first, and narrows to the drawn area', async () => {
    const expert = as(svc, w.people.expert);
    const newest = (await expert.get(url(1))).body.values.map((v: { choice: string }) => v.choice);
    const oldest = (await expert.get(url(1, '', '?sort=oldest'))).body.values.map(
      (v: { choice: string }) => v.choice,
    );
    expect(oldest).toEqual([...newest].reverse());
    const liked = newest[3] as string;
    await svc.db.query(
      `INSERT INTO consultation.social_reaction (scope, item, user_uuid, reaction) VALUES ('choice', $1, $2, 'like')`,
      [liked, owners[1]],
    );
    try {
      const top = await expert.get(url(1, '', '?sort=likes'));
      expect(top.body.values[0]).toMatchObject({ choice: liked, likes: 1 });
    } finally {
      await svc.db.query(`DELETE FROM consultation.social_reaction WHERE item = $1`, [liked]);
    }
    const west = await expert.get(url(1, WEST));
    expect(west.status).toBe(200);
    expect(west.body.total).toBe(given.filter(insideWest).length);
  });

  it('refuses an unknown order, a long search, an unknown field and a page 0 with 400', async () => {
    const expert = as(svc, w.people.expert);
    for (const bad of [
      url(1, '', '?sort=random'),
      url(1, '', `?q=${'x'.repeat(101)}`),
      url(1, '', '?x=1'),
      url(0),
    ]) {
      const res = await expert.get(bad);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(typeof res.body.Error).toBe('string');
    }
  });
});

describe('who may read the analysts’ data', () => {
  const user = (role: Role): SessionUser => ({ ...personOf('outsider', w.category), role });
  type Who = [string, () => SessionUser | null];
  const PEOPLE: Who[] = [
    ['anonymous', () => null],
    ['guest, not enrolled', () => user('guest')],
    ['authorized, not enrolled', () => user('authorized')],
    ['reviewer', () => user('reviewer')],
    ['editor', () => user('editor')],
    ['admin', () => user('admin')],
    ['enrolled normal', () => w.people.normal],
    ['enrolled expert', () => w.people.expert],
  ];
  const routes = (): Array<[string, string, number[]]> => [
    // statuses in the order of PEOPLE; normal participants: 403 before the project is public
    ['ensemble', `/data/scope/ensemble/attribute/${w.points}`, [401, 403, 403, 200, 200, 200, 403, 200]],
    [
      'ensemble within',
      `/data/scope/ensemble/attribute/${w.points}/within/${WEST}`,
      [401, 403, 403, 200, 200, 200, 403, 200],
    ],
    [
      'ensemble of a variable within',
      `/data/scope/ensemble/attribute/${w.points}/variable/${rating}/within/${WEST}`,
      [401, 403, 403, 200, 200, 200, 403, 200],
    ],
    [
      'list within',
      `/data/scope/list/page/1/attribute/${w.points}/variable/${rating}/within/${WEST}`,
      [401, 403, 403, 200, 200, 200, 403, 200],
    ],
    [
      'answers list within',
      `/data/scope/list/page/1/attribute/${w.points}/within/${WEST}`,
      [401, 403, 403, 200, 200, 200, 403, 200],
    ],
    [
      'answers list',
      `/data/scope/list/page/1/attribute/${w.points}`,
      [401, 403, 403, 200, 200, 200, 403, 200],
    ],
    [
      'layer within',
      `/data/scope/geojson/project/${w.project}/within/${WEST}`,
      [401, 403, 403, 200, 200, 200, 403, 200],
    ],
    [
      'layer of a profile answer',
      `/data/scope/geojson/project/${w.project}/profile/${choiceIds[0]}`,
      [401, 403, 403, 200, 200, 200, 403, 200],
    ],
    ['points', `/data/scope/points/project/${w.project}`, [401, 403, 403, 200, 200, 200, 403, 200]],
    [
      'points within',
      `/data/scope/points/project/${w.project}/within/${WEST}`,
      [401, 403, 403, 200, 200, 200, 403, 200],
    ],
    ['zones', `/data/scope/zones/project/${w.project}`, [401, 403, 403, 200, 200, 200, 403, 200]],
    [
      'zones within',
      `/data/scope/zones/project/${w.project}/within/${WEST}`,
      [401, 403, 403, 200, 200, 200, 403, 200],
    ],
  ];

  it('answers each person as the table says, before the project is public', async () => {
    for (const [name, url, statuses] of routes()) {
      const got: number[] = [];
      for (const [, person] of PEOPLE) got.push((await as(svc, person()).get(url)).status);
      expect([name, got]).toEqual([name, statuses]);
    }
  });

  it('once public, shows a normal participant the statistics, points and zones, small cells hidden, but no filter', async () => {
    await svc.db.query(`UPDATE consultation.project SET is_public = true WHERE token = $1`, [w.project]);
    try {
      const normal = as(svc, w.people.normal);
      const stats = await normal.get(`/data/scope/ensemble/attribute/${w.points}`);
      expect(stats.status).toBe(200);
      expect(stats.body.suppressed).toBe(true);
      expect(kindOf(stats.body, 'radio').dist).toEqual(expected(given, true).choices);
      expect((await normal.get(`/data/scope/points/project/${w.project}`)).status).toBe(200);
      expect((await normal.get(`/data/scope/zones/project/${w.project}`)).status).toBe(200);
      for (const [name, url] of routes().filter(
        ([, u]) => u.includes('/within/') || u.includes('/profile/'),
      )) {
        const res = await normal.get(url);
        expect([name, res.status, res.body.code]).toEqual([name, 403, 'AUTH.FORBIDDEN']);
      }
    } finally {
      await svc.db.query(`UPDATE consultation.project SET is_public = false WHERE token = $1`, [w.project]);
    }
  });
});

describe('malformed drawn areas', () => {
  const square = (n: number) =>
    Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * i) / n;
      return `${(23.7 + 0.005 * Math.cos(a)).toFixed(7)},${(37.9 + 0.005 * Math.sin(a)).toFixed(7)}`;
    }).join('_');
  const GARBAGE = [
    'x',
    '1,2',
    '23.7,37.9_23.71,37.9',
    '23.7,37.9_23.7,37.9_23.7,37.9',
    '23.7;37.9_23.71;37.9_23.71;37.91',
    '23.7,37.9_23.71,37.9_23.71,37.91_',
    '23.7,37.9__23.71,37.9_23.71,37.91',
    '200,37.9_201,37.9_201,38',
    '23.7,97_23.71,97_23.71,98',
    '1e1,37.9_23.71,37.9_23.71,37.91',
    'NaN,NaN_1,1_2,2',
    '0x17,37.9_23.71,37.9_23.71,37.91',
    ' 23.7,37.9_23.71,37.9_23.71,37.91',
    '23.7,37.9_23.71,37.9_23.71,37.91;',
    "23.7,37.9_23.71,37.9_23.71,37.91';DROP TABLE consultation.answer;--",
    '1) OR 1=1 --',
    '{"type":"Polygon","coordinates":[]}',
    // nine decimals: finer than the WGS 84 step of 1e-8
    '23.700000001,37.9_23.71,37.9_23.71,37.91',
    Array.from({ length: 11 }, () => '23.7,37.9_23.71,37.9_23.71,37.91').join(';'),
    square(501),
    // a bow tie: its sides cross
    '23.69,37.89_23.71,37.91_23.71,37.89_23.69,37.91',
    // flat: three points on a line
    '23,37_24,38_25,39',
    '%',
    'a'.repeat(12_001),
  ];

  it('refuses each with 400 CONSULTATION.FILTER_INVALID on every route, never a 5xx', async () => {
    const expert = as(svc, w.people.expert);
    const bases = [
      `/data/scope/ensemble/attribute/${w.points}`,
      `/data/scope/ensemble/attribute/${w.points}/variable/${rating}`,
      `/data/scope/list/page/1/attribute/${w.points}/variable/${rating}`,
      `/data/scope/geojson/project/${w.project}`,
      `/data/scope/geojson/project/${w.project}/profile/${choiceIds[0]}`,
      `/data/scope/points/project/${w.project}`,
      `/data/scope/zones/project/${w.project}`,
    ];
    for (const text of GARBAGE)
      for (const base of bases) {
        const res = await expert.get(`${base}/within/${encodeURIComponent(text)}`);
        expect([text.slice(0, 60), base, res.status, res.body.code]).toEqual([
          text.slice(0, 60),
          base,
          400,
          'CONSULTATION.FILTER_INVALID',
        ]);
      }
  });

  it.each([
    [
      '23.7,37.9_23.71,37.9_23.71,37.91;23.7,37.9_23.71,x_23.71,37.91',
      { problem: 'not_a_number', polygon: 2, vertex: 2, coordinate: 'lat' },
    ],
    [
      '23.7,37.9_23.71,37.9_23.710000001,37.91',
      { problem: 'too_many_decimals', polygon: 1, vertex: 3, coordinate: 'lon', max: 8 },
    ],
    [
      '23.7,37.9_23.71,97_23.71,37.91',
      { problem: 'out_of_range', polygon: 1, vertex: 2, coordinate: 'lat', min: -90, max: 90 },
    ],
    ['23.7,37.9_23.71,37.9', { problem: 'too_few_vertices', polygon: 1, min: 3 }],
    ['23.7,37.9_23.71,37.9,1_23.71,37.91', { problem: 'not_a_vertex', polygon: 1, vertex: 2 }],
    [`${WEST};23.69,37.89_23.71,37.91_23.71,37.89_23.69,37.91`, { problem: 'not_simple', polygon: 2 }],
  ] as const)('names what is wrong in %s and where, for the front end to translate', async (text, values) => {
    const res = await as(svc, w.people.expert).get(
      `/data/scope/points/project/${w.project}/within/${encodeURIComponent(text)}`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      Error: expect.stringMatching(/^invalid area filter: /),
      code: 'CONSULTATION.FILTER_INVALID',
      field: 'filter',
      values,
    });
  });

  it('accepts vertices with 8 decimals, the WGS 84 step', async () => {
    // WEST, narrowed by 1e-8 on every side
    const eight =
      '23.68900001,37.89000001_23.69999999,37.89000001_23.69999999,37.90999999_23.68900001,37.90999999';
    const res = await as(svc, w.people.admin).get(
      `/data/scope/ensemble/attribute/${w.points}/within/${eight}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(given.filter(insideWest).length);
  });

  it('answers a filter longer than a request line may be without a 5xx', async () => {
    const res = await as(svc, w.people.expert).get(
      `/data/scope/points/project/${w.project}/within/${'1,1_'.repeat(20_000)}`,
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('takes overlapping drawn polygons as one area', async () => {
    const res = await as(svc, w.people.admin).get(
      `/data/scope/ensemble/attribute/${w.points}/within/${WEST};${WEST}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(given.filter(insideWest).length);
  });
});
