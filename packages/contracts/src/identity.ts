import type { Role } from './roles.js';

/** The user as the gateway forwards it to services (signed), and as `GET /api/profile` returns it. */
export interface SessionUser {
  uuid: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
}

/** Payload of the signed identity header that the gateway sends to services. */
export interface Identity {
  /** version of the payload format */
  v: 1;
  /** the logged-in user, or null for an anonymous visitor */
  user: SessionUser | null;
  /** the session id, when logged in */
  sid: string | null;
  /** 'gateway' for calls made by the gateway itself (session resolution, docs) */
  sys?: 'gateway';
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
export const SESSION_COOKIE = 'agora_sid';
export const CSRF_COOKIE = 'token';
export const CSRF_HEADER = 'x-csrf-token';
