import {
  apiPath,
  CSRF_HEADER,
  type ApiData,
  type ApiInit,
  type ApiOperation,
  type ApiPaths,
  type ApiPathsWith,
} from '@agora/contracts';
import { ApiError, apiErrorOf, apiUrl, ensureCsrfToken, reportUnauthorized } from '@agora/platform';

/** The spec's text for an upload the user cancelled (part 1 §2, §8). */
export const UPLOAD_CANCELED = 'Operation canceled by the user.';

/** Thrown (rejected) when the upload was cancelled through its AbortSignal. */
export class UploadCanceledError extends Error {
  constructor() {
    super(UPLOAD_CANCELED);
    this.name = 'UploadCanceledError';
  }
}

export interface UploadOptions {
  /** progress 0-100, rounded (spec part 1 §4) */
  onProgress?: (percent: number) => void;
  /** aborting it cancels the upload: the promise rejects with UploadCanceledError */
  signal?: AbortSignal;
}

/** The methods of an upload: POST, or PUT for the spec's multipart PUTs. */
export type UploadMethod = 'POST' | 'PUT';
type UploadPath<M extends UploadMethod> = ApiPathsWith<ApiPaths, Lowercase<M>>;
type UploadOperation<M extends UploadMethod, P extends UploadPath<M>> = ApiOperation<
  ApiPaths,
  P,
  Lowercase<M>
>;
type TargetInit<M extends UploadMethod, P extends UploadPath<M>> = Omit<
  ApiInit<UploadOperation<M, P>>,
  'body'
>;

/** Where an upload is sent, and (as a type only) what it answers: made by `uploadTarget`. */
export interface UploadTarget<R> {
  readonly method: UploadMethod;
  /** the filled path, e.g. `/api/library/uuid/x` */
  readonly url: string;
  /** never set: the answer's type, as the path's document describes it */
  readonly answer?: R;
}

/**
 * An upload's method and documented path with its parameters, checked against the documents as `client` checks a
 * call; the upload answers what the document says: `uploadTarget('PUT', '/api/library/uuid/{uuid}', { params: {
 * path: { uuid } } })`.
 */
export function uploadTarget<M extends UploadMethod, P extends UploadPath<M>>(
  method: M,
  path: P,
  ...init: Record<never, never> extends TargetInit<M, P>
    ? [init?: TargetInit<M, P>]
    : [init: TargetInit<M, P>]
): UploadTarget<ApiData<UploadOperation<M, P>>> {
  const params = (init[0] as { params?: Parameters<typeof apiPath>[1] } | undefined)?.params;
  return { method, url: apiPath(path, params) };
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A multipart upload to `target` (`uploadTarget`: a documented path, whose answer it answers) with progress and
 * cancel (XMLHttpRequest: fetch has no upload progress). Cookies are sent, the CSRF header is set from the `token`
 * cookie (fetched with `GET /api/login` first when missing), a non-2xx answer rejects with an ApiError carrying the
 * server's `Error` text; a 401 is also told to the `onUnauthorized` listeners (the session has ended), like any
 * other API call.
 */
export async function uploadWithProgress<T>(
  target: UploadTarget<T>,
  formData: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const { method, url } = target;
  const { onProgress, signal } = options;
  if (signal?.aborted) throw new UploadCanceledError();
  const token = await ensureCsrfToken();
  if (signal?.aborted) throw new UploadCanceledError();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(url));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    let last = -1;
    const report = (percent: number) => {
      const rounded = Math.max(0, Math.min(100, Math.round(percent)));
      if (rounded !== last) {
        last = rounded;
        onProgress?.(rounded);
      }
    };
    report(0);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) report((event.loaded / event.total) * 100);
    };
    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbortSignal);
    xhr.onload = () => {
      done();
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        report(100);
        resolve(body as T);
        return;
      }
      if (xhr.status === 401) reportUnauthorized(url);
      reject(apiErrorOf(xhr.status, body, xhr.statusText));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'unexpected error'));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadCanceledError());
    };
    xhr.send(formData);
  });
}
