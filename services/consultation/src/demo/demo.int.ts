import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {
  AttributeWire,
  ProfileQuestionWire,
  SessionUser,
  TopicWire,
  VariableWire,
} from '@agora/contracts';
import { DEMO_LIBRARY_ITEM_IDS, IDENTITY_HEADER } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createLibraryService } from '../../../library/src/index.js';
import { createConsultationService } from '../index.js';
import { demoProfile, demoStructure, type DemoAttribute, type DemoTopic } from './demo-structure.js';
import { noGeometry } from '../../test/tree-test-helpers.js';
import { PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { demoData, DemoService } from './demo.service.js';

const admin: SessionUser = {
  uuid: '5b4a3f2e-1d0c-4b9a-8f7e-6d5c4b3a2f1e',
  username: 'admin',
  firstname: 'Άννα',
  lastname: 'Νικολάου',
  email: 'admin@example.org',
  role: 'admin',
};

const TABLES = [
  'category',
  'project',
  'node',
  'attribute',
  'variable',
  'attribute_feature',
  'profile_question',
  'profile_choice',
  'answer',
  'answer_value',
  'profile_answer',
  'social_reaction',
];

/** Row counts of the consultation tables the demo fills. */
async function counts(svc: TestService): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES)
    out[t] = (await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM consultation.${t}`))[0]!.n;
  return out;
}

const caller = (svc: TestService) => (url: string) =>
  request(svc.app.getHttpServer()).get(url).set(IDENTITY_HEADER, svc.identity(admin));

type Tree = Array<TopicWire & { attributes: Array<AttributeWire & { variables: VariableWire[] }> }>;

/** A project's questionnaire as the plan screen reads it: its three lists, nested. */
async function planTree(svc: TestService, project: string): Promise<Tree> {
  const api = caller(svc);
  const [topics, attributes, variables] = await Promise.all(
    ['node', 'attribute', 'variable'].map((level) => api(`/${level}/project/${project}`)),
  );
  for (const res of [topics, attributes, variables]) expect(res.status).toBe(200);
  return (topics.body as TopicWire[]).map((t) => ({
    ...t,
    attributes: (attributes.body as AttributeWire[])
      .filter((a) => a.node === t.token)
      .map((a) => ({
        ...a,
        variables: (variables.body as VariableWire[]).filter((v) => v.attribute === a.token),
      })),
  }));
}

/** The wire form of a demo topic at 1-based `position`: the service's defaults filled in, tokens unknown. */
function expectedTopic(project: string, d: DemoTopic, position: number) {
  const { attributes, ...fields } = d;
  return {
    ...fields,
    token: expect.any(String),
    project,
    boundary: d.boundary ?? null,
    geom_type: d.geom_type ?? null,
    max_geom: d.max_geom ?? null,
    forum_topic_id: null,
    forum_topic_url: null,
    sort_order: position,
    attributes: attributes.map((a, i) => expectedAttribute(a, i + 1)),
  };
}

function expectedAttribute(d: DemoAttribute, position: number) {
  const { variables, predefined, ...fields } = d;
  return {
    ...noGeometry,
    ...fields,
    token: expect.any(String),
    node: expect.any(String),
    predefined: predefined ?? null,
    has_context: false,
    context: null,
    is_visible: true,
    forum_topic_id: null,
    forum_topic_url: null,
    sort_order: position,
    variables: variables.map((v, i) => ({
      ...v,
      token: expect.any(String),
      attribute: expect.any(String),
      icon: '',
      is_visible: true,
      forum_topic_id: null,
      forum_topic_url: null,
      sort_order: i + 1,
    })),
  };
}

/** Short names and kinds only: the shape of a tree at a glance. */
const outline = (tree: Tree) =>
  tree.map((t) => [
    t.mname,
    t.geom_type,
    t.attributes.map((a) => [
      a.mname,
      a.geom_type,
      a.variables.map((v) => `${v.mname}:${v.variable_type.map((k) => k.kind).join('+')}`),
    ]),
  ]);

describe('demo consultation data', () => {
  const started: TestService[] = [];
  let dir: string;
  let library: TestService;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agora-demo-'));
    library = await bootTestService(createLibraryService({ STORAGE_DIR: dir, AGORA_DEMO_DATA: 'true' }));
    started.push(library);
  });
  afterAll(async () => {
    for (const s of started) await s.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is seeded once when AGORA_DEMO_DATA=true: categories, projects, questionnaires and profile questions', async () => {
    const def = createConsultationService({ AGORA_DEMO_DATA: 'true' });
    const svc = await bootTestService(def);
    started.push(svc);
    const api = caller(svc);

    const categories = await api('/category');
    expect(categories.status).toBe(200);
    expect(categories.body.map((c: { mname: string }) => c.mname)).toEqual([
      'urban-mobility',
      'public-spaces',
    ]);
    expect(categories.body[0].title).toBe('Αστική κινητικότητα — Urban mobility');
    expect(categories.body[0].projects).toHaveLength(2);
    expect(categories.body[1].projects).toHaveLength(1);

    const projects = await api('/project');
    expect(projects.body.total).toBe(3);
    const bySlug = Object.fromEntries(
      projects.body.values.map((p: { mname: string; center: unknown }) => [p.mname, p.center]),
    );
    expect(bySlug).toEqual({
      'thessaloniki-seafront-cycle-lane': { lat: 40.612, lng: 22.9557 },
      'athens-aiolou-pedestrian-street': { lat: 37.9768, lng: 23.7276 },
      'patras-pocket-parks': { lat: 38.2466, lng: 21.7346 },
    });
    for (const p of projects.body.values) {
      expect(p.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.end_date >= p.start_date).toBe(true);
    }
    const tokenOf = Object.fromEntries(
      projects.body.values.map((p: { mname: string; token: string }) => [p.mname, p.token]),
    );

    // The questionnaires, read back as the plan screen reads them.
    const seafront = await planTree(svc, 'thessaloniki-seafront-cycle-lane');
    expect(outline(seafront)).toEqual([
      [
        'seafront-route',
        'point',
        [
          ['bicycle-parking', 'point', ['spaces:number', 'stand-type:radio']],
          ['missing-crossing', 'line', ['who-crosses:checkbox', 'noticed-on:date']],
          ['pedestrian-zone', 'polygon', ['place-name:string', 'reason:text']],
        ],
      ],
      [
        'cycling-habits',
        null,
        [
          ['trips', null, ['frequency:radio', 'purpose:checkbox', 'trip-minutes:number']],
          [
            'ideas',
            null,
            [
              'idea:text',
              'neighbourhood:string',
              'photo:photo',
              'sketch:document',
              'address:resource',
              'looks-like:library',
            ],
          ],
        ],
      ],
    ]);
    const patras = await planTree(svc, 'patras-pocket-parks');
    expect(outline(patras)).toEqual([
      ['pocket-park-sites', null, [['proposed-site', 'point', ['what-to-add:checkbox']]]],
    ]);
    expect(await planTree(svc, 'athens-aiolou-pedestrian-street')).toEqual([]);

    // Every field as the demo defines it, with the services' defaults for the rest.
    const [seafrontDemo, patrasDemo] = demoStructure();
    for (const [tree, demo] of [
      [seafront, seafrontDemo!],
      [patras, patrasDemo!],
    ] as const)
      expect(tree).toEqual(demo.topics.map((t, i) => expectedTopic(tokenOf[demo.project], t, i + 1)));
    const [route, habits] = seafront;
    expect(route).toMatchObject({
      has_geometry: true,
      geom_type: 'point',
      max_geom: 10,
      geom_color: '#e53e3e',
    });
    expect(route!.boundary!.type).toBe('Polygon');
    expect(route!.attributes[0]!.predefined!.features.map((f) => f.id)).toEqual([
      'white-tower',
      'macedonia-palace',
      'concert-hall',
    ]);
    expect(habits).toMatchObject({ has_geometry: false, boundary: null, geom_type: null, max_geom: null });

    // Boundaries and predefined features are PostGIS geometries in SRID 4326; the stands lie within the seafront.
    expect(
      await svc.db.query(
        `SELECT mname, public.ST_SRID(boundary) AS srid, public.GeometryType(boundary) AS type,
                public.ST_IsValid(boundary) AS valid
         FROM consultation.node ORDER BY mname`,
      ),
    ).toEqual([
      { mname: 'cycling-habits', srid: null, type: null, valid: null },
      { mname: 'pocket-park-sites', srid: null, type: null, valid: null },
      { mname: 'seafront-route', srid: 4326, type: 'POLYGON', valid: true },
    ]);
    expect(
      await svc.db.query(
        `SELECT f.feature_id AS id, public.ST_SRID(f.geom) AS srid, public.GeometryType(f.geom) AS type,
                public.ST_Within(f.geom, n.boundary) AS inside
         FROM consultation.attribute_feature f
         JOIN consultation.attribute a ON a.token = f.attribute
         JOIN consultation.node n ON n.token = a.node
         ORDER BY f.position`,
      ),
    ).toEqual(
      ['white-tower', 'macedonia-palace', 'concert-hall'].map((id) => ({
        id,
        srid: 4326,
        type: 'POINT',
        inside: true,
      })),
    );

    // Centres as before.
    expect(
      await svc.db.query(
        `SELECT mname, public.ST_SRID(center) AS srid, public.GeometryType(center) AS type,
                public.ST_Y(center) AS lat, public.ST_X(center) AS lng
         FROM consultation.project ORDER BY sort_order`,
      ),
    ).toEqual([
      { mname: 'thessaloniki-seafront-cycle-lane', srid: 4326, type: 'POINT', lat: 40.612, lng: 22.9557 },
      { mname: 'athens-aiolou-pedestrian-street', srid: 4326, type: 'POINT', lat: 37.9768, lng: 23.7276 },
      { mname: 'patras-pocket-parks', srid: 4326, type: 'POINT', lat: 38.2466, lng: 21.7346 },
    ]);

    // Profile questions of the first category for both roles, with their weighted choices; none for the other.
    const [mobility, spaces] = categories.body as Array<{ token: string }>;
    const profile = async (category: string, role: string) => {
      const res = await api(`/consultationProfile/category/${category}/role/${role}`);
      expect(res.status).toBe(200);
      return res.body as ProfileQuestionWire[];
    };
    const asked = {
      expert: await profile(mobility!.token, 'expert'),
      normal: await profile(mobility!.token, 'normal'),
    };
    for (const { role, questions } of demoProfile())
      expect(asked[role]).toEqual(
        questions.map((q, i) => ({
          token: expect.any(String),
          category: mobility!.token,
          role,
          question: q.question,
          weight: q.weight,
          sort_order: i + 1,
          choices: q.choices.map((c, j) => ({ ...c, id: expect.any(Number), sort_order: j + 1 })),
        })),
      );
    expect(asked.expert.map((q) => [q.weight, q.choices.map((c) => c.weight)])).toEqual([
      [3, [5, 5, 4, 3]],
      [2, [3, 2, 2]],
    ]);
    expect(asked.normal.map((q) => [q.weight, q.choices.map((c) => c.weight)])).toEqual([
      [2, [3, 3, 2]],
      [1, [3, 2, 1]],
    ]);
    expect(await profile(spaces!.token, 'expert')).toEqual([]);
    expect(await profile(spaces!.token, 'normal')).toEqual([]);

    // Every picture the demo links to is one the library's demo serves.
    const links = new Set<string>([
      ...categories.body.map((c: { summary_img: string }) => c.summary_img),
      ...projects.body.values.map((p: { summary_img: string }) => p.summary_img),
      ...[...seafront, ...patras].flatMap((t) => [
        ...t.relative_documents.map((d) => d.file),
        ...t.attributes.map((a) => a.icon),
      ]),
      ...[...asked.expert, ...asked.normal].flatMap((q) => q.choices.map((c) => c.icon)),
    ]);
    links.delete('');
    expect([...links].sort()).toEqual(
      [
        'aristotelous-square',
        'bus-stop',
        'neighbourhood-park',
        'pedestrian-crossing',
        'recycling-bins',
        'seafront-cycle-lane',
      ].map((slug) => `/api/library/files/demo/${slug}.svg`),
    );
    for (const link of links) {
      expect(link).toMatch(/^\/api\/library\/files\/demo\/[a-z-]+\.svg$/);
      const res = await request(library.app.getHttpServer())
        .get(link.slice('/api'.length))
        .set(IDENTITY_HEADER, library.identity(admin));
      expect([link, res.status, res.headers['content-type']]).toEqual([link, 200, 'image/svg+xml']);
    }

    // A second start (onReady runs again) adds nothing.
    const before = await counts(svc);
    expect(before).toEqual({
      category: 2,
      project: 3,
      node: 3,
      attribute: 6,
      variable: 16,
      attribute_feature: 3,
      profile_question: 4,
      profile_choice: 13,
      answer: 3524,
      answer_value: 7119,
      profile_answer: 1048,
      social_reaction: 528,
    });
    await def.onReady!(svc.app, svc.config);
    expect(await counts(svc)).toEqual(before);
    expect((await api('/category')).body).toEqual(categories.body);
    expect(await planTree(svc, 'thessaloniki-seafront-cycle-lane')).toEqual(seafront);
    expect(await profile(mobility!.token, 'normal')).toEqual(asked.normal);
  });

  it('adds nothing at all when a part fails, and everything once it succeeds', async () => {
    const svc = await bootTestService(createConsultationService({}));
    started.push(svc);
    const demo = svc.app.get(DemoService);
    const now = new Date('2026-11-21T12:00:00Z');
    const empty = Object.fromEntries(TABLES.map((t) => [t, 0]));

    // The last part (a profile question without text) fails: the categories, projects and questionnaires
    // written before it in the same transaction are gone too.
    const broken = demoData(now);
    broken.profile[1]!.questions[1]!.question = '';
    await expect(demo.addIfEmpty(broken)).rejects.toMatchObject({ status: 400 });
    expect(await counts(svc)).toEqual(empty);

    // A failure in the middle of a questionnaire (a radio question without choices) likewise.
    const badVariable = demoData(now);
    badVariable.structure[0]!.topics[1]!.attributes[0]!.variables[0]!.variable_type = [
      { kind: 'radio', options: {} },
    ];
    await expect(demo.addIfEmpty(badVariable)).rejects.toMatchObject({ status: 400 });
    expect(await counts(svc)).toEqual(empty);

    // Two starts at once: one adds everything, the other waits for it and adds nothing.
    const results = await Promise.all([demo.addIfEmpty(demoData(now)), demo.addIfEmpty(demoData(now))]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.find((r) => r !== null)).toEqual({
      categories: 2,
      projects: 3,
      topics: 3,
      attributes: 6,
      variables: 16,
      questions: 4,
      answers: 3524,
      values: 7119,
      profiles: 524,
      reactions: 528,
      files: 45,
    });
    expect((await counts(svc)).variable).toBe(16);

    // The photos and documents are kept as uploads are: an object of the private store per row, with its
    // owner (the answer's), its SHA-256, its value naming it; the addresses with their location.
    const files = await svc.db.query<{
      id: string;
      storage_key: string;
      sha256: string;
      mime: string;
      bytes: number;
      own: boolean;
    }>(
      `SELECT f.id, f.storage_key, f.sha256, f.mime, f.bytes, f.owner = a.owner AS own
         FROM consultation.answer_file f JOIN consultation.answer a ON a.token = f.answer
         JOIN consultation.answer_value v ON v.file = f.id AND v.variable = f.variable`,
    );
    expect(files).toHaveLength(45);
    expect(new Set(files.map((f) => f.mime))).toEqual(new Set(['image/png', 'application/pdf']));
    const store = svc.app.get<FileStorage>(PRIVATE_FILE_STORAGE);
    for (const f of files) {
      expect([f.storage_key, f.own]).toEqual([`answers/${f.id}`, true]);
      const object = await store.get(f.storage_key);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      expect([bytes.length, createHash('sha256').update(bytes).digest('hex')]).toEqual([f.bytes, f.sha256]);
    }
    const [addresses] = await svc.db.query<{ n: number; located: number }>(
      `SELECT count(*)::int AS n, count(location)::int AS located FROM consultation.answer_value
        WHERE kind = 'resource'`,
    );
    expect(addresses!.n).toBeGreaterThan(0);
    expect(addresses!.located).toBe(addresses!.n);
    // The library question's values are lists of the library's demo pictures, by the ids both demos share.
    const pictures = await svc.db.query<{ item: string }>(
      `SELECT DISTINCT unnest(list_value) AS item FROM consultation.answer_value WHERE kind = 'library'`,
    );
    expect(pictures.length).toBeGreaterThan(1);
    const shared = new Set<string>(Object.values(DEMO_LIBRARY_ITEM_IDS));
    expect(pictures.filter((p) => !shared.has(p.item))).toEqual([]);

    // The demo participants' answers keep the rules a participant's answers keep: inside the topic's boundary
    // (points covered by it), the attribute's geometry type, max_geom per attribute and per topic.
    const db = svc.db;
    const [rules] = await db.query(
      `SELECT count(*) FILTER (WHERE n.boundary IS NOT NULL AND NOT public.ST_Intersects(n.boundary, a.geom))::int
                AS outside,
              count(*) FILTER (WHERE public.GeometryType(a.geom) = 'POINT' AND n.boundary IS NOT NULL
                AND NOT public.ST_Covers(n.boundary, a.geom))::int AS points_outside,
              count(*) FILTER (WHERE at.has_geometry AND lower(public.GeometryType(a.geom)) <>
                CASE at.geom_type WHEN 'line' THEN 'linestring' ELSE at.geom_type END)::int AS wrong_type
         FROM consultation.answer a
         JOIN consultation.node n ON n.token = a.node
         JOIN consultation.attribute at ON at.token = a.attribute`,
    );
    expect(rules).toEqual({ outside: 0, points_outside: 0, wrong_type: 0 });
    const [over] = await db.query(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM consultation.answer a
                 JOIN consultation.attribute at ON at.token = a.attribute
                WHERE a.geom IS NOT NULL GROUP BY a.owner, a.attribute, at.max_geom
               HAVING count(*) > at.max_geom) x)::int AS attribute,
              (SELECT count(*) FROM (SELECT 1 FROM consultation.answer a
                 JOIN consultation.node n ON n.token = a.node
                WHERE a.geom IS NOT NULL AND n.max_geom IS NOT NULL GROUP BY a.owner, a.node, n.max_geom
               HAVING count(*) > n.max_geom) y)::int AS topic`,
    );
    expect(over).toEqual({ attribute: 0, topic: 0 });
  });

  it('adds nothing when AGORA_DEMO_DATA is not set', async () => {
    const svc = await bootTestService(createConsultationService({}));
    started.push(svc);
    const res = await caller(svc)('/category');
    expect(res.body).toEqual([]);
    expect(await counts(svc)).toEqual(Object.fromEntries(TABLES.map((t) => [t, 0])));
  });
});
