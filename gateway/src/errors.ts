import type { Response } from 'express';
import type { ErrorBody, GatewayErrorCode } from '@agora/contracts';

/**
 * Writes the API's error shape `{"Error": message, "code": code}` unless an answer has already started: the
 * gateway's own codes, and the services' refusals of a caller (the gateway's own routes check the role too).
 */
export function sendError(
  res: Response,
  status: number,
  message: string,
  code: GatewayErrorCode | 'AUTH.UNAUTHORIZED' | 'AUTH.FORBIDDEN',
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body: ErrorBody = { Error: message, code };
  res.status(status).set('Cache-Control', 'no-store').json(body);
}

export const notFound = (res: Response): void => sendError(res, 404, 'not found', 'GATEWAY.NOT_FOUND');
