import type { IncomingMessage, ServerResponse } from 'node:http';
import { logFields } from '@agora/observability';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { RequestHandler } from 'express';
import type { LogLevel } from './config.js';
import { requestIdOf } from './request-id.js';

/** Query parameters whose values never reach the logs. */
const SECRET_PARAM = /pass|secret|token|key|code|hash|sig|auth|session|sid|email/i;

/** The URL as logged: path kept, values of query parameters that may carry secrets replaced by `***`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** The gateway's logger: every line carries the request id, and with tracing on the trace and span ids. */
export function createLogger(level: LogLevel): Logger {
  return pino({
    level,
    base: { svc: 'gateway' },
    mixin: (merge, level, logger) => logFields(merge, level, logger),
  });
}

/** One log line per request: method, redacted URL, status, duration (ms) and request id. */
export function requestLogger(logger: Logger): RequestHandler {
  const middleware = pinoHttp({
    logger,
    genReqId: (req: IncomingMessage) => requestIdOf(req),
    quietReqLogger: true,
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.originalUrl ?? req.url ?? ''),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => {
      if (res.statusCode === 503) return 'warn'; // a service is down: logged where it was found
      return err || res.statusCode >= 500 ? 'error' : 'info';
    },
    // pino-http invents an Error ("failed with status code 5xx") for every 5xx; the cause is logged where it happens.
    customErrorObject: (_req, _res, err, val: Record<string, unknown>) =>
      err.message.startsWith('failed with status code') ? { ...val, err: undefined } : val,
    customSuccessMessage: (req, res) => `${req.method} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${res.statusCode}`,
  });
  return (req, res, next) => middleware(req, res, next);
}
