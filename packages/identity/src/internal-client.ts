import type { KeyObject } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  IDENTITY_HEADER,
  internalRouteOf,
  mayCall,
  REQUEST_ID_HEADER,
  type IdentitySigner,
  type InternalMethod,
  type InternalPath,
  type ServiceName,
} from '@agora/contracts';
import { signServiceIdentity } from './signing.js';

/** Largest answer body read (bytes): OpenAPI documents are the largest answers of the internal calls. */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

export interface InternalClientOptions<Target extends ServiceName = ServiceName> {
  /** Who calls: its service identity is signed with `privateKey`. */
  caller: IdentitySigner;
  /** The caller's own private key. */
  privateKey: KeyObject;
  /** The service called (named in errors). */
  target: Target;
  /** The service the identity is signed for; the target's unless said otherwise. */
  audience?: ServiceName;
  /** The target's base URL, which may carry a path prefix. */
  baseUrl: string;
  /** How long one call may take, from sending to the end of the answer. */
  timeoutMs: number;
}

export interface InternalCallOptions {
  /** The request id of the request that led to this call, forwarded as `x-request-id`. */
  requestId?: string;
  /** A query string added to the path (the path itself stays the route's, as the service graph declares it). */
  query?: URLSearchParams;
}

/** A 2xx answer: its status and its parsed JSON body (undefined when empty or not JSON). */
export interface InternalAnswer {
  status: number;
  body: unknown;
}

/**
 * A 2xx answer whose body is not read but handed over as a stream (a file's bytes): its status, `content-type`
 * and `content-length` (null when the answer has none).
 */
export interface InternalStreamAnswer {
  status: number;
  type: string | null;
  length: number | null;
  body: Readable;
}

/**
 * A call that got no usable answer. `unavailable`: the target could not be reached, did not answer in time, or
 * answered with anything but 2xx or 4xx. `refused`: a 4xx, with the body's `code` and `Error` when it has them.
 */
export class InternalCallError extends Error {
  constructor(
    readonly target: ServiceName,
    readonly kind: 'unavailable' | 'refused',
    reason: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(`${target}: ${reason}`);
    this.name = 'InternalCallError';
  }

  /** The `code` of a refusal's `{"Error", "code"}` body. */
  get code(): string | undefined {
    return field(this.body, 'code');
  }

  /** The `Error` message of a refusal's `{"Error", "code"}` body. */
  get error(): string | undefined {
    return field(this.body, 'Error');
  }
}

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** The calls of `Target`'s internal routes: their paths are those the service graph declares for it. */
export interface InternalClient<Target extends ServiceName = ServiceName> {
  get(path: InternalPath<Target, 'GET'>, options?: InternalCallOptions): Promise<InternalAnswer>;
  /** A JSON body, or a FormData (multipart/form-data). */
  post(
    path: InternalPath<Target, 'POST'>,
    body: unknown,
    options?: InternalCallOptions,
  ): Promise<InternalAnswer>;
  delete(path: InternalPath<Target, 'DELETE'>, options?: InternalCallOptions): Promise<InternalAnswer>;
  /**
   * A GET whose 2xx answer is streamed as it arrives, never held whole (no size limit); the timeout still
   * bounds the whole answer (the stream then fails). Anything else throws as the other calls do.
   */
  stream(path: InternalPath<Target, 'GET'>, options?: InternalCallOptions): Promise<InternalStreamAnswer>;
}

/**
 * A call that the service graph of `@agora/contracts` does not declare: no such route of the target, or the caller
 * is not among its callers. A mistake in the code, thrown before anything is sent.
 */
export class UndeclaredInternalCallError extends Error {
  constructor(caller: IdentitySigner, target: ServiceName, method: string, path: string) {
    super(`${caller} calls ${method} ${path} of ${target}, which the service graph does not declare for it`);
    this.name = 'UndeclaredInternalCallError';
  }
}

/** `base` (which may carry a path prefix) joined with a path that starts with `/`, query string included. */
function join(base: string, pathAndQuery: string): string {
  return `${base.replace(/\/+$/, '')}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`;
}

/** The body as text, at most `MAX_ANSWER_BYTES` of it. */
async function readText(res: Response): Promise<string> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) throw new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one way a service (or the gateway) calls another's internal routes: each call carries the caller's service
 * identity signed for the target's audience and the request id, is bounded by the timeout, and answers its 2xx
 * JSON or throws an `InternalCallError` (`unavailable`, or `refused` with the 4xx's status and body). Only the
 * routes that the service graph declares for the caller are called (`UndeclaredInternalCallError` otherwise).
 */
export function createInternalClient<Target extends ServiceName>(
  options: InternalClientOptions<Target>,
): InternalClient<Target> {
  const { caller, privateKey, target, baseUrl, timeoutMs } = options;
  const audience = options.audience ?? target;

  /** Sends the call; answers the response once its headers have come, or throws `unavailable`. */
  async function send(
    method: InternalMethod,
    path: string,
    body: unknown,
    { requestId, query }: InternalCallOptions,
    accept = 'application/json',
  ): Promise<{ res: Response; signal: AbortSignal }> {
    const route = internalRouteOf(target, method, path);
    if (!route || !mayCall(caller, route))
      throw new UndeclaredInternalCallError(caller, target, method, path);
    const headers: Record<string, string> = {
      accept,
      [IDENTITY_HEADER]: signServiceIdentity(privateKey, caller, audience),
    };
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const url = join(baseUrl, query?.size ? `${path}?${query.toString()}` : path);
      return { res: await fetch(url, { method, headers, body: payload, signal }), signal };
    } catch (err) {
      throw unavailable(err, signal);
    }
  }

  function unavailable(err: unknown, signal: AbortSignal): InternalCallError {
    const reason = signal.aborted
      ? `no answer within ${timeoutMs} ms`
      : err instanceof Error
        ? ((err.cause as Error | undefined)?.message ?? err.message)
        : String(err);
    return new InternalCallError(target, 'unavailable', reason);
  }

  /** Reads the whole (bounded) body: the parsed JSON of a 2xx, else the error it stands for. */
  async function read(
    method: InternalMethod,
    path: string,
    { res, signal }: Awaited<ReturnType<typeof send>>,
  ) {
    let text: string;
    try {
      text = await readText(res);
    } catch (err) {
      throw unavailable(err, signal);
    }
    const parsed = parseJson(text);
    const { status } = res;
    if (status >= 200 && status < 300) return { status, body: parsed };
    const kind = status >= 400 && status < 500 ? 'refused' : 'unavailable';
    throw new InternalCallError(target, kind, `${method} ${path} answered ${status}`, status, parsed);
  }

  async function call(
    method: InternalMethod,
    path: string,
    body: unknown,
    callOptions: InternalCallOptions = {},
  ): Promise<InternalAnswer> {
    return read(method, path, await send(method, path, body, callOptions));
  }

  async function stream(path: string, callOptions: InternalCallOptions = {}): Promise<InternalStreamAnswer> {
    const sent = await send('GET', path, undefined, callOptions, '*/*');
    const { res } = sent;
    if (res.status < 200 || res.status >= 300) {
      await read('GET', path, sent);
      throw new InternalCallError(target, 'unavailable', `GET ${path} answered ${res.status}`, res.status);
    }
    const length = res.headers.get('content-length');
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      length: length === null ? null : Number(length),
      body: res.body ? Readable.fromWeb(res.body as WebReadableStream) : Readable.from([]),
    };
  }

  return {
    get: (path, callOptions) => call('GET', path, undefined, callOptions),
    post: (path, body, callOptions) => call('POST', path, body, callOptions),
    delete: (path, callOptions) => call('DELETE', path, undefined, callOptions),
    stream: (path, callOptions) => stream(path, callOptions),
  };
}
