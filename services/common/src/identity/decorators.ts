import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Identity, IdentitySigner, Role, SessionUser } from '@agora/contracts';
import { AppError } from '../errors/app-error.js';

export const ACCESS_KEY = 'agora:access';

export type Access =
  | { kind: 'open' }
  | { kind: 'public' }
  | { kind: 'internal'; callers: readonly IdentitySigner[] }
  | { kind: 'user' }
  | { kind: 'role'; role: Role | readonly Role[] };

/** No identity needed at all: health, readiness, OpenAPI. Never for data. */
export const Open = () => SetMetadata(ACCESS_KEY, { kind: 'open' } satisfies Access);
/** Anyone coming through the gateway, logged in or not (user identities only). */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies Access);
/**
 * An internal route (`/internal/…`, never routed by the gateway): only the service identities of the named
 * callers, each signed with the caller's own key (session resolution: the gateway; item owners: consultation).
 * User identities never pass, and service identities pass no other kind of route.
 */
export const Internal = (...callers: [IdentitySigner, ...IdentitySigner[]]) =>
  SetMetadata(ACCESS_KEY, { kind: 'internal', callers } satisfies Access);
/** Any logged-in user. */
export const LoggedIn = () => SetMetadata(ACCESS_KEY, { kind: 'user' } satisfies Access);
/** The permission gate of the spec: a role list, or a single role and everyone ranked above it. */
export const RequireRole = (role: Role | readonly Role[]) =>
  SetMetadata(ACCESS_KEY, { kind: 'role', role } satisfies Access);

/** The verified identity of the caller. */
export const CurrentIdentity = createParamDecorator((_data: unknown, ctx: ExecutionContext): Identity => {
  const req = ctx.switchToHttp().getRequest<{ identity?: Identity }>();
  if (!req.identity) throw new AppError('AUTH.IDENTITY', 401, 'missing or invalid identity');
  return req.identity;
});

/** The logged-in user (401 when anonymous). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): SessionUser => {
  const req = ctx.switchToHttp().getRequest<{ identity?: Identity }>();
  if (!req.identity?.user) throw AppError.unauthorized();
  return req.identity.user;
});
