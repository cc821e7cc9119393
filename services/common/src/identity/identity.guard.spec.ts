import { generateKeyPairSync } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { IdentitySigner } from '@agora/contracts';
import type { ServiceConfig } from '../config/config.js';
import { TEST_ADMIN } from '../../test/index.js';
import { AppError } from '../errors/app-error.js';
import { Internal, Public, RequireRole } from './decorators.js';
import { IdentityGuard } from './identity.guard.js';
import { signServiceIdentity, signUserIdentity, IDENTITY_SIGNERS, type TrustedKeys } from '@agora/identity';

const pairs = Object.fromEntries(IDENTITY_SIGNERS.map((s) => [s, generateKeyPairSync('ed25519')]));
const key = (s: IdentitySigner) => pairs[s]!.privateKey;
const keys: TrustedKeys = Object.fromEntries(IDENTITY_SIGNERS.map((s) => [s, pairs[s]!.publicKey]));
const ADMIN = TEST_ADMIN;

/** Route handlers of the library, one per kind of access. */
class Routes {
  @Public() list(): void {}
  @RequireRole('editor') edit(): void {}
  @Internal('GET /internal/library/uuid/{uuid}/owner') owner(): void {}
}

/** The library's guard; the status it answers for a request to `route` with `header` (200: let through). */
function status(route: keyof Routes, header: string | undefined): number {
  const guard = new IdentityGuard(new Reflector(), {
    service: 'library',
    identity: { keys },
  } as ServiceConfig);
  const req = { headers: header === undefined ? {} : { 'x-agora-identity': header } };
  const context = {
    getHandler: () => Routes.prototype[route],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
  try {
    return guard.canActivate(context) ? 200 : 403;
  } catch (e) {
    if (e instanceof AppError) return e.status;
    throw e;
  }
}

const user = (signer: IdentitySigner, aud: 'library' | 'accounts' = 'library') =>
  signUserIdentity(key(signer), aud, { user: ADMIN, sid: 'sid-1' });
const service = (caller: IdentitySigner, aud: 'library' | 'accounts' = 'library') =>
  signServiceIdentity(key(caller), caller, aud);

describe('IdentityGuard', () => {
  it("lets the gateway's user identities reach user routes", () => {
    expect(status('list', user('gateway'))).toBe(200);
    expect(status('edit', user('gateway'))).toBe(200);
    expect(status('list', signUserIdentity(key('gateway'), 'library', { user: null, sid: null }))).toBe(200);
    expect(status('edit', signUserIdentity(key('gateway'), 'library', { user: null, sid: null }))).toBe(401);
  });

  it('refuses an identity signed for another service', () => {
    expect(status('list', user('gateway', 'accounts'))).toBe(401);
    expect(status('owner', service('consultation', 'accounts'))).toBe(401);
  });

  it("refuses a user identity signed with a service's key", () => {
    for (const signer of ['accounts', 'consultation', 'mailing', 'library'] as const) {
      expect(status('list', user(signer))).toBe(401);
      expect(status('edit', user(signer))).toBe(401);
    }
  });

  it("lets only the route's callers in the service graph reach an internal route, and no user", () => {
    expect(status('owner', service('consultation'))).toBe(200);
    expect(status('owner', service('gateway'))).toBe(403);
    expect(status('owner', service('accounts'))).toBe(403);
    expect(status('owner', service('mailing'))).toBe(403);
    expect(status('owner', user('gateway'))).toBe(403);
    expect(status('owner', undefined)).toBe(401);
  });

  it('refuses service identities on user routes', () => {
    for (const caller of IDENTITY_SIGNERS) {
      expect(status('list', service(caller))).toBe(403);
      expect(status('edit', service(caller))).toBe(403);
    }
  });
});
