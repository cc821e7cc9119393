import { AppError } from '../errors/app-error.js';

/** One segment of a storage key: starts with a letter, digit or `_` (so never `.`/`..` or hidden files). */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
export const MAX_KEY_LENGTH = 255;
export const MAX_KEY_SEGMENTS = 4;

export function invalidKey(): AppError {
  return AppError.badRequest('STORAGE.INVALID_KEY', 'invalid file key');
}

/**
 * Whether `key` is a safe storage key: `/`-separated relative segments of letters, digits, `_`, `-` and `.`,
 * none empty and none starting with a dot. Rejects `..`, absolute paths, backslashes, NUL and anything else
 * that could leave the storage root.
 */
export function isValidKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split('/');
  return segments.length <= MAX_KEY_SEGMENTS && segments.every((s) => SEGMENT.test(s));
}

/** Returns `key` when valid, else throws 400 `STORAGE.INVALID_KEY`. */
export function assertValidKey(key: unknown): string {
  if (!isValidKey(key)) throw invalidKey();
  return key;
}

/** A key from URL path segments (as Express gives a `*wildcard` parameter). */
export function keyFromSegments(segments: unknown): string {
  if (typeof segments === 'string') return assertValidKey(segments);
  if (!Array.isArray(segments) || !segments.every((s): s is string => typeof s === 'string'))
    throw invalidKey();
  return assertValidKey(segments.join('/'));
}
