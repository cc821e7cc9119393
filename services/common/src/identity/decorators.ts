import {
  applyDecorators,
  createParamDecorator,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  type ExecutionContext,
} from '@nestjs/common';
import {
  expressPath,
  INTERNAL_ROUTES,
  splitRouteKey,
  type Identity,
  type IdentitySigner,
  type InternalRouteKey,
  type Role,
  type SessionUser,
} from '@agora/contracts';
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
 * An internal route (`/internal/…`, never routed by the gateway), as the service graph of `@agora/contracts`
 * declares it: the handler is mapped to the route's method and path (its controller has no path prefix), and only
 * the service identities of the route's declared callers pass, each signed with the caller's own key. User
 * identities never pass, and service identities pass no other kind of route.
 */
export function Internal(route: InternalRouteKey): MethodDecorator {
  const { method, path } = splitRouteKey(route);
  const callers: readonly IdentitySigner[] = INTERNAL_ROUTES[route].callers;
  return applyDecorators(
    RequestMapping({ path: expressPath(path), method: RequestMethod[method] }),
    SetMetadata(ACCESS_KEY, { kind: 'internal', callers } satisfies Access),
  );
}
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
