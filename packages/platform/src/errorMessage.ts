import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from './api';
import en from './messages/en.json';

/** Prefix of the message of a server error code: `platform.error.ACCOUNTS.USERNAME_EXISTS`. */
export const ERROR_MESSAGE_PREFIX = 'platform.error.';

/** The one message of an error whose code has none (never the server's English). */
export const GENERIC_ERROR_MESSAGE = 'platform.error.generic';

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

/** The translated message of whatever a call threw (see `errorMessageId`). */
export function useErrorMessage(): (error: unknown) => string {
  const intl = useIntl();
  return useCallback((error: unknown) => intl.formatMessage({ id: errorMessageId(error) }), [intl]);
}
