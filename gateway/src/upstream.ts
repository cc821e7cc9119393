import http from 'node:http';
import https from 'node:https';
import type { ServiceName } from '@agora/contracts';

/**
 * The agents' settings. `scheduling: 'fifo'` takes the idle connections in turn: behind a Service each connection
 * leads to one pod (kube-proxy balances connections), and Node's default ('lifo', the last one freed first) would
 * send a light load down one connection, so that a pod added by a scale-up or a rolling update got next to none
 * of it. The services end a connection after 100 answers (services/common/src/http/connection-reuse.ts), so the
 * pool keeps being renewed across the pods.
 */
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 256, maxFreeSockets: 32, scheduling: 'fifo' } as const;

/** Keep-alive agents for the calls to the services; `destroy()` closes their sockets. */
export class UpstreamAgents {
  readonly http = new http.Agent(AGENT_OPTIONS);
  readonly https = new https.Agent(AGENT_OPTIONS);

  for(url: URL): http.Agent {
    return url.protocol === 'https:' ? this.https : this.http;
  }

  /**
   * A request to a service through its keep-alive agent; `fresh`: on a connection of its own, made by the same
   * agent's `createConnection` but never taken from (nor returned to) its pool of idle sockets.
   */
  request(url: URL, options: http.RequestOptions, { fresh = false } = {}): http.ClientRequest {
    const send = url.protocol === 'https:' ? https.request : http.request;
    const agent = this.for(url);
    if (!fresh) return send(url, { ...options, agent });
    // No agent and a `createConnection` of its own: Node then asks it for the socket (with `agent: false` it would
    // make a default agent instead).
    return send(url, {
      ...options,
      agent: undefined,
      createConnection: (connect, done) => agent.createConnection(connect, done),
    });
  }

  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

/** A service did not answer (refused, reset, timed out) or answered with a server error where one was not expected. */
export class ServiceUnavailableError extends Error {
  constructor(
    readonly service: ServiceName,
    reason: string,
  ) {
    super(`${service} service unavailable: ${reason}`);
    this.name = 'ServiceUnavailableError';
  }
}

export class UpstreamTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'UpstreamTimeoutError';
  }
}

export interface JsonAnswer {
  status: number;
  /** The parsed body, or undefined when it was empty or not JSON. */
  body: unknown;
}

const MAX_JSON_BYTES = 20 * 1024 * 1024;

/** A small JSON call to a service (session resolution, OpenAPI documents, readiness). */
export function callJson(
  agents: UpstreamAgents,
  url: URL,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: unknown; timeoutMs: number },
): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json', ...options.headers };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const req = agents.request(url, { method: options.method ?? 'GET', headers });
    req.setTimeout(options.timeoutMs, () => req.destroy(new UpstreamTimeoutError(options.timeoutMs)));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_JSON_BYTES) {
          req.destroy(new Error(`answer larger than ${MAX_JSON_BYTES} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text.length > 0 ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.end(payload);
  });
}

/** `base` (which may carry a path prefix) joined with a path that starts with `/`. */
export function upstreamUrl(base: string, pathAndQuery: string): URL {
  const url = new URL(base);
  const prefix = url.pathname.replace(/\/+$/, '');
  const q = pathAndQuery.indexOf('?');
  const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  url.pathname = `${prefix}${path.startsWith('/') ? path : `/${path}`}`;
  url.search = q < 0 ? '' : pathAndQuery.slice(q);
  return url;
}
