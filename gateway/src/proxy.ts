import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream';
import type { Request, Response } from 'express';
import { CSRF_COOKIE, SESSION_COOKIE, type ServiceName } from '@agora/contracts';
import { UpstreamTimeoutError, type UpstreamAgents } from './upstream.js';
import { VISITOR_COOKIE } from './cookies.js';

/** Headers that describe one connection and never travel through a proxy (RFC 9110 §7.6.1), plus a few more. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);
/** Request headers the gateway answers or replaces itself. */
const REQUEST_ONLY = new Set(['host', 'expect', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto']);
/** Cookies that stay between the browser and the gateway. */
const GATEWAY_COOKIES = new Set([SESSION_COOKIE, CSRF_COOKIE, VISITOR_COOKIE]);

export const isInternalHeader = (name: string): boolean => name.toLowerCase().startsWith('x-agora-');

function connectionListed(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  if (typeof value !== 'string') return new Set();
  return new Set(value.split(',').map((s) => s.trim().toLowerCase()));
}

/** The Cookie header without the gateway's own cookies (services get identity from the signed header only). */
export function withoutGatewayCookies(cookie: string | undefined): string | undefined {
  if (!cookie) return undefined;
  const kept = cookie
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c.length > 0 && !GATEWAY_COOKIES.has(c.slice(0, Math.max(c.indexOf('='), 0)).trim()));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/** The client's headers as the service gets them, with the gateway's additions. */
export function upstreamRequestHeaders(
  req: Request,
  host: string,
  extra: OutgoingHttpHeaders,
): OutgoingHttpHeaders {
  const listed = connectionListed(req.headers);
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || REQUEST_ONLY.has(name) || listed.has(name)) continue;
    if (isInternalHeader(name) || name === 'cookie') continue;
    out[name] = value;
  }
  const cookie = withoutGatewayCookies(req.headers.cookie);
  if (cookie) out['cookie'] = cookie;
  if (
    req.headers['content-length'] === undefined &&
    /\bchunked\b/i.test(req.headers['transfer-encoding'] ?? '')
  ) {
    out['transfer-encoding'] = 'chunked';
  }
  // The client's address as the gateway trusts it (TRUST_PROXY decides whether X-Forwarded-For counts).
  if (req.ip) out['x-forwarded-for'] = req.ip;
  out['x-forwarded-proto'] = req.protocol;
  if (req.headers.host) out['x-forwarded-host'] = req.headers.host;
  out['host'] = host;
  return { ...out, ...extra };
}

/** The service's answer headers as the browser gets them: no hop-by-hop and no `x-agora-*` headers. */
export function browserResponseHeaders(headers: IncomingHttpHeaders): Array<[string, string | string[]]> {
  const listed = connectionListed(headers);
  const out: Array<[string, string | string[]]> = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed.has(name) || isInternalHeader(name)) continue;
    out.push([name, value]);
  }
  return out;
}

export interface ForwardOptions {
  service: ServiceName;
  /** Service base URL (may carry a path prefix). */
  baseUrl: string;
  /** Raw path and query on the service, starting with `/`. */
  path: string;
  /** Headers added to (or replacing) the client's: identity, request id. */
  headers: OutgoingHttpHeaders;
  timeoutMs: number;
  /** Sees the service's answer headers (internal ones included) before anything is written to the browser. */
  onResponse?: (headers: IncomingHttpHeaders) => void;
  /** Called when the service could not be reached and nothing has been answered yet. */
  onUnavailable: (err: Error) => void;
  /** Called when the request cannot be sent at all (malformed path). */
  onBadRequest: (err: Error) => void;
  /** Called when a failed first try is sent again (see `mayRetry`). */
  onRetry?: (err: Error) => void;
}

/** Methods whose request the gateway may send twice: they only read (RFC 9110 §9.2.1, and so in Agora). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Errors after which a service may not have read the request: retried for a read only. */
const CUT_CONNECTION_ERRORS = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Whether a failed call may be sent once more. Only a request without a body can be (bodies are streamed, never
 * held, so there is nothing to send again), only before any byte of an answer, and only when the service cannot
 * have acted on it: the connection was refused (nothing reached it), for a read or a DELETE, which the service
 * never saw; or the connection was reset or closed under the request, for a read, since the service may have read
 * the request and acted, which only a read makes harmless. PUT always has a body here, POST and PATCH are never
 * repeated.
 */
export function mayRetry(method: string, bodyless: boolean, err: NodeJS.ErrnoException): boolean {
  if (!bodyless) return false;
  if (err.code === 'ECONNREFUSED') return READS.has(method) || method === 'DELETE';
  return READS.has(method) && CUT_CONNECTION_ERRORS.has(err.code ?? '');
}

/**
 * Streams the request to the service and its answer back (bodies are never buffered). Errors before the answer
 * started become `onUnavailable`; errors after it cut the browser's connection, so a truncated body is never
 * mistaken for a complete one.
 *
 * A request without a body whose connection was refused, reset or closed before any byte of the answer (a service
 * replaced in a rolling update, or a kept-alive socket that the service closed as the gateway reused it) is sent
 * once more, on a new connection to the same address, when `mayRetry` allows it; `onRetry` is told.
 */
export function forward(agents: UpstreamAgents, req: Request, res: Response, options: ForwardOptions): void {
  if (req.destroyed || res.destroyed) return; // the browser left while the session was being resolved
  const base = new URL(options.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const bodyless =
    req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] ?? '0') === '0';
  let answered = false;
  let clientGone = false;
  let upstream: ReturnType<UpstreamAgents['request']> | undefined;

  res.on('close', () => {
    if (!res.writableFinished) {
      clientGone = true;
      upstream?.destroy();
    }
  });

  const send = (firstTry: boolean): void => {
    let current;
    try {
      current = agents.request(
        base,
        {
          method: req.method,
          path: `${prefix}${options.path}`,
          headers: upstreamRequestHeaders(req, base.host, options.headers),
        },
        { fresh: !firstTry },
      );
    } catch (err) {
      options.onBadRequest(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    upstream = current;
    current.setTimeout(options.timeoutMs, () => current.destroy(new UpstreamTimeoutError(options.timeoutMs)));
    current.on('error', (err: NodeJS.ErrnoException) => {
      req.unpipe(current);
      if (answered) return; // the answer stream reports its own failure
      if (clientGone) return;
      if (firstTry && mayRetry(req.method, bodyless, err)) {
        options.onRetry?.(err);
        send(false);
        return;
      }
      options.onUnavailable(err);
    });
    current.on('response', (answer) => {
      answered = true;
      res.statusCode = answer.statusCode ?? 502;
      if (answer.statusMessage) res.statusMessage = answer.statusMessage;
      for (const [name, value] of browserResponseHeaders(answer.headers)) {
        if (name === 'set-cookie') res.append('Set-Cookie', value);
        else res.setHeader(name, value);
      }
      options.onResponse?.(answer.headers);
      // The response's own listeners (the request log, the metrics, the log context, compression, the drain on
      // shutdown, this function's) are ten before the pipeline adds its own: not a leak, and Node's warning would
      // be printed for every proxied answer.
      res.setMaxListeners(Math.max(res.getMaxListeners(), 20));
      pipeline(answer, res, (err) => {
        if (err && !res.destroyed) res.destroy(err);
      });
    });
    // A body-less request is ended here rather than piped, so that a second try can end its own request too.
    if (bodyless) current.end();
    else req.pipe(current);
  };
  send(true);
}
