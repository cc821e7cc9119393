import {
  apiPath,
  type ApiData,
  type ApiInit,
  type ApiOperation,
  type ApiPaths,
  type ApiPathsWith,
} from '@agora/contracts';
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

/** The paths that answer `GET`. */
export type GetPath = ApiPathsWith<ApiPaths, 'get'>;
type GetOperation<P extends GetPath> = ApiOperation<ApiPaths, P, 'get'>;

/** What a typed `GET` of `path` answers (`ApiGetData<'/api/users/admin/stats'>`), for the code that shows it. */
export type ApiGetData<P extends GetPath> = ApiData<GetOperation<P>>;

/** The SWR key of a typed read: the URL it fetches (`/api/users/uuid/x?y=1`), for `mutate`. */
export function apiKey<P extends GetPath>(path: P, init: ApiInit<GetOperation<P>>): string {
  return apiPath(path, (init as { params?: Parameters<typeof apiPath>[1] }).params);
}

/**
 * SWR over a typed `GET` of the API: the path as the services' documents name it, its parameters, and the answer
 * typed by the document (`useApiGet('/api/users/uuid/{uuid}', { params: { path: { uuid } } })`). `null` skips the
 * call. The SWR key is the URL (`apiKey`), so `mutate(apiKey(path, init))` refreshes it.
 */
export function useApiGet<P extends GetPath>(
  path: P,
  init: ApiInit<GetOperation<P>> | null,
  config?: SWRConfiguration<ApiData<GetOperation<P>>, ApiError>,
): SWRResponse<ApiData<GetOperation<P>>, ApiError> {
  return useSWR<ApiData<GetOperation<P>>, ApiError>(
    init === null ? null : apiKey(path, init),
    fetcher<ApiData<GetOperation<P>>>,
    config,
  );
}
