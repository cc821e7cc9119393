// Callers of the consultation API in integration tests: the four kinds of the role tables, and a request helper.
import { IDENTITY_HEADER, type ConsultationRole, type SessionUser } from '@agora/contracts';
import type { TestService } from '@agora/common/testing';
import request from 'supertest';

export type Caller = 'anonymous' | 'participant' | 'expert' | 'admin';
export const CALLERS: readonly Caller[] = ['anonymous', 'participant', 'expert', 'admin'];

const person = (uuid: string, username: string, role: SessionUser['role']): SessionUser => ({
  uuid,
  username,
  firstname: 'Μαρία',
  lastname: 'Παπαδοπούλου',
  email: `${username}@example.org`,
  role,
});

/**
 * A participant is a user with the site role 'authorized'; an expert is such a user enrolled as expert in a
 * category (the enrolment travels with the identity; structure calls do not depend on it).
 */
export function callerUser(
  caller: Caller,
  expertIn = '00000000-0000-4000-8000-0000000000e1',
): SessionUser | null {
  switch (caller) {
    case 'anonymous':
      return null;
    case 'participant':
      return person('2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f', 'participant', 'authorized');
    case 'expert':
      return Object.assign(person('3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a', 'expert', 'authorized'), {
        enrolments: [{ category: expertIn, role: 'expert' }],
      });
    case 'admin':
      return person('4e3d2c1b-0a9f-4e8d-9c7b-6a5f4e3d2c1b', 'admin', 'admin');
  }
}

/**
 * A participant (site role 'authorized') enrolled in the categories given with their roles, e.g.
 * `enrolledUser({ [CATEGORY]: 'normal' })`; `name` tells several such users apart (uuid and username).
 */
export function enrolledUser(
  enrolments: Readonly<Record<string, ConsultationRole>>,
  name = 'member',
  role: SessionUser['role'] = 'authorized',
): SessionUser {
  const hex = Buffer.from(name).toString('hex').padEnd(12, '0').slice(0, 12);
  return Object.assign(person(`5f4e3d2c-1b0a-4f9e-8d7c-${hex}`, name, role), {
    enrolments: Object.entries(enrolments).map(([category, r]) => ({ category, role: r })),
  });
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** A request as any `user` (null: anonymous) without a body yet. */
export function requestWith(svc: TestService, user: SessionUser | null, method: Method, path: string) {
  return request(svc.app.getHttpServer())[method](path).set(IDENTITY_HEADER, svc.identity(user));
}

/** A request as any `user` (null: anonymous), with a JSON body when given. */
export function callWith(
  svc: TestService,
  user: SessionUser | null,
  method: Method,
  path: string,
  body?: object,
) {
  const req = requestWith(svc, user, method, path);
  return body === undefined ? req : req.send(body);
}

/** A request as `caller` without a body yet (add multipart fields with `.field()`). */
export function requestAs(svc: TestService, caller: Caller, method: Method, path: string) {
  return requestWith(svc, callerUser(caller), method, path);
}

/** A request to the service as `caller`, with a JSON body when given. */
export function call(svc: TestService, caller: Caller, method: Method, path: string, body?: object) {
  return callWith(svc, callerUser(caller), method, path, body);
}

/** The routes of the service's OpenAPI document (`method /path/{param}`) whose path `scope` matches. */
export async function documentedRoutes(svc: TestService, scope: RegExp): Promise<string[]> {
  const doc = await request(svc.app.getHttpServer()).get('/openapi.json');
  return Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)
    .filter(([p]) => scope.test(p))
    .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`));
}

/** Whether `concrete` (`method /path`) is an instance of the documented route `template` (a trailing slash aside). */
export function matchesRoute(concrete: string, template: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`).test(concrete);
}
