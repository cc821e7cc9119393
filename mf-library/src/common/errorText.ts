import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '@agora/platform';

/** A failed call (`ApiError`) or a failed backup job (`{error, code}`). */
type Failure = unknown;

function partsOf(failure: Failure): { code?: string; message?: string } {
  if (failure instanceof ApiError) return { code: failure.code, message: failure.message };
  if (typeof failure === 'object' && failure !== null) {
    const { code, error } = failure as { code?: unknown; error?: unknown };
    return {
      code: typeof code === 'string' ? code : undefined,
      message: typeof error === 'string' ? error : undefined,
    };
  }
  return {};
}

/**
 * The text that tells the user why something failed, in their language: the message `platform.error.<code>` of
 * the server's error code when the catalogue has it, else the server's own message, else `fallback` (a notification
 * text such as 'action denied').
 */
export function useErrorText(): (failure: Failure, fallback?: string) => string {
  const intl = useIntl();
  return useCallback(
    (failure, fallback = 'action denied') => {
      const { code, message } = partsOf(failure);
      const id = code ? `platform.error.${code}` : '';
      if (id && Object.hasOwn(intl.messages, id)) return intl.formatMessage({ id });
      return message || fallback;
    },
    [intl],
  );
}
