// Callers of the consultation API in integration tests: the four kinds of the role tables, and a request helper.
import { IDENTITY_HEADER, type SessionUser } from '@agora/contracts';
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

type Method = 'get' | 'post' | 'put' | 'delete';

/** A request as `caller` without a body yet (add multipart fields with `.field()`). */
export function requestAs(svc: TestService, caller: Caller, method: Method, path: string) {
  const server = request(svc.app.getHttpServer());
  return server[method](path).set(IDENTITY_HEADER, svc.identity(callerUser(caller)));
}

/** A request to the service as `caller`, with a JSON body when given. */
export function call(svc: TestService, caller: Caller, method: Method, path: string, body?: object) {
  const req = requestAs(svc, caller, method, path);
  return body === undefined ? req : req.send(body);
}
