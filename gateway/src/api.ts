import type { IncomingHttpHeaders } from 'node:http';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { LRUCache } from 'lru-cache';
import {
  CSRF_COOKIE,
  IDENTITY_HEADER,
  REQUEST_ID_HEADER,
  SESSION_CLEAR_HEADER,
  SESSION_COOKIE,
  SESSION_REFRESH_HEADER,
  SESSION_SET_HEADER,
  ownerOf,
  type ServiceName,
  type SessionUser,
} from '@agora/contracts';
import type { SessionProbeAnswer } from '@agora/contracts/api';
import { signUserIdentity } from '@agora/identity';
import type { GatewayConfig } from './config.js';
import { CookieJar, VISITOR_COOKIE, isPlausibleSid, newVisitorId, readCookie } from './cookies.js';
import { csrfKeyOf, csrfProtection, csrfTokenFor, isSafeMethod } from './csrf.js';
import { auditRouter } from './audit.js';
import { docsRouter } from './docs.js';
import { notFound, sendError } from './errors.js';
import { forward, isInternalHeader } from './proxy.js';
import { requestIdOf } from './request-id.js';
import { SESSION_CACHE_MAX, type SessionResolver } from './session.js';
import type { UpstreamAgents } from './upstream.js';

export interface ApiDeps {
  config: GatewayConfig;
  agents: UpstreamAgents;
  sessions: SessionResolver;
  cookies: CookieJar;
  logger: Logger;
}

interface Caller {
  user: SessionUser | null;
  sid: string | null;
}

/** Client-sent `x-agora-*` headers never reach a service: identity comes from the gateway alone. */
export const stripInternalHeaders: RequestHandler = (req, _res, next) => {
  for (const name of Object.keys(req.headers)) {
    if (isInternalHeader(name)) delete req.headers[name];
  }
  next();
};

/** `/path` split into path and query, as the client sent them (not decoded). */
function splitUrl(url: string): { path: string; query: string } {
  const q = url.indexOf('?');
  return q < 0 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q + 1) };
}

/** True when a segment is `.` or `..` (also percent-encoded): such paths are never forwarded. */
export function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => {
    if (!/[.%]/.test(segment)) return false;
    try {
      const decoded = decodeURIComponent(segment);
      return decoded === '.' || decoded === '..';
    } catch {
      return false;
    }
  });
}

/**
 * An answer to a request with a session (or one that opens a session, or sets a cookie) is that user's:
 * `Cache-Control: no-store`, so no shared or browser cache keeps it, unless the service chose its own caching
 * (public library files).
 */
function markPrivate(res: Response, headers: IncomingHttpHeaders, withSession: boolean): void {
  if (withSession && headers['cache-control'] === undefined) res.setHeader('Cache-Control', 'no-store');
}

/** The owner of an `/api` request (path relative to `/api`), or null. */
export function routeOf(url: string): ReturnType<typeof ownerOf> {
  const { path, query } = splitUrl(url);
  if (hasDotSegment(path)) return null;
  const action = new URLSearchParams(query).get('action');
  return ownerOf(path.replace(/^\/+/, ''), action);
}

/** How long the gateway reuses a signed identity (it is accepted for IDENTITY_TTL_MS after it was signed). */
export const IDENTITY_REUSE_MS = 10_000;

export function apiRouter(deps: ApiDeps): Router {
  const { config, agents, sessions, cookies, logger } = deps;
  const router = Router();
  const csrfKey = csrfKeyOf(config.identityKey);

  /**
   * The signed identity for `owner`, reused for IDENTITY_REUSE_MS (well within its validity) for the same user
   * (as resolved: a changed user is a new key), session and address: signing is much of the gateway's work per
   * request, and the service skips checking a signature it has already checked.
   */
  const signedIdentities = new LRUCache<string, string>({ max: SESSION_CACHE_MAX, ttl: IDENTITY_REUSE_MS });
  function identityFor(
    owner: ServiceName,
    fields: { user: SessionUser | null; sid: string | null; ip: string | undefined },
  ): string {
    const key = `${owner}\n${fields.sid}\n${fields.ip}\n${JSON.stringify(fields.user)}`;
    let identity = signedIdentities.get(key);
    if (identity === undefined) {
      identity = signUserIdentity(config.identityKey, owner, fields);
      signedIdentities.set(key, identity);
    }
    return identity;
  }

  /**
   * Who is calling: resolves `agora_sid`. When accounts no longer knows it (expired, revoked, made up), both the
   * session cookie and the readable `token` cookie are cleared: the page sees the token go and shows the
   * session time-out modal (spec part 1, session time-out).
   */
  async function identify(req: Request, res: Response): Promise<Caller> {
    const sid = readCookie(req, SESSION_COOKIE);
    if (!sid) return { user: null, sid: null };
    const user = isPlausibleSid(sid) ? await sessions.resolve(sid, requestIdOf(req)) : null;
    if (!user) {
      cookies.clearSession(req, res);
      cookies.clearCsrfToken(req, res);
      return { user: null, sid: null };
    }
    return { user, sid };
  }

  /**
   * Turns accounts' session headers into cookies, or drops the cached session when its user changed (they never
   * reach the browser themselves: `x-agora-*` answer headers are not forwarded).
   */
  function applySessionHeaders(req: Request, res: Response, headers: IncomingHttpHeaders): void {
    const previous = readCookie(req, SESSION_COOKIE);
    const newSid = headers[SESSION_SET_HEADER];
    if (typeof newSid === 'string' && newSid.length > 0) {
      if (isPlausibleSid(newSid)) {
        if (previous) sessions.evict(previous);
        sessions.evict(newSid); // nothing known before the login may stand for the new session
        cookies.setSession(req, res, newSid);
        cookies.setCsrfToken(req, res, csrfTokenFor(csrfKey, { kind: 'session', id: newSid }));
      } else {
        logger.error({ reqId: requestIdOf(req) }, 'accounts sent a malformed session id; no cookie set');
      }
    }
    if (headers[SESSION_REFRESH_HEADER] !== undefined && previous) sessions.evict(previous);
    if (headers[SESSION_CLEAR_HEADER] !== undefined) {
      if (previous) sessions.evict(previous);
      cookies.clearSession(req, res);
      cookies.clearCsrfToken(req, res);
    }
  }

  router.use(stripInternalHeaders);
  router.use('/docs', docsRouter(deps));

  /**
   * Sets the CSRF token of the caller's session (`sid`, as resolved), or without one of the browser's visitor id
   * (given when it has none), unless the `token` cookie already is that token (decision 0067).
   */
  function issueCsrfToken(req: Request, res: Response, sid: string | null): void {
    let visitor = readCookie(req, VISITOR_COOKIE);
    if (!sid && !visitor) {
      visitor = newVisitorId();
      cookies.setVisitor(req, res, visitor);
    }
    const token = csrfTokenFor(
      csrfKey,
      sid ? { kind: 'session', id: sid } : { kind: 'visitor', id: visitor! },
    );
    if (readCookie(req, CSRF_COOKIE) !== token) cookies.setCsrfToken(req, res, token);
  }

  // The spec's session probe: hands out the CSRF token and tells whether the session is logged in. A token that
  // is not this browser's (absent, planted, from before tokens were bound, of a session that is gone) is replaced.
  router.get('/login', async (req, res) => {
    const { user, sid } = await identify(req, res);
    issueCsrfToken(req, res, sid);
    const answer: SessionProbeAnswer = { loggedin: user !== null };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  router.use(csrfProtection(csrfKey));

  // the services' audit logs merged (admins; `GATEWAY_SEGMENTS` of the routing table keeps `audit` the gateway's)
  router.use(
    '/audit',
    auditRouter({
      services: config.services,
      identityKey: config.identityKey,
      timeoutMs: config.upstreamTimeoutMs,
      logger,
      identify,
    }),
  );

  router.use(async (req, res) => {
    const owner = routeOf(req.url);
    if (!owner) {
      notFound(res);
      return;
    }
    const caller = await identify(req, res);
    // A page holding a token that is not its own (planted, or from before tokens were bound) gets its own with
    // its next read, as the front end asks for a token only when it has none; never on an answer that a shared
    // cache may keep, nor where the session is gone (its token stays cleared: the page shows the time-out).
    const sessionGone = caller.sid === null && readCookie(req, SESSION_COOKIE) !== undefined;
    const mayFixToken =
      isSafeMethod(req.method) && readCookie(req, CSRF_COOKIE) !== undefined && !sessionGone;
    // Signed for the owner alone: another service refuses it.
    const identity = identityFor(owner, { user: caller.user, sid: caller.sid, ip: req.ip });
    forward(agents, req, res, {
      service: owner,
      baseUrl: config.services[owner],
      path: req.url.startsWith('/') ? req.url : `/${req.url}`,
      headers: { [IDENTITY_HEADER]: identity, [REQUEST_ID_HEADER]: requestIdOf(req) },
      timeoutMs: config.upstreamTimeoutMs,
      onResponse: (headers) => {
        if (owner === 'accounts') applySessionHeaders(req, res, headers);
        const sessionAnswer =
          headers[SESSION_SET_HEADER] !== undefined || headers[SESSION_CLEAR_HEADER] !== undefined;
        const shared = /\bpublic\b/i.test(String(headers['cache-control'] ?? ''));
        if (mayFixToken && !sessionAnswer && !shared) issueCsrfToken(req, res, caller.sid);
        markPrivate(
          res,
          headers,
          caller.sid !== null || headers[SESSION_SET_HEADER] !== undefined || res.hasHeader('set-cookie'),
        );
      },
      onUnavailable: (err) => {
        logger.warn({ reqId: requestIdOf(req), service: owner, err: err.message }, 'service unavailable');
        sendError(res, 503, `${owner} service unavailable`, 'GATEWAY.UNAVAILABLE');
      },
      onRetry: (err) => {
        logger.info(
          { reqId: requestIdOf(req), service: owner, err: err.message },
          'retrying on a new connection',
        );
      },
      onBadRequest: (err) => {
        logger.info({ reqId: requestIdOf(req), err: err.message }, 'request cannot be forwarded');
        sendError(res, 400, 'bad request', 'GATEWAY.BAD_REQUEST');
      },
    });
  });

  return router;
}
