import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '@agora/contracts';

/** The answer to a request that carries a NUL character: PostgreSQL cannot store one in text. */
export const NUL_CHARACTER_ERROR: ErrorBody = {
  Error: 'invalid character in the request',
  code: 'REQUEST.INVALID',
};

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // a malformed escape is answered by the router (400 'malformed URL')
  }
}

/** True when a parsed value (query or JSON body: strings, keys, arrays, objects) holds a NUL character. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * Refuses, with 400 `{"Error"}`, a request whose path, query or parsed body holds a NUL character, before any
 * handler runs: such a value can never be stored, and refusing it up front means nothing is half-written.
 */
export function refuseNulCharacters(req: Request, res: Response, next: NextFunction): void {
  if (decoded(req.path).includes('\u0000') || holdsNul(req.query) || holdsNul(req.body)) {
    res.status(400).json(NUL_CHARACTER_ERROR);
    return;
  }
  next();
}
