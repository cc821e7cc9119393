/**
 * The validation-rule engine of the spec (part 1 §5, part 2 §5), shared by the browser and the servers: rules
 * come per scope and per field; checks run in the spec's order with its exact messages.
 */

import { ownEntry } from './own.js';

/** One field's rule as `GET validation/scope/{scope}` serves it. */
export interface FieldRule {
  required?: boolean;
  /** minimum length of a text (or number of entries of a list) */
  min_size?: number;
  /** maximum length of a text (or number of entries of a list) */
  max_size?: number;
  /** a regular expression the whole value must match (full match) */
  validation?: string;
  /** the value must not exist yet (checked on the server: `checkIfExists`) */
  unique?: boolean;
  /** the message shown when the pattern does not match */
  message?: string;
}

export type ScopeRules = Record<string, FieldRule>;
export type FormMode = 'post' | 'put';

export const VALIDATION_MESSAGES = {
  required: 'This value is required.',
  min: 'Minimum size is {n}.',
  max: 'Maximum size is {n}.',
  pattern: 'invalid value',
  unique: 'This value already exists!',
  form: 'form contains non valid elements',
} as const;

export type FieldValue = string | number | boolean | null | undefined | readonly unknown[];

/** A failed check: the message id (for translation), the English text and its values. */
export interface FieldError {
  rule: 'required' | 'min' | 'max' | 'pattern' | 'unique';
  message: string;
  values?: Record<string, number>;
}

function isEmpty(value: FieldValue): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function sizeOf(value: FieldValue): number {
  if (Array.isArray(value)) return value.length;
  return String(value).length;
}

const patternCache = new Map<string, RegExp | null>();
function fullMatch(pattern: string): RegExp | null {
  if (!patternCache.has(pattern)) {
    try {
      patternCache.set(pattern, new RegExp(`^(?:${pattern})$`, 'u'));
    } catch {
      patternCache.set(pattern, null);
    }
  }
  return patternCache.get(pattern) ?? null;
}

/**
 * The synchronous checks of one field, in the spec's order: required, min, max, pattern. Empty non-required
 * fields are skipped. Uniqueness needs the server: see `needsUniqueCheck`.
 */
export function checkField(rule: FieldRule | undefined, value: FieldValue): FieldError | null {
  if (!rule) return null;
  if (isEmpty(value)) {
    return rule.required ? { rule: 'required', message: VALIDATION_MESSAGES.required } : null;
  }
  const size = sizeOf(value);
  if (rule.min_size !== undefined && size < rule.min_size) {
    return {
      rule: 'min',
      message: VALIDATION_MESSAGES.min.replace('{n}', String(rule.min_size)),
      values: { n: rule.min_size },
    };
  }
  if (rule.max_size !== undefined && size > rule.max_size) {
    return {
      rule: 'max',
      message: VALIDATION_MESSAGES.max.replace('{n}', String(rule.max_size)),
      values: { n: rule.max_size },
    };
  }
  if (rule.validation && !Array.isArray(value)) {
    const re = fullMatch(rule.validation);
    if (re && !re.test(String(value))) {
      return { rule: 'pattern', message: rule.message ?? VALIDATION_MESSAGES.pattern };
    }
  }
  return null;
}

/** Unique fields are checked on the server when creating, or when the value changed from the initial one. */
export function needsUniqueCheck(
  rule: FieldRule | undefined,
  mode: FormMode,
  value: FieldValue,
  initial: FieldValue,
): boolean {
  if (!rule?.unique || isEmpty(value)) return false;
  return mode === 'post' || String(value) !== String(initial ?? '');
}

/**
 * Checks the fields of a form that are subject to rules. In put mode only the fields being sent are checked
 * (absent fields keep their stored, already valid value); in post mode every ruled field is checked.
 */
export function checkForm(
  rules: ScopeRules,
  values: Record<string, FieldValue>,
  mode: FormMode,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const [field, rule] of Object.entries(rules)) {
    if (mode === 'put' && !(field in values)) continue;
    const error = checkField(rule, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The fields whose value differs from the initial one (a put sends only these). */
export function changedFields<T extends Record<string, unknown>>(initial: T, current: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(current) as Array<keyof T>) {
    if (JSON.stringify(current[key]) !== JSON.stringify(initial[key])) out[key] = current[key];
  }
  return out;
}

/**
 * The rules of some fields of a scope, from the spec's `;`-joined `fields` segment
 * (`validation/scope/{scope}/fields/{a;b}`). Null when a field has no rule or none is named.
 */
export function pickRules(rules: ScopeRules, fields: string): ScopeRules | null {
  const out: ScopeRules = {};
  for (const field of fields.split(';').filter((f) => f !== '')) {
    const rule = ownEntry(rules, field);
    if (!rule) return null;
    out[field] = rule;
  }
  return Object.keys(out).length === 0 ? null : out;
}
