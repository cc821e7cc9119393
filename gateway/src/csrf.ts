import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { CSRF_COOKIE, CSRF_HEADER } from '@agora/contracts';
import { readCookie } from './cookies.js';
import { sendError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Double-submit check: the header must equal the cookie. Both are hashed first so that the comparison takes the
 * same time whatever the lengths are.
 */
export function csrfTokenMatches(cookie: string | undefined, header: string | string[] | undefined): boolean {
  if (typeof cookie !== 'string' || typeof header !== 'string') return false;
  if (cookie.length === 0 || header.length === 0) return false;
  return timingSafeEqual(digest(cookie), digest(header));
}

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** Every method but GET, HEAD and OPTIONS must carry `X-Csrf-Token` equal to the `token` cookie. */
export function csrfProtection(): RequestHandler {
  return (req, res, next) => {
    if (
      isSafeMethod(req.method) ||
      csrfTokenMatches(readCookie(req, CSRF_COOKIE), req.headers[CSRF_HEADER])
    ) {
      next();
      return;
    }
    sendError(res, 403, 'invalid csrf token', 'GATEWAY.CSRF');
  };
}
