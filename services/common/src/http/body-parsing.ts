import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { verifyJsonDepth } from './json-depth.js';
import { refuseNulCharacters } from './nul-characters.js';

/** Largest JSON (and urlencoded) body a service accepts unless its definition says otherwise. */
export const DEFAULT_JSON_LIMIT = '100kb';

/**
 * The request-body set-up every service shares: JSON and urlencoded bodies up to `limit`, JSON refused with 400
 * `REQUEST.TOO_DEEP` when it nests too deeply (a scan of the raw bytes before JSON.parse: `verify`, which Nest's
 * `useBodyParser` reserves for its raw-body option, hence Express's parser itself), then the request-wide NUL
 * character check (after parsing, before any handler).
 */
export function useRequestParsing(app: NestExpressApplication, limit = DEFAULT_JSON_LIMIT): void {
  app.use(express.json({ limit, verify: verifyJsonDepth }));
  app.useBodyParser('urlencoded', { extended: true, limit });
  app.use(refuseNulCharacters);
}
