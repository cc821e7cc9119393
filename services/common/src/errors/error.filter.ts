import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import type { ErrorBody, ErrorCode } from '@agora/contracts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { EntityNotFoundError, QueryFailedError } from 'typeorm';
import { AppError } from './app-error.js';

interface Mapped {
  status: number;
  body: ErrorBody & { code: ErrorCode };
}

/** Postgres error codes that are the client's doing. */
const PG_CLIENT_ERRORS: Record<string, Mapped> = {
  '23505': { status: 409, body: { Error: 'This value already exists!', code: 'DB.UNIQUE' } },
  '23503': {
    status: 409,
    body: { Error: 'referenced item does not exist or is in use', code: 'DB.FOREIGN_KEY' },
  },
  '22P02': { status: 400, body: { Error: 'invalid value', code: 'DB.INVALID_TEXT' } },
  '22001': { status: 400, body: { Error: 'value too long', code: 'DB.TOO_LONG' } },
  '23502': { status: 400, body: { Error: 'missing parameters', code: 'DB.NOT_NULL' } },
  '23514': { status: 400, body: { Error: 'invalid value', code: 'DB.CHECK' } },
  '22003': { status: 400, body: { Error: 'number out of range', code: 'DB.OUT_OF_RANGE' } },
  '22007': { status: 400, body: { Error: 'invalid date', code: 'DB.INVALID_DATE' } },
  '22008': { status: 400, body: { Error: 'invalid date', code: 'DB.INVALID_DATE' } },
  // A NUL character in text (e.g. a multipart field, which is parsed after the request-wide check).
  '22021': { status: 400, body: { Error: 'invalid character in the request', code: 'DB.INVALID_CHARACTER' } },
};

function messageOf(response: unknown, fallback: string): string {
  if (typeof response === 'string') return response;
  if (response && typeof response === 'object') {
    const r = response as { message?: unknown; Error?: unknown };
    if (typeof r.Error === 'string') return r.Error;
    if (Array.isArray(r.message) && r.message.length > 0) return String(r.message[0]);
    if (typeof r.message === 'string') return r.message;
  }
  return fallback;
}

/** Maps any thrown value to a status and `{"Error"}` body. Exported for unit tests and the gateway's reuse. */
export function mapError(error: unknown): Mapped {
  if (error instanceof AppError)
    return { status: error.status, body: { Error: error.message, code: error.code, ...error.failure } };
  // An AppError thrown by a body-parser hook (the JSON depth check) reaches the filter wrapped by the adapter.
  if (error instanceof HttpException && error.cause instanceof AppError) return mapError(error.cause);
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (error.cause instanceof SyntaxError && status === 400) {
      return { status, body: { Error: 'malformed JSON', code: 'REQUEST.MALFORMED' } };
    }
    if (error.cause instanceof URIError && status === 400) {
      return { status, body: { Error: 'malformed URL', code: 'REQUEST.MALFORMED' } };
    }
    const body = error.getResponse();
    const code = status === 404 ? 'NOT_FOUND' : status < 500 ? 'REQUEST.INVALID' : 'INTERNAL';
    return { status, body: { Error: messageOf(body, error.message), code } };
  }
  if (error instanceof EntityNotFoundError)
    return { status: 404, body: { Error: 'not found', code: 'NOT_FOUND' } };
  if (error instanceof QueryFailedError) {
    const pgCode = (error.driverError as { code?: string } | undefined)?.code;
    if (pgCode && PG_CLIENT_ERRORS[pgCode]) return PG_CLIENT_ERRORS[pgCode];
  }
  // body-parser errors (malformed JSON, too large) carry a status and `expose`.
  const e = error as { status?: unknown; expose?: unknown; type?: unknown; message?: unknown };
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.expose === true) {
    const message = e.type === 'entity.parse.failed' ? 'malformed JSON' : String(e.message);
    return { status: e.status, body: { Error: message, code: 'REQUEST.INVALID' } };
  }
  return { status: 500, body: { Error: 'internal error', code: 'INTERNAL' } };
}

/** The one global filter: every error answer is `{"Error": "...", "code": "..."}`. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const { status, body } = mapError(error);
    if (status >= 500) {
      this.logger.error({ err: error, reqId: req.id, url: req.originalUrl }, 'request failed');
    }
    if (res.headersSent) return;
    res.status(status).json(body);
  }
}
