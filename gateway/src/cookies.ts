import { randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { CSRF_COOKIE, SESSION_COOKIE } from '@agora/contracts';
import type { GatewayConfig } from './config.js';

/** Session ids as accounts issues them: URL-safe or base64 text. Anything else is never sent to accounts. */
const SID_FORMAT = /^[A-Za-z0-9._~+/=-]{8,512}$/;

export function isPlausibleSid(value: string): boolean {
  return SID_FORMAT.test(value);
}

/**
 * The httpOnly cookie naming a browser that has no session: a random id that its CSRF token is bound to until it
 * logs in (decision 0067). Like the session cookie, it stays between the browser and the gateway.
 */
export const VISITOR_COOKIE = 'agora_visitor';

/** A fresh visitor id: 32 random bytes, base64url. */
export function newVisitorId(): string {
  return randomBytes(32).toString('base64url');
}

/** A cookie's value, when the request carries it as non-empty text. */
export function readCookie(req: Request, name: string): string | undefined {
  const cookies: unknown = req.cookies;
  if (typeof cookies !== 'object' || cookies === null) return undefined;
  const value: unknown = (cookies as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Cookie writing that follows `COOKIE_SECURE` (auto: Secure when this request came over TLS). */
export class CookieJar {
  constructor(private readonly secureSetting: GatewayConfig['cookieSecure']) {}

  private base(req: Request): CookieOptions {
    const secure = this.secureSetting === 'auto' ? req.secure : this.secureSetting;
    return { path: '/', sameSite: 'lax', secure };
  }

  setCsrfToken(req: Request, res: Response, token: string): void {
    dropPending(res, CSRF_COOKIE);
    res.cookie(CSRF_COOKIE, token, { ...this.base(req), httpOnly: false });
  }

  setVisitor(req: Request, res: Response, id: string): void {
    dropPending(res, VISITOR_COOKIE);
    res.cookie(VISITOR_COOKIE, id, { ...this.base(req), httpOnly: true });
  }

  setSession(req: Request, res: Response, sid: string): void {
    dropPending(res, SESSION_COOKIE);
    res.cookie(SESSION_COOKIE, sid, { ...this.base(req), httpOnly: true });
  }

  clearSession(req: Request, res: Response): void {
    dropPending(res, SESSION_COOKIE);
    res.clearCookie(SESSION_COOKIE, { ...this.base(req), httpOnly: true });
  }

  clearCsrfToken(req: Request, res: Response): void {
    dropPending(res, CSRF_COOKIE);
    res.clearCookie(CSRF_COOKIE, { ...this.base(req), httpOnly: false });
  }
}

/** Removes Set-Cookie lines for `name` already queued on this response, so that one answer sets a cookie once. */
function dropPending(res: Response, name: string): void {
  const current = res.getHeader('set-cookie');
  if (current === undefined) return;
  const lines = (Array.isArray(current) ? current : [String(current)]).filter(
    (l) => !l.startsWith(`${name}=`),
  );
  if (lines.length > 0) res.setHeader('set-cookie', lines);
  else res.removeHeader('set-cookie');
}
