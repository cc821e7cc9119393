// Helpers of the structure tests (topics, attributes, variables): callers, a project to build in, request shortcuts.
import { randomUUID } from 'node:crypto';
import type { Role, SessionUser } from '@agora/contracts';
import type { TestService } from '@agora/common/testing';
import request from 'supertest';

export type Caller = 'anonymous' | 'participant' | 'expert' | 'admin';

const ROLE_OF: Record<Exclude<Caller, 'anonymous'>, Role> = {
  participant: 'authorized',
  expert: 'authorized',
  admin: 'admin',
};

export function userOf(caller: Exclude<Caller, 'anonymous'>): SessionUser {
  return {
    uuid: randomUUID(),
    username: caller,
    firstname: 'Ελένη',
    lastname: 'Κωνσταντίνου',
    email: `${caller}@example.org`,
    role: ROLE_OF[caller],
  };
}

/** Request shortcuts as one caller. */
export function client(svc: TestService, caller: Caller = 'admin') {
  const identity = svc.identity(caller === 'anonymous' ? null : userOf(caller));
  const server = svc.app.getHttpServer();
  const req = (method: 'get' | 'post' | 'put' | 'delete', url: string) =>
    request(server)[method](url).set('x-agora-identity', identity);
  return {
    get: (url: string) => req('get', url),
    post: (url: string, body: object) => req('post', url).send(body),
    put: (url: string, body: object) => req('put', url).send(body),
    delete: (url: string) => req('delete', url),
    /** a multipart/form-data write with text fields */
    form: (method: 'post' | 'put', url: string, fields: Record<string, string>) => {
      let r = req(method, url);
      for (const [k, v] of Object.entries(fields)) r = r.field(k, v);
      return r;
    },
  };
}

/** A category and a project in it; answers the project's token. */
export async function seedProject(
  db: { query(sql: string, params?: unknown[]): Promise<unknown> },
  mname: string,
): Promise<string> {
  const category = randomUUID();
  const project = randomUUID();
  await db.query(`INSERT INTO consultation.category (token, mname, title) VALUES ($1, $2, 'C')`, [
    category,
    `cat-${mname}`,
  ]);
  await db.query(
    `INSERT INTO consultation.project (token, mname, title, start_date, end_date, category)
     VALUES ($1, $2, 'P', '2026-11-01', '2026-12-01', $3)`,
    [project, mname, category],
  );
  return project;
}

/** The geometry options of an attribute without geometry, as answered. */
export const noGeometry = {
  geom_type: null,
  geom_color: '',
  max_geom: null,
  allow_drag: false,
  allow_resize: false,
  has_predefined: false,
};

/** The fields of a new attribute of predefined points (add `predefined`) on topic `node`. */
export function pointsAttribute(node: string) {
  return {
    node,
    name: 'Σημεία',
    mname: 'points',
    has_geometry: true,
    geom_type: 'point',
    has_predefined: true,
  };
}

/** A closed square ring around (x, y) of half-side d. */
export function square(x: number, y: number, d: number): number[][] {
  return [
    [x - d, y - d],
    [x + d, y - d],
    [x + d, y + d],
    [x - d, y + d],
    [x - d, y - d],
  ];
}
