import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { api, ApiError } from './api';

const fetcher = <T>(path: string): Promise<T> => api.get<T>(path);

/**
 * SWR settings of the apps (the shell puts them in its SWRConfig): a client error (4xx) is an answer, not a
 * glitch, so only network failures and 5xx are retried.
 */
export const swrDefaults: SWRConfiguration = {
  shouldRetryOnError: (error: Error) => !(error instanceof ApiError && error.status < 500),
};

/** SWR over `GET /api/<path>`; `null` skips the call. Errors are `ApiError`s. */
export function useApi<T>(
  path: string | null,
  config?: SWRConfiguration<T, ApiError>,
): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError>(path, fetcher<T>, config);
}
