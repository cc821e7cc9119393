import {
  createApiClient,
  CSRF_COOKIE,
  CSRF_HEADER,
  parseAnswer,
  type ApiClient,
  type ApiErrorCode,
  type ApiTransport,
  type ErrorBody,
  type FieldFailure,
} from '@agora/contracts';

/**
 * A non-2xx answer of the API, with the message and code of its `{"Error", "code"}` body. Decide by the code
 * (`hasCode`), never by the message: that is the server's English, for API users.
 */
export class ApiError extends Error {
  readonly status: number;
  /** As answered: one of `ApiErrorCode` of `@agora/contracts` (a newer server may send one this build does not know). */
  readonly code: string | undefined;
  /** From the `Retry-After` header (429, 503): seconds to wait before trying again. */
  readonly retryAfterSeconds: number | undefined;
  /** The refused field and its rule, when the answer names them (see `fieldErrorOf`). */
  readonly failure: FieldFailure | undefined;

  constructor(
    status: number,
    message: string,
    code?: string,
    retryAfterSeconds?: number,
    failure?: FieldFailure,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
    this.failure = failure;
  }

  /** Whether the answer's code is `code` (a known code: a misspelt one is a type error). */
  hasCode(code: ApiErrorCode): boolean {
    return this.code === code;
  }
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterOf(res: Response): number | undefined {
  const value = res.headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : undefined;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const UNSAFE: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `library/page/1`, `/library/page/1` and `/api/library/page/1` all mean `/api/library/page/1`. */
export function apiUrl(path: string): string {
  if (path.startsWith('/api/') || path === '/api') return path;
  return `/api/${path.replace(/^\/+/, '')}`;
}

/** The value of a cookie readable by scripts, or null. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

let pendingToken: Promise<string | null> | null = null;

/**
 * The CSRF token (double-submit cookie). When the `token` cookie is missing, `GET /api/login` sets it (the spec's
 * flow); concurrent callers share that one request.
 */
export function ensureCsrfToken(): Promise<string | null> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return Promise.resolve(existing);
  pendingToken ??= fetch(apiUrl('login'), {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
    .then(() => readCookie(CSRF_COOKIE))
    .finally(() => {
      pendingToken = null;
    });
  return pendingToken;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' && value !== null && typeof (value as { Error?: unknown }).Error === 'string'
  );
}

/** The `field`, `rule` and `values` members of an error body, when it has a field. */
function failureOf(body: ErrorBody): FieldFailure | undefined {
  if (typeof body.field !== 'string') return undefined;
  const rule = typeof body.rule === 'string' ? { rule: body.rule } : {};
  const values = typeof body.values === 'object' && body.values !== null ? { values: body.values } : {};
  return { field: body.field, ...rule, ...values };
}

async function parseBody(res: Response): Promise<unknown> {
  return parseAnswer(await res.text());
}

/**
 * The ApiError of a non-2xx answer from its status and parsed body: the `Error` text, the code and the refused
 * field when the body names them (also for answers read without fetch, e.g. an upload's XMLHttpRequest).
 */
export function apiErrorOf(status: number, body: unknown, statusText = '', retryAfter?: number): ApiError {
  if (isErrorBody(body)) return new ApiError(status, body.Error, body.code, retryAfter, failureOf(body));
  return new ApiError(status, statusText || `HTTP ${status}`, undefined, retryAfter);
}

async function toApiError(res: Response): Promise<ApiError> {
  const body = await parseBody(res).catch(() => undefined);
  return apiErrorOf(res.status, body, res.statusText, retryAfterOf(res));
}

/** Told of a 401 answer to any call other than the login endpoint (whose 401 means wrong credentials). */
export type UnauthorizedListener = (path: string) => void;

const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Listens for 401 answers: while logged in, one means the session has ended on the server (expired, revoked),
 * which the shell treats as a session time-out. Returns the function that stops listening.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** `login` is the session endpoint: a 401 there answers a login attempt, not an ended session. */
function isLoginPath(path: string): boolean {
  const bare = apiUrl(path).split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  return bare === '/api/login';
}

/** Tells the listeners of a 401 answer (see `onUnauthorized`); a listener that throws does not stop the others. */
export function reportUnauthorized(path: string): void {
  if (isLoginPath(path)) return;
  for (const listener of [...unauthorizedListeners]) {
    try {
      listener(path);
    } catch {
      // a listener's failure is its own
    }
  }
}

/**
 * One call to the API: cookies included, JSON (or FormData) body, CSRF header, `ApiError` on non-2xx. The
 * transport of `client`, and of the platform's hooks that read a URL built from a typed path (`useApiGet`,
 * `useTableQuery`); the apps call the API through `client` only.
 */
export const transport: ApiTransport = (method, path, body) => send(method, path, body, {});

/** `transport` with more request headers, for a typed client of its own: `createApiClient(transportWith({…}))`. */
export function transportWith(extra: Record<string, string>): ApiTransport {
  return (method, path, body) => send(method, path, body, extra);
}

async function send(
  method: HttpMethod,
  path: string,
  body: unknown,
  extra: Record<string, string>,
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  const token = UNSAFE.has(method) ? await ensureCsrfToken() : readCookie(CSRF_COOKIE);
  if (token) headers[CSRF_HEADER] = token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return readApiResponse(
    await fetch(apiUrl(path), { method, credentials: 'include', headers, body: payload }),
    path,
  );
}

/**
 * The answer of an API call to `path` as `transport` gives it: the parsed body, or an `ApiError` thrown for a
 * non-2xx (a 401 reported, see `onUnauthorized`). Also for a response fetched before the platform loaded.
 */
export async function readApiResponse(res: Response, path: string): Promise<unknown> {
  if (!res.ok) {
    if (res.status === 401) reportUnauthorized(path);
    throw await toApiError(res);
  }
  return parseBody(res);
}

/**
 * The typed client of the whole API: paths, parameters, bodies and answers as the services' committed OpenAPI
 * documents describe them (`npm run openapi`), over `transport` (cookies, CSRF header, `ApiError`, 401 reporting):
 * `client.PUT('/api/users/uuid/{uuid}', { params: { path: { uuid } }, body: { active } })`.
 */
export const client: ApiClient = createApiClient(transport);
