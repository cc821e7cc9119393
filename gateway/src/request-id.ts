import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { REQUEST_ID_HEADER } from '@agora/contracts';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** An incoming request id is kept when it is short and plain; otherwise a fresh UUID is used. */
export function acceptRequestId(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Fixes `req.headers['x-request-id']` to a valid id and echoes it on the response. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const id = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}

export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const id = req.headers[REQUEST_ID_HEADER];
  return typeof id === 'string' ? id : randomUUID();
}
