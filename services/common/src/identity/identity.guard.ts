import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IDENTITY_HEADER, roleAllows, type Identity } from '@agora/contracts';
import type { Request } from 'express';
import type { ServiceConfig } from '../config/config.js';
import { AppError } from '../errors/app-error.js';
import { SERVICE_CONFIG } from '../infra/tokens.js';
import { ACCESS_KEY, type Access } from './decorators.js';
import { verifyIdentity } from '@agora/identity';

export type RequestWithIdentity = Request & { identity?: Identity };

/**
 * Global guard: every request must carry an identity signed for this service, except routes marked `@Open()`
 * (health, readiness, OpenAPI): a user identity signed by the gateway (anonymous visitors included), or on
 * `@Internal(…)` routes the service identity of one of the callers named there. Then the route's access rule is
 * checked. Routes without an access decorator are closed to everyone: forgetting one fails safe.
 */
@Injectable()
export class IdentityGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (access?.kind === 'open') return true;
    const req = context.switchToHttp().getRequest<RequestWithIdentity>();
    const header = req.headers[IDENTITY_HEADER];
    const identity = verifyIdentity(Array.isArray(header) ? header[0] : header, {
      audience: this.config.service,
      keys: this.config.identity.keys,
    });
    if (!identity) throw new AppError('AUTH.IDENTITY', 401, 'missing or invalid identity');
    req.identity = identity;
    if (!access) throw AppError.forbidden();
    if (access.kind === 'internal') {
      if (identity.sys === undefined || !access.callers.includes(identity.sys)) throw AppError.forbidden();
      return true;
    }
    // A service identity vouches for no user: it reaches internal routes only.
    if (identity.sys !== undefined) throw AppError.forbidden();
    switch (access.kind) {
      case 'public':
        return true;
      case 'user':
        if (!identity.user) throw AppError.unauthorized();
        return true;
      case 'role':
        if (!identity.user) throw AppError.unauthorized();
        if (!roleAllows(identity.user.role, access.role)) throw AppError.forbidden();
        return true;
    }
  }
}
