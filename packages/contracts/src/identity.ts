import type { EnrolRole, Role } from './roles.js';
import type { ServiceName } from './routing.js';

/**
 * Who signs identities, each with its own Ed25519 key: the gateway (user identities, and its own as a caller) and
 * each service (only its own, for calls to another service's internal routes).
 */
export type IdentitySigner = 'gateway' | ServiceName;

/** The user as the gateway forwards it to services (signed), and as `GET /api/profile` returns it. */
export interface SessionUser {
  uuid: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  /**
   * The consultation categories the user is enrolled in, with the enrolment role (owned by accounts, resolved
   * with the session and signed by the gateway, so services check enrolment without a call). Missing: none.
   */
  enrolments?: readonly SessionEnrolment[];
}

/** One enrolment of a user: a category (its token) and the user's role in it. */
export interface SessionEnrolment {
  category: string;
  role: EnrolRole;
}

/** The user's enrolment role in a category (by token), or null when not enrolled (or anonymous). */
export function enrolmentRole(
  user: Pick<SessionUser, 'enrolments'> | null | undefined,
  category: string,
): EnrolRole | null {
  const wanted = category.toLowerCase();
  return user?.enrolments?.find((e) => e.category.toLowerCase() === wanted)?.role ?? null;
}

/**
 * Payload of the signed identity header (`x-agora-identity`). Two kinds: a user identity (no `sys`; the visitor,
 * logged in or not), which only the gateway signs; and a service identity (`sys` names the calling service or the
 * gateway, no user), signed by that caller's own key. Either is valid for one audience, the target service.
 */
export interface Identity {
  /** version of the payload format */
  v: 2;
  /** the service this identity was signed for; any other service refuses it */
  aud: ServiceName;
  /** the logged-in user, or null for an anonymous visitor (always null in a service identity) */
  user: SessionUser | null;
  /** the session id, when logged in */
  sid: string | null;
  /** a service identity: the calling service (or the gateway itself: session resolution, docs) */
  sys?: IdentitySigner;
  /** client address as seen by the gateway (for rate limits and audit) */
  ip?: string;
  /** issued at, ms since epoch */
  iat: number;
  /** expires at, ms since epoch */
  exp: number;
}

export const IDENTITY_HEADER = 'x-agora-identity';
export const REQUEST_ID_HEADER = 'x-request-id';
/** Header by which accounts hands a new session id to the gateway after a login (never reaches the browser). */
export const SESSION_SET_HEADER = 'x-agora-session';
/** Header by which accounts tells the gateway to drop the session cookie (logout). */
export const SESSION_CLEAR_HEADER = 'x-agora-session-clear';
/**
 * Header by which accounts tells the gateway that the caller's session user changed (a new enrolment): the gateway
 * drops its cached resolution of that session, so the next request carries the new identity (never reaches the
 * browser).
 */
export const SESSION_REFRESH_HEADER = 'x-agora-session-refresh';
export const SESSION_COOKIE = 'agora_sid';
export const CSRF_COOKIE = 'token';
export const CSRF_HEADER = 'x-csrf-token';
