import type { IntlShape } from 'react-intl';
import { ApiError } from '../api';

/**
 * The message of a 429 (too many attempts) with `{minutes}` to wait; `platform.error.ACCOUNTS.RATE_LIMITED`, the
 * code's own message, says 'try again later' where the minutes are not at hand.
 */
export const RATE_LIMITED_MESSAGE = 'platform.rateLimited.retryIn';

/** When the error is a 429: the whole minutes to wait (at least 1, from `Retry-After`); otherwise null. */
export function retryMinutesOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
}

/** The translated "too many attempts, try again in N minutes" of a 429; null for any other error. */
export function rateLimitedText(intl: IntlShape, error: unknown): string | null {
  const minutes = retryMinutesOf(error);
  return minutes === null ? null : intl.formatMessage({ id: RATE_LIMITED_MESSAGE }, { minutes });
}
