import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from './api';
import en from './messages/en.json';

/** Prefix of the message of a server error code: `platform.error.ACCOUNTS.USERNAME_EXISTS`. */
export const ERROR_MESSAGE_PREFIX = 'platform.error.';

/** The one message of an error whose code has none (never the server's English). */
export const GENERIC_ERROR_MESSAGE = 'platform.error.generic';

const KNOWN: Readonly<Record<string, unknown>> = en;

/**
 * The message id of whatever a call threw: `platform.error.<code>` for an ApiError whose code has a message,
 * else the generic one. Usable wherever a message id goes, e.g. `notify({ type: 'warning', body: errorMessageId(e) })`.
 */
export function errorMessageId(error: unknown): string {
  if (error instanceof ApiError && error.code) {
    const id = `${ERROR_MESSAGE_PREFIX}${error.code}`;
    if (id in KNOWN) return id;
  }
  return GENERIC_ERROR_MESSAGE;
}

/** The translated message of whatever a call threw (see `errorMessageId`). */
export function useErrorMessage(): (error: unknown) => string {
  const intl = useIntl();
  return useCallback((error: unknown) => intl.formatMessage({ id: errorMessageId(error) }), [intl]);
}
