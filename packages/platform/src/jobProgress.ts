import { useEffect, useRef } from 'react';
import type { ApiData, ApiInit, ApiOperation, ApiPaths } from '@agora/contracts';
import type { SWRResponse } from 'swr';
import type { ApiError } from './api';
import { apiKey, useApiGet, type GetPath } from './useApi';

/** Time between two looks at a running job. */
export const JOB_POLL_MS = 1000;

type GetOperation<P extends GetPath> = ApiOperation<ApiPaths, P, 'get'>;

export interface JobProgressOptions<T> {
  /** whether the job has ended (done, failed): it is not looked at again then */
  ended: (status: T) => boolean;
  /** time between two looks (default JOB_POLL_MS) */
  intervalMs?: number;
}

/** What `useJobProgress` answers: the job's latest state and error, and whether it is over. */
export interface JobProgress<T> {
  data: T | undefined;
  error: ApiError | undefined;
  /** the job has ended (`ended` says so), or the server refused to tell (a 4xx: unknown or expired job) */
  over: boolean;
  mutate: SWRResponse<T, ApiError>['mutate'];
}

/**
 * A job's progress as the browser watches it (backups, exports, invitation batches): `GET path` with `init`,
 * looked at again every `intervalMs` until `ended` says it has ended or the server refuses to tell (a 4xx);
 * network failures and 5xx answers are looked at again. `null` for `init` watches nothing.
 */
export function useJobProgress<P extends GetPath>(
  path: P,
  init: ApiInit<GetOperation<P>> | null,
  options: JobProgressOptions<ApiData<GetOperation<P>>>,
): JobProgress<ApiData<GetOperation<P>>> {
  const { ended, intervalMs = JOB_POLL_MS } = options;
  const refused = useRef(false);
  const url = init === null ? null : apiKey(path, init);
  // another job starts with no refusal
  useEffect(() => {
    refused.current = false;
  }, [url]);
  const { data, error, mutate } = useApiGet(path, init, {
    refreshInterval: (latest) =>
      refused.current || (latest !== undefined && ended(latest)) ? 0 : intervalMs,
    revalidateOnFocus: false,
    onError: (e: ApiError) => {
      refused.current = e.status > 0 && e.status < 500;
    },
    onSuccess: () => {
      refused.current = false;
    },
  });
  const over =
    (data !== undefined && ended(data)) || (error !== undefined && error.status > 0 && error.status < 500);
  return { data, error, over, mutate };
}
