import { createHash, createHmac, hkdfSync, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@agora/contracts';
import { VISITOR_COOKIE, readCookie } from './cookies.js';
import { sendError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * What a CSRF token is bound to (decision 0067): the session (the `agora_sid` cookie) when the browser has one,
 * else the visitor (the httpOnly `agora_visitor` cookie, a random id the gateway gives a browser without a
 * session). Null when the browser has neither: no token can be valid then.
 */
export type CsrfBinding = { kind: 'session' | 'visitor'; id: string } | null;

export function csrfBindingOf(req: Request): CsrfBinding {
  const sid = readCookie(req, SESSION_COOKIE);
  if (sid) return { kind: 'session', id: sid };
  const visitor = readCookie(req, VISITOR_COOKIE);
  return visitor ? { kind: 'visitor', id: visitor } : null;
}

/**
 * The key of the tokens' HMAC, derived from the gateway's identity key (HKDF-SHA256 with its own label), so that
 * every gateway of a deployment makes and accepts the same tokens and no other secret has to be configured.
 */
export function csrfKeyOf(identityKey: KeyObject): Buffer {
  const material = identityKey.export({ format: 'der', type: 'pkcs8' });
  return Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), 'agora gateway csrf token', 32));
}

/** The token of `binding`: base64url HMAC-SHA256 of its kind and id (43 characters). */
export function csrfTokenFor(key: Buffer, binding: NonNullable<CsrfBinding>): string {
  return createHmac('sha256', key).update(`${binding.kind}\n${binding.id}`, 'utf8').digest('base64url');
}

/**
 * Double-submit check: the header must equal the cookie. Both are hashed first so that the comparison takes the
 * same time whatever the lengths are.
 */
export function csrfTokenMatches(cookie: string | undefined, header: string | string[] | undefined): boolean {
  if (typeof cookie !== 'string' || typeof header !== 'string') return false;
  if (cookie.length === 0 || header.length === 0) return false;
  return timingSafeEqual(digest(cookie), digest(header));
}

/** Whether the request's token (cookie and header, equal) is the one of its own session or visitor id. */
export function csrfTokenValid(key: Buffer, req: Request): boolean {
  const cookie = readCookie(req, CSRF_COOKIE);
  const binding = csrfBindingOf(req);
  if (!binding || !csrfTokenMatches(cookie, req.headers[CSRF_HEADER])) return false;
  return csrfTokenMatches(cookie, csrfTokenFor(key, binding));
}

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/**
 * Every method but GET, HEAD and OPTIONS must carry `X-Csrf-Token` equal to the `token` cookie, and that token
 * must be the one the gateway made for the browser's session (or, without a session, its visitor id): a pair
 * that an attacker chose, or the token of another session, is refused.
 */
export function csrfProtection(key: Buffer): RequestHandler {
  return (req, res, next) => {
    if (isSafeMethod(req.method) || csrfTokenValid(key, req)) {
      next();
      return;
    }
    sendError(res, 403, 'invalid csrf token', 'GATEWAY.CSRF');
  };
}
