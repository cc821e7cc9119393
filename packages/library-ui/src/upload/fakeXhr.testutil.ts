// A stand-in for XMLHttpRequest in the web tests (jsdom's would go to the network). Not exported by the package.
import { checkAnswer } from '../../../../scripts/jest/web';

export interface FakeXhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | null;
  withCredentials: boolean;
  /** reports upload progress (loaded of total bytes) */
  progress: (loaded: number, total: number) => void;
  /** answers the request (held to the route's documented answer, see `checkAnswer`) */
  respond: (status: number, body?: unknown) => void;
  aborted: boolean;
}

type Handler = (req: FakeXhrRequest) => void;

/**
 * Installs a fake XMLHttpRequest. `handler` sees every sent request and may answer it at once (auto mode) or keep
 * it to answer later. Returns the list of requests.
 */
export function installFakeXhr(handler: Handler = () => undefined): FakeXhrRequest[] {
  const requests: FakeXhrRequest[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    private req: FakeXhrRequest | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    send(body: FormData | null) {
      const req: FakeXhrRequest = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        withCredentials: this.withCredentials,
        aborted: false,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        respond: (status, responseBody) => {
          // an answer its documented route would not give fails the test, as `mockFetch`'s fixtures do
          checkAnswer(this.method, this.url, status, responseBody);
          this.status = status;
          this.responseText =
            responseBody === undefined
              ? ''
              : typeof responseBody === 'string'
                ? responseBody
                : JSON.stringify(responseBody);
          this.onload?.();
        },
      };
      this.req = req;
      requests.push(req);
      handler(req);
    }

    abort() {
      if (this.req) this.req.aborted = true;
      this.onabort?.();
    }
  }
  (globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  return requests;
}

/** The fields of a sent FormData as strings (files as `file:<name>`). */
export function formFields(body: FormData | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body) return out;
  body.forEach((value, key) => {
    out[key] = typeof value === 'string' ? value : `file:${(value as File).name}`;
  });
  return out;
}
