import { z } from 'zod';
import { checkField, VALIDATION_MESSAGES, type FieldRule, type ScopeRules } from '../validation.js';
import { isIsoDate } from './answer-values.js';

/** Answer shapes every service uses. */

/** A page of a list: `values` of page `page` (from 1) of `total_pages`, `total` in all (`Paged`). */
export function pagedAnswer<Item extends z.ZodType>(item: Item) {
  return z.object({
    values: z.array(item),
    page: z.int().min(1),
    total_pages: z.int().min(1),
    total: z.int().min(0),
  });
}

/** A plain confirmation: `{"message": "..."}`. */
export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/** The confirmation of a deletion: `{"message": "data deleted"}`. */
export const DeletedAnswer = z.object({ message: z.literal('data deleted') });
export type DeletedAnswer = z.infer<typeof DeletedAnswer>;

/** The rules of a validation scope's fields (`validation/scope/{scope}`), as the forms of the browser apply them. */
export const ScopeRulesAnswer = z.record(
  z.string(),
  z.object({
    required: z.boolean().optional(),
    min_size: z.number().optional(),
    max_size: z.number().optional(),
    validation: z.string().optional(),
    unique: z.boolean().optional(),
    message: z.string().optional(),
  }),
) satisfies z.ZodType<ScopeRules>;
export type ScopeRulesAnswer = z.infer<typeof ScopeRulesAnswer>;

/** Whether a value of a unique field exists already (`checkIfExists/…`). */
export const ExistsAnswer = z.boolean();
export type ExistsAnswer = z.infer<typeof ExistsAnswer>;

/** Whether `value` is a real calendar day written `yyyy-MM-dd` (with the answer values' rules, no schema code). */
export { isIsoDate };

/** The rule pattern of a calendar day, for the browser's checks, and what a malformed one is told. */
export const DATE_PATTERN = '[0-9]{4}-[0-9]{2}-[0-9]{2}';
export const DATE_MESSAGE = 'a date (yyyy-MM-dd)';

/** Field schemas every write body uses: texts, flags, numbers, days, tokens, links, JSON and form bodies. */

const REQUIRED = VALIDATION_MESSAGES.required;

/** The rule pattern of `isLink` (full match), for the browser's checks. */
export const LINK_PATTERN = '/(?!/)\\S*|https?://[^\\s/]+\\S*';
export const LINK_MESSAGE = 'a link: /… or http(s)://…';

/** An http(s) URL. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A link inside the site (`/…`, not `//host`) or an http(s) URL. */
export function isLink(value: string): boolean {
  return /^\/(?!\/)\S*$/.test(value) || isHttpUrl(value);
}

/** A token: a uuid, in either case. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A refusal by one of the platform's rules (decision 0033), for `refine`. */
export const rule = (message: string, name: string, values?: Record<string, string | number>) => ({
  message,
  params: { rule: name, ...(values ? { values } : {}) },
});

export const pattern = (message: string) => rule(message, 'pattern', { message });

/** What a missing field or a field of another type is told: required, or `what` it must be. */
export const typeError =
  (what: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? REQUIRED : what;

/** Text; null is '', surrounding white space is dropped. */
export const Text = z
  .string({ error: typeError('a text') })
  .nullable()
  .transform((v) => (v ?? '').trim());

/** Adds the refusal of `fieldRule` for `value` (required, sizes, pattern, with its messages); false when refused. */
export function checkRule(fieldRule: FieldRule, value: string | number, ctx: z.RefinementCtx): boolean {
  const error = checkField(fieldRule, value);
  if (!error) return true;
  const values = error.rule === 'pattern' ? { message: error.message } : error.values;
  ctx.addIssue({ code: 'custom', input: value, ...rule(error.message, error.rule, values) });
  return false;
}

/** A text field under its scope rule: `Text`, then the rule's checks (required, sizes, pattern) with its messages. */
export function ruledText(fieldRule: FieldRule = {}) {
  return Text.superRefine((value, ctx) => void checkRule(fieldRule, value, ctx)).meta({
    ...(fieldRule.max_size !== undefined && { maxLength: fieldRule.max_size }),
    ...(fieldRule.validation !== undefined && { pattern: `^(?:${fieldRule.validation})$` }),
  });
}

/** true/false (a form's 'true', 'false', '1', '0'). */
export const Flag = z.boolean({ error: 'true or false' });

/** A whole number in `min..max` (or its text in a form). */
export function wholeNumber(min: number, max: number, message = `a whole number from ${min} to ${max}`) {
  return z
    .number({ error: message })
    .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, rule(message, 'range', { min, max }))
    .meta({ type: 'integer', minimum: min, maximum: max });
}

const realDay = z.string().refine(isIsoDate, pattern(DATE_MESSAGE));

/** A calendar day `yyyy-MM-dd`. */
export const IsoDate = z
  .string({ error: typeError(DATE_MESSAGE) })
  .trim()
  .pipe(realDay)
  .meta({ format: 'date' });

/** A calendar day `yyyy-MM-dd`, or null (also '' from a form). */
export const OptionalIsoDate = z
  .string({ error: typeError(DATE_MESSAGE) })
  .trim()
  .nullable()
  .transform((v) => (v === '' ? null : v))
  .pipe(realDay.nullable())
  .meta({ format: 'date' });

/** A token (uuid), lower-cased. */
export const TokenText = z
  .string({ error: typeError('a token') })
  .trim()
  .refine((v) => UUID.test(v), rule('a token', 'type'))
  .transform((v) => v.toLowerCase())
  .meta({ format: 'uuid' });

/** What a JSON field that is not of its kind is told: its text did not parse (a form), or `what` it must be. */
export const jsonError =
  (what: string) =>
  (issue: { code: string; input?: unknown }): string | undefined => {
    if (issue.code === 'unrecognized_keys') return 'unknown field';
    if (issue.code !== 'invalid_type') return undefined;
    if (issue.input === undefined) return REQUIRED;
    return typeof issue.input === 'string' ? 'invalid JSON' : what;
  };

/** One text of a row (legislation, WMS service): required, at most `max`, checked by `check`. */
export function rowText(max: number, check?: { test: (v: string) => boolean; message: string }) {
  const base = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Maximum size is ${max}.`);
  return check ? base.refine(check.test, pattern(check.message)) : base;
}

/**
 * A list of at most `maxItems` rows with exactly the given text fields (the wire format of legislation, WMS
 * services and relative documents); null is [].
 */
export function rows<S extends z.ZodRawShape>(shape: S, maxItems: number) {
  const row = z.strictObject(shape, { error: jsonError(`{${Object.keys(shape).join(', ')}}`) });
  return z
    .array(row, { error: jsonError('a list') })
    .max(maxItems, `at most ${maxItems} entries`)
    .nullable()
    .transform((v) => v ?? []);
}

/** The `_method` override of HTML forms: only PUT. */
const MethodOverride = z
  .string({ error: 'only PUT' })
  .refine((m) => m.toUpperCase() === 'PUT', rule('only PUT', 'choice'));

const BODY_ERRORS = {
  error: (issue: { code: string }) =>
    issue.code === 'unrecognized_keys'
      ? 'unknown field'
      : issue.code === 'invalid_type'
        ? 'the body must be a JSON object or a form'
        : undefined,
};

/**
 * The body of a write: the fields of `shape`, and `readOnly` fields of the answers that a client may send back
 * (ignored, and left out of the result); any other field is refused ('unknown field').
 */
export function writeBody<S extends z.ZodRawShape, K extends string>(shape: S, readOnly: readonly K[]) {
  const ignored = Object.fromEntries(
    readOnly.map((k) => [k, z.unknown().optional().meta({ description: 'read-only: ignored' })]),
  ) as Record<K, z.ZodOptional<z.ZodUnknown>>;
  return z
    .strictObject({ ...shape, ...ignored, _method: MethodOverride.optional() }, BODY_ERRORS)
    .transform((body) => {
      const out: Record<string, unknown> = { ...body };
      for (const k of [...readOnly, '_method']) delete out[k];
      return out as z.output<z.ZodObject<S>>;
    });
}

/** The same fields, each optional: a change sends only what changes. */
export function partial<S extends z.ZodRawShape>(shape: S): { [K in keyof S]: z.ZodOptional<S[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, z.optional(v)])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };
}

/**
 * A JSON field: its value, or its text in a form (read before validation); empty text is null, text that did not
 * read as JSON is refused ('invalid JSON'). `json` is what the value may be before `value` checks it.
 */
export function jsonField<T extends z.ZodType>(value: T, json: z.ZodType = z.unknown(), what = 'JSON') {
  return z
    .union([z.string(), json], { error: what })
    .nullable()
    .transform((v, ctx) => {
      if (typeof v !== 'string') return v;
      if (v.trim() === '') return null;
      ctx.addIssue({ code: 'custom', input: v, ...rule('invalid JSON', 'type') });
      return z.NEVER;
    })
    .pipe(value);
}

/**
 * A whole number from `min` to `max`, or its text, under its scope rule; empty (null, '') is null. The rule is
 * checked first, on the value as sent (as the browser checks it).
 */
export function wholeNumberOrNone(min: number, max: number, fieldRule: FieldRule) {
  const message = `a whole number from ${min} to ${max}`;
  return z
    .union([z.number(), z.string()], { error: message })
    .nullable()
    .transform((v, ctx) => {
      if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
      if (!checkRule(fieldRule, v, ctx)) return z.NEVER;
      const n = typeof v === 'number' ? v : /^\s*-?[0-9]{1,16}\s*$/.test(v) ? Number(v) : NaN;
      if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
      ctx.addIssue({ code: 'custom', input: v, ...rule(message, 'range', { min, max }) });
      return z.NEVER;
    })
    .meta({ type: 'integer', minimum: min, maximum: max });
}
