import { CSRF_HEADER } from '@agora/contracts';
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
  /** POST by default; PUT for the spec's multipart PUTs */
  method?: 'POST' | 'PUT';
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
 * A multipart upload with progress and cancel (XMLHttpRequest: fetch has no upload progress). Cookies are sent,
 * the CSRF header is set from the `token` cookie (fetched with `GET /api/login` first when missing), a non-2xx
 * answer rejects with an ApiError carrying the server's `Error` text; a 401 is also told to the `onUnauthorized`
 * listeners (the session has ended), like any other API call.
 */
export async function uploadWithProgress<T>(
  url: string,
  formData: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const { onProgress, signal, method = 'POST' } = options;
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
