import {
  apiPath,
  type ApiData,
  type ApiInit,
  type ApiOperation,
  type ApiPaths,
  type ApiPathsWith,
} from '@agora/contracts';
import useSWR, { preload, type SWRConfiguration, type SWRResponse } from 'swr';
import { ApiError, readApiResponse, transport } from './api';

/** Reads the URL of a typed path (the SWR key); the path's document types the answer. */
const fetcher = <T>(url: string): Promise<T> => transport('GET', url) as Promise<T>;

/**
 * SWR settings of the apps (the shell puts them in its SWRConfig): a client error (4xx) is an answer, not a
 * glitch, so only network failures and 5xx are retried.
 */
export const swrDefaults: SWRConfiguration = {
  shouldRetryOnError: (error: Error) => !(error instanceof ApiError && error.status < 500),
};

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

/**
 * Starts a typed `GET` before the component that reads it renders (SWR's `preload`): the first `useApiGet` of the
 * same path and parameters takes its answer instead of fetching. A failure is that read's error, not an unhandled
 * rejection. `prefetched`: the same read already on its way (started with `fetch` before the platform loaded),
 * whose response is read instead of a new request.
 */
export function preloadApiGet<P extends GetPath>(
  path: P,
  init: ApiInit<GetOperation<P>>,
  prefetched?: Promise<Response>,
): void {
  const key = apiKey(path, init);
  const read = prefetched ? () => prefetched.then((res) => readApiResponse(res, key)) : fetcher;
  preload(key, read).catch(() => undefined);
}

/** The paths whose reads have a `…/within/{filter}` form: the same answer about a drawn area only. */
export type WithinPath = {
  [P in GetPath]: `${P}/within/{filter}` extends GetPath ? P : never;
}[GetPath];

/**
 * The URL of a read about a drawn area: `path` with `init`, or its `/within/{filter}` form when `filter` (the
 * area's text, `formatAreaFilter`) is not null.
 */
export function withinKey<P extends WithinPath>(
  path: P,
  init: ApiInit<GetOperation<P>>,
  filter: string | null,
): string {
  const params = (init as { params?: Parameters<typeof apiPath>[1] }).params ?? {};
  if (filter === null) return apiPath(path, params);
  return apiPath(`${path}/within/{filter}`, { ...params, path: { ...params.path, filter } });
}

/**
 * `useApiGet` of a read that can be limited to a drawn area: `path`, or its documented `/within/{filter}` form
 * when `filter` is not null. `null` for `init` skips the call.
 */
export function useApiGetWithin<P extends WithinPath>(
  path: P,
  init: ApiInit<GetOperation<P>> | null,
  filter: string | null,
  config?: SWRConfiguration<ApiData<GetOperation<P>>, ApiError>,
): SWRResponse<ApiData<GetOperation<P>>, ApiError> {
  return useSWR<ApiData<GetOperation<P>>, ApiError>(
    init === null ? null : withinKey(path, init, filter),
    fetcher<ApiData<GetOperation<P>>>,
    config,
  );
}
