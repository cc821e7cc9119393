import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '@agora/contracts';
import { logContext, logFields } from '@agora/observability';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import { pinoHttp } from 'pino-http';

/** The service's logger: every line carries the request id, and with tracing on the trace and span ids. */
export function createLogger(name: string, level: LevelWithSilent): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    mixin: (merge, level, logger) => logFields(merge, level, logger),
  });
}

const VALID_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Reuses a well-formed incoming request id (from the gateway) or makes one; echoes it in the response. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && VALID_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The request id of a request that went through `requestLogger`. */
const idOfRequest = (req: IncomingMessage): string => String((req as IncomingMessage & { id: unknown }).id);

/** Every line logged while a request runs carries its request id (after `requestLogger`, which sets it). */
export const requestLogContext = () => logContext(idOfRequest);

/** One log line per request: method, path (no query string), status, duration, request id. */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestId,
    quietReqLogger: true,
    autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/ready' },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
}
