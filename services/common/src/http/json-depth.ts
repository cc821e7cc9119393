import type { ErrorBody } from '@agora/contracts';
import { AppError } from '../errors/app-error.js';

/**
 * How deeply arrays and objects may nest in a JSON body (or a JSON text field). The deepest thing a form sends is
 * a MultiPolygon inside a FeatureCollection inside the body (about 10 levels); parsing, validating and copying
 * thousands of levels costs a stack overflow or 100 ms of the event loop per request, so the limit is small.
 */
export const MAX_JSON_DEPTH = 32;

const TOO_DEEP_CODE = 'REQUEST.TOO_DEEP';
const TOO_DEEP_MESSAGE = `JSON nested more than ${MAX_JSON_DEPTH} levels deep`;

/** The answer to JSON that nests too deeply. */
export const TOO_DEEP_ERROR: ErrorBody = { Error: TOO_DEEP_MESSAGE, code: TOO_DEEP_CODE };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * True when JSON text nests arrays and objects more than `max` levels deep. One linear pass over the bytes (or
 * UTF-16 code units): brackets inside strings do not count, escapes are skipped. It does not validate the text;
 * JSON.parse does that afterwards, on text known to be shallow. UTF-8 multi-byte sequences never hold ASCII
 * bytes, so a Buffer can be scanned as it arrived.
 */
export function nestsDeeperThan(text: Uint8Array | string, max = MAX_JSON_DEPTH): boolean {
  const at: (i: number) => number = typeof text === 'string' ? (i) => text.charCodeAt(i) : (i) => text[i]!;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = at(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** The error for JSON that nests too deeply: 400 `REQUEST.TOO_DEEP`. */
export function tooDeep(): AppError {
  return AppError.badRequest(TOO_DEEP_CODE, TOO_DEEP_MESSAGE);
}

/**
 * body-parser's `verify` hook for JSON bodies: runs on the raw bytes before JSON.parse and refuses a body that
 * nests too deeply (body-parser hands the thrown error, status 400, to the error filter).
 */
export function verifyJsonDepth(_req: unknown, _res: unknown, body: Buffer): void {
  if (nestsDeeperThan(body)) throw tooDeep();
}

/** JSON.parse for JSON sent as text (a multipart field), refusing too deep nesting first; throws SyntaxError. */
export function parseShallowJson(text: string): unknown {
  if (nestsDeeperThan(text)) throw tooDeep();
  return JSON.parse(text) as unknown;
}
