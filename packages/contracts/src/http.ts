/**
 * The field and the rule of a refused value, for a client to show a translated message under that field: `field`
 * as sent (`choices[2].content`, `variable_type[0].kind`), `rule` one of `FIELD_RULES` (none when the `code`
 * alone says what is wrong, e.g. a file too large), `values` the rule's numbers (`{n}` of min/max, `{min, max}`
 * of range) or, for `pattern`, the pattern's `message`.
 */
export interface FieldFailure {
  field: string;
  rule?: FieldRuleName;
  values?: Record<string, number | string>;
}

/**
 * The rules a refused field names: required, min, max (sizes), pattern (the field's pattern, see its `message`),
 * unique, range (a number outside min..max), type (not the kind of value the field takes: text, number, list,
 * JSON…), choice (not one of the allowed values), unknown (no such field), duplicate (named or given twice),
 * crs (unknown coordinate system), geometry (not a valid geometry), coordinates (outside the coordinate
 * system's range), order (before/after another field), invalid (any other rule).
 */
export const FIELD_RULES = [
  'required',
  'min',
  'max',
  'pattern',
  'unique',
  'range',
  'type',
  'choice',
  'unknown',
  'duplicate',
  'crs',
  'geometry',
  'coordinates',
  'order',
  'invalid',
] as const;
export type FieldRuleName = (typeof FIELD_RULES)[number];

/**
 * Every error answer of the API: `{"Error": "<message>", "code": "<NAMESPACE.CODE>"}`; a refused field adds
 * `field`, `rule` and `values` (see `FieldFailure`). `Error` stays the English text for API users.
 */
export interface ErrorBody extends Partial<FieldFailure> {
  Error: string;
  code?: string;
}

/** A page of a list (spec: values, page, total_pages). Pages start at 1. */
export interface Paged<T> {
  values: T[];
  page: number;
  total_pages: number;
  total?: number;
}

export type SortMethod = 'asc' | 'desc';
