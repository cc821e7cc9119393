// Helpers of the answer tests: a category with a project, topics, attributes and a variable of every value kind,
// the people of the role tables, and request shortcuts as each of them.
import { randomUUID } from 'node:crypto';
import type { EnrolRole, Role, SessionUser } from '@agora/contracts';
import type { TestService } from '@agora/common/testing';
import request from 'supertest';
import { square } from './tree-test-helpers.js';

export type Person = 'anonymous' | 'outsider' | 'normal' | 'other' | 'expert' | 'admin';

export const point = (x: number, y: number) => ({ type: 'Point', coordinates: [x, y] });
export const polygon = (x: number, y: number, d: number) => ({
  type: 'Polygon',
  coordinates: [square(x, y, d)],
});
export const line = (...positions: number[][]) => ({ type: 'LineString', coordinates: positions });

/** The topic boundary: a square of half-side 0.01° around (23.7, 37.9). */
export const BOUNDARY = polygon(23.7, 37.9, 0.01);

/** Library items a library value may choose. */
export const ITEMS = ['3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f', '4a2d7b63-3c2f-4d2b-8e4f-8b1c9d0e1f2a'];

/** A variable of all ten value types, with options each test breaks. */
export const ALL_KINDS = [
  {
    kind: 'radio',
    options: {
      required: true,
      label: 'Συμφωνείτε;',
      choices: [
        { id: 'yes', label: 'Ναι' },
        { id: 'no', label: 'Όχι' },
      ],
    },
  },
  {
    kind: 'checkbox',
    options: {
      choices: [
        { id: 'a', label: 'α' },
        { id: 'b', label: 'β' },
        { id: 'c', label: 'γ' },
      ],
    },
  },
  { kind: 'document', options: { accepts: ['pdf', 'docx'], maxSize: 1 } },
  { kind: 'date', options: { minDate: '2020-01-01', maxDate: '2030-12-31' } },
  { kind: 'text', options: { minLength: 3, maxLength: 50 } },
  { kind: 'string', options: { maxLength: 10 } },
  { kind: 'photo', options: { maxSize: 1 } },
  { kind: 'number', options: { minLength: 0, maxLength: 100 } },
  { kind: 'resource', options: {} },
  { kind: 'library', options: { items: ITEMS } },
];

export interface World {
  category: string;
  project: string;
  /** a topic with a point boundary, max_geom 3 */
  places: string;
  /** a topic without geometry */
  opinions: string;
  /** points of `places`: max_geom 2, allow_drag, predefined features */
  points: string;
  /** polygons of `places`: no max_geom of its own, allow_resize */
  areas: string;
  /** an attribute of `places` without its own geometry: the topic's (points) */
  marks: string;
  /** an attribute without geometry, in `opinions` */
  comments: string;
  /** the variable of every kind, of `comments` */
  survey: string;
  /** the ids of the predefined features of `points` */
  predefined: number[];
  people: Record<Exclude<Person, 'anonymous'>, SessionUser>;
}

const ROLE: Record<Exclude<Person, 'anonymous'>, Role> = {
  outsider: 'authorized',
  normal: 'authorized',
  other: 'authorized',
  expert: 'authorized',
  admin: 'admin',
};
const ENROL: Partial<Record<Person, EnrolRole>> = { normal: 'normal', other: 'normal', expert: 'expert' };

/** A person of the role tables; enrolled in `category` as their kind says. */
export function personOf(kind: Exclude<Person, 'anonymous'>, category: string): SessionUser {
  const enrol = ENROL[kind];
  return {
    uuid: randomUUID(),
    username: kind,
    firstname: 'Ελένη',
    lastname: 'Κωνσταντίνου',
    email: `${kind}@example.org`,
    role: ROLE[kind],
    ...(enrol ? { enrolments: [{ category, role: enrol }] } : {}),
  };
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** Request shortcuts as a person (or a given user). */
export function as(svc: TestService, who: SessionUser | null) {
  const identity = svc.identity(who);
  const server = svc.app.getHttpServer();
  const req = (method: Method, url: string) => request(server)[method](url).set('x-agora-identity', identity);
  return {
    req,
    get: (url: string) => req('get', url),
    post: (url: string, body: object) => req('post', url).send(body),
    put: (url: string, body: object) => req('put', url).send(body),
    delete: (url: string) => req('delete', url),
  };
}

/** Builds the world: a category, an open project, two topics, four attributes, a variable of every kind. */
export async function buildWorld(svc: TestService): Promise<World> {
  const category = randomUUID();
  const project = randomUUID();
  await svc.db.query(`INSERT INTO consultation.category (token, mname, title) VALUES ($1, 'answers', 'C')`, [
    category,
  ]);
  await svc.db.query(
    `INSERT INTO consultation.project (token, mname, title, start_date, end_date, active, category, max_bytes)
     VALUES ($1, 'answers-project', 'P', '2000-01-01', '2999-12-31', true, $2, 5242880)`,
    [project, category],
  );
  const admin = as(svc, personOf('admin', category));
  const made = async (path: string, body: object) => {
    const res = await admin.post(path, body);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { token: string; predefined?: { features: Array<{ id: number }> } };
  };
  const places = await made('/node', {
    project,
    title: 'Τόποι',
    mname: 'places',
    has_geometry: true,
    boundary: BOUNDARY,
    geom_type: 'point',
    max_geom: 3,
  });
  const opinions = await made('/node', { project, title: 'Γνώμες', mname: 'opinions' });
  const points = await made('/attribute', {
    node: places.token,
    name: 'Σημεία',
    mname: 'points',
    has_geometry: true,
    geom_type: 'point',
    max_geom: 2,
    allow_drag: true,
    has_predefined: true,
    predefined: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: point(23.701, 37.901), properties: null },
        { type: 'Feature', geometry: point(23.702, 37.902), properties: null },
      ],
    },
  });
  const areas = await made('/attribute', {
    node: places.token,
    name: 'Περιοχές',
    mname: 'areas',
    has_geometry: true,
    geom_type: 'polygon',
    allow_resize: true,
  });
  const marks = await made('/attribute', { node: places.token, name: 'Σήματα', mname: 'marks' });
  const comments = await made('/attribute', { node: opinions.token, name: 'Σχόλια', mname: 'comments' });
  const survey = await made('/variable', {
    attribute: comments.token,
    mname: 'survey',
    variable_type: ALL_KINDS,
  });
  const [ids] = [
    (
      await svc.db.query<{ id: string }>(
        `SELECT id::text FROM consultation.attribute_feature WHERE attribute = $1 AND kind = 'predefined' ORDER BY position`,
        [points.token],
      )
    ).map((r) => Number(r.id)),
  ];
  const people = {
    outsider: personOf('outsider', category),
    normal: personOf('normal', category),
    other: personOf('other', category),
    expert: personOf('expert', category),
    admin: personOf('admin', category),
  };
  return {
    category,
    project,
    places: places.token,
    opinions: opinions.token,
    points: points.token,
    areas: areas.token,
    marks: marks.token,
    comments: comments.token,
    survey: survey.token,
    predefined: ids!,
    people,
  };
}

/** The count of rows of a consultation table. */
export async function rows(svc: TestService, table: string, where = 'true', params: unknown[] = []) {
  const [row] = await svc.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM consultation.${table} WHERE ${where}`,
    params,
  );
  return row!.n;
}

/** A variable of `attribute` made by the world's administrator; its token. */
export async function addVariable(
  svc: TestService,
  w: World,
  attribute: string,
  mname: string,
  variable_type: object[],
): Promise<string> {
  const res = await as(svc, w.people.admin).post('/variable', { attribute, mname, variable_type });
  // thrown, not `expect`ed: these helpers also seed the benchmarks, which run without jest
  if (res.status !== 200)
    throw new Error(`POST /variable answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}
