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
 * True when JSON text nests arrays and objects more than `max` levels deep. One linear pass over the bytes:
 * brackets inside strings do not count (strings are jumped over with the native `indexOf`, escaped quotes
 * skipped). It does not validate the text; JSON.parse does that afterwards, on text known to be shallow. UTF-8
 * multi-byte sequences never hold ASCII bytes, so a body is scanned as it arrived (text is encoded first).
 */
export function nestsDeeperThan(text: Uint8Array | string, max = MAX_JSON_DEPTH): boolean {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === QUOTE) {
      i = stringEnd(bytes, i);
      if (i < 0) return false; // an unterminated string: JSON.parse refuses it
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** The index of the quote that ends the string opened at `open` (one after an even run of `\\`), or -1. */
function stringEnd(bytes: Uint8Array, open: number): number {
  let quote = bytes.indexOf(QUOTE, open + 1);
  while (quote >= 0) {
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = bytes.indexOf(QUOTE, quote + 1);
  }
  return -1;
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
