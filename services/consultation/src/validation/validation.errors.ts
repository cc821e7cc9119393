import { AppError } from '@agora/common';
import type { FieldFailure, FieldRuleName } from '@agora/contracts';

/** 400 `CONSULTATION.INVALID_FIELD`, `{"Error": "field: message", field, rule, values}`. */
function invalidField(
  field: string,
  message: string,
  rule: FieldRuleName = 'invalid',
  values?: FieldFailure['values'],
): AppError {
  return new AppError('CONSULTATION.INVALID_FIELD', 400, `${field}: ${message}`, {
    field,
    rule,
    ...(values && { values }),
  });
}

const REQUIRED = 'This value is required.';

export const ValidationErrors = {
  invalidField,
  /** The field is missing or empty. */
  required: (field: string) => invalidField(field, REQUIRED, 'required'),
  /** More than `n` characters or entries. */
  tooLong: (field: string, n: number, message = `Maximum size is ${n}.`) =>
    invalidField(field, message, 'max', { n }),
  /** A number outside `min..max`. */
  range: (field: string, min: number, max: number, message: string) =>
    invalidField(field, message, 'range', { min, max }),
  /** The field does not match its pattern; `message` is the pattern's (see `PATTERN_MESSAGES` in the browser). */
  pattern: (field: string, message: string) => invalidField(field, message, 'pattern', { message }),
  exists: (field: string) =>
    new AppError('CONSULTATION.EXISTS', 409, `${field}: This value already exists!`, {
      field,
      rule: 'unique',
    }),
  badParent: () =>
    AppError.badRequest('CONSULTATION.PARENT', 'parent: a token (uuid) is needed for this field'),
};
