import { AppError, MultipartBody, parseShallowJson, ZodBody } from '@agora/common';
import type { z } from 'zod';
import { ValidationErrors } from '../validation/validation.errors.js';
import { parseToken } from './params.js';

/**
 * Form bodies of the consultation's writes: the same field names as JSON or as multipart/form-data (the spec sends
 * multipart). In multipart every value is text: a body's schema (`FormFields`) reads each field's text into its
 * type before validation. The field readers below serve the forms that have no schema yet.
 */

/** The refusal of a file in a form that takes none: images and documents are links to the library. */
export const NO_FILES = 'files are not accepted here: send the link of a library file';

/**
 * A JSON or multipart body: its fields, never a file (400 `REQUEST.FILE`); a broken form is 400 `REQUEST.FORM`.
 * At most 200 fields of up to 256 KB.
 */
export function FormBody(): MethodDecorator {
  return MultipartBody({ fields: 200, fieldSize: 256 * 1024, refusal: NO_FILES });
}

/**
 * The body of a structure write, validated by its schema (`@agora/contracts/api`): a refusal is 400
 * `CONSULTATION.INVALID_FIELD` "field: message" with the field's `field`, `rule` and `values`.
 */
export function FormFields(schema: z.ZodType): ParameterDecorator {
  return ZodBody(schema, { code: 'CONSULTATION.INVALID_FIELD', namesField: true });
}

/** Reads one field's raw value; throws 400 `CONSULTATION.INVALID_FIELD` ("field: message") when it cannot. */
export type FieldReader<T> = (raw: unknown, field: string) => T;

export type FieldReaders<T> = { [K in keyof T]-?: FieldReader<T[K]> };

const invalid = ValidationErrors.invalidField;

/** The body as a plain object (400 otherwise), without the `_method` override of multipart forms. */
export function formFields(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw AppError.badRequest('REQUEST.BODY', 'the body must be a JSON object or a form');
  const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const method = fields._method;
  if (method !== undefined && (typeof method !== 'string' || method.toUpperCase() !== 'PUT'))
    throw invalid('_method', 'only PUT', 'choice');
  delete fields._method;
  return fields;
}

/**
 * Reads the fields of a body with one reader each: answers only the fields present. Fields named in `ignored`
 * (read-only ones a client may send back, such as `token`) are dropped; any other field is a 400.
 */
export function readForm<T>(
  body: unknown,
  readers: FieldReaders<T>,
  ignored: readonly string[] = [],
): Partial<T> {
  const out: Partial<T> = {};
  for (const [field, raw] of Object.entries(formFields(body))) {
    if (ignored.includes(field)) continue;
    if (!Object.hasOwn(readers, field)) throw invalid(field, 'unknown field', 'unknown');
    const reader = readers[field as keyof T];
    out[field as keyof T] = reader(raw, field);
  }
  return out;
}

/** Text; null → ''. Surrounding white space is dropped. */
export const text: FieldReader<string> = (raw, field) => {
  if (raw === null) return '';
  if (typeof raw !== 'string') throw invalid(field, 'a text', 'type');
  return raw.trim();
};

/** A whole number in `min..max`, or its text. */
export function integer(min: number, max: number): FieldReader<number> {
  return (raw, field) => {
    const value = typeof raw === 'string' && /^\s*-?[0-9]{1,16}\s*$/.test(raw) ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
      throw ValidationErrors.range(field, min, max, `a whole number from ${min} to ${max}`);
    return value;
  };
}

/** A token (uuid), lower-cased. */
export const token: FieldReader<string> = (raw, field) => {
  if (typeof raw !== 'string') throw invalid(field, 'a token', 'type');
  try {
    return parseToken(raw.trim());
  } catch {
    throw invalid(field, 'a token', 'type');
  }
};

/**
 * A JSON value: as JSON in a JSON body, or its text in a form (parsed strictly, refused when nested too deeply like a
 * JSON body), then checked by `check`.
 */
export function json<T>(check: (value: unknown, field: string) => T): FieldReader<T> {
  return (raw, field) => {
    let value = raw;
    if (typeof raw === 'string') {
      try {
        value = parseShallowJson(raw);
      } catch (e) {
        if (e instanceof AppError) throw e; // nested too deeply
        throw invalid(field, 'invalid JSON', 'type');
      }
    }
    return check(value, field);
  };
}

// The link rules live with the schemas; re-exported for the readers below and their users.
export { isHttpUrl, isLink, LINK_MESSAGE, LINK_PATTERN } from '@agora/contracts/api';

const POSITION_MAX = 100_000;
const SORT_ORDER_MAX_ENTRIES = 10_000;

/**
 * The body of `PUT {category|project}/sortOrder/`: token → 1-based position (numbers, or their text from a form).
 * 400 for a malformed token, a position that is not a whole number from 1, two tokens on one position, or none.
 */
export function readSortOrder(body: unknown): Map<string, number> {
  const fields = formFields(body);
  const entries = Object.entries(fields);
  if (entries.length === 0) throw ValidationErrors.required('sort_order');
  if (entries.length > SORT_ORDER_MAX_ENTRIES)
    throw ValidationErrors.tooLong(
      'sort_order',
      SORT_ORDER_MAX_ENTRIES,
      `at most ${SORT_ORDER_MAX_ENTRIES} entries`,
    );
  const position = integer(1, POSITION_MAX);
  const out = new Map<string, number>();
  const taken = new Set<number>();
  for (const [key, raw] of entries) {
    const t = token(key, 'token');
    const p = position(raw, key);
    if (out.has(t)) throw invalid(key, 'named twice', 'duplicate');
    if (taken.has(p)) throw invalid(key, `position ${p} is taken by another item`, 'duplicate');
    out.set(t, p);
    taken.add(p);
  }
  return out;
}
