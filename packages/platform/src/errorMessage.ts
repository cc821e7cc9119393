import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from './api';
import { PATTERN_MESSAGES } from './forms/patternMessages';
import en from './messages/en.json';

/** Prefix of the message of a server error code: `platform.error.ACCOUNTS.USERNAME_EXISTS`. */
export const ERROR_MESSAGE_PREFIX = 'platform.error.';

/** The one message of an error whose code has none (never the server's English). */
export const GENERIC_ERROR_MESSAGE = 'platform.error.generic';

/** Prefix of the message of a validation rule: `platform.validation.required`. */
const VALIDATION_PREFIX = 'platform.validation.';

const KNOWN: Readonly<Record<string, unknown>> = en;

/** The error code of a failure: an `ApiError`'s, or the `code` of a failed job's record (`{error, code}`). */
function codeOf(failure: unknown): string | undefined {
  if (failure instanceof ApiError) return failure.code;
  if (typeof failure === 'object' && failure !== null && 'code' in failure) {
    const { code } = failure as { code: unknown };
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/**
 * The message id of whatever a call threw (or a failed job reported): `platform.error.<code>` when the code has a
 * message, else the generic one. Usable wherever a message id goes, e.g.
 * `notify({ type: 'warning', body: errorMessageId(e) })`.
 */
export function errorMessageId(failure: unknown): string {
  const code = codeOf(failure);
  if (code) {
    const id = `${ERROR_MESSAGE_PREFIX}${code}`;
    if (Object.hasOwn(KNOWN, id)) return id;
  }
  return GENERIC_ERROR_MESSAGE;
}

/** A message id and the values it names. */
export interface ErrorMessage {
  id: string;
  values?: Record<string, string | number>;
}

/**
 * The message of whatever a call threw, with what it names: a refusal whose `values` carry a `problem` that has
 * a message of its own (`platform.error.<code>.<problem>`, e.g. which vertex of a drawn area is wrong and why)
 * gets it with those values; anything else the code's message (`errorMessageId`).
 */
export function errorMessageOf(failure: unknown): ErrorMessage {
  if (failure instanceof ApiError && failure.code && failure.failure?.values) {
    const { values } = failure.failure;
    const id = `${ERROR_MESSAGE_PREFIX}${failure.code}.${String(values.problem)}`;
    if (typeof values.problem === 'string' && Object.hasOwn(KNOWN, id)) return { id, values };
  }
  return { id: errorMessageId(failure) };
}

/** The translated message of whatever a call threw (see `errorMessageOf`). */
export function useErrorMessage(): (error: unknown) => string {
  const intl = useIntl();
  return useCallback(
    (error: unknown) => {
      const { id, values } = errorMessageOf(error);
      return intl.formatMessage({ id }, values);
    },
    [intl],
  );
}

/** A refused field: its name as the server sent it and the message to show under it. */
export interface FieldRefusal {
  /** as sent: `title`, `choices[2].content`, `variable_type[0].kind` */
  field: string;
  /** a message id of the platform catalogue */
  id: string;
  values?: Record<string, string | number>;
}

/**
 * The field a refusal names (`field` of the answer) and the message id of the rule it broke: a pattern names its
 * rule (`PATTERN_MESSAGES`), the other rules have `platform.validation.<rule>` (with their numbers), an unknown
 * rule says 'invalid value', a field without a rule has its code's message. Null when no field is named.
 */
export function fieldErrorOf(failure: unknown): FieldRefusal | null {
  if (!(failure instanceof ApiError) || !failure.failure) return null;
  const { field, rule, values } = failure.failure;
  if (!rule) return { field, id: errorMessageId(failure) };
  const pattern = rule === 'pattern' ? PATTERN_MESSAGES[String(values?.message)] : undefined;
  if (pattern) return { field, id: pattern };
  const id = `${VALIDATION_PREFIX}${rule}`;
  if (rule !== 'pattern' && Object.hasOwn(KNOWN, id)) return { field, id, ...(values && { values }) };
  return { field, id: `${VALIDATION_PREFIX}pattern` };
}

/** `fieldErrorOf` with the message formatted in the current language. */
export function useFieldError(): (error: unknown) => { field: string; text: string } | null {
  const intl = useIntl();
  return useCallback(
    (error: unknown) => {
      const refusal = fieldErrorOf(error);
      return (
        refusal && { field: refusal.field, text: intl.formatMessage({ id: refusal.id }, refusal.values) }
      );
    },
    [intl],
  );
}
