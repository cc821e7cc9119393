import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRegistry, startProcessMetrics } from './metrics.js';

/** What `/ready` answers: whether the process can do its work, and each check's result. */
export type ReadyCheck = () => Promise<{ ok: boolean; checks: Record<string, string> }>;

export interface MetricsServerOptions {
  /**
   * Serves `/ready` (200 or 503 with the checks) and `/health` (200 while the process answers) on this listener:
   * for a deployable without an HTTP port of its own (the mail worker), whose probes have no other address.
   */
  ready?: ReadyCheck;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The metrics listener: `GET /metrics` in Prometheus' text format, on its own port (`METRICS_PORT`), apart from
 * the deployable's API; with `ready`, also its probes. Anything else is 404.
 */
export async function startMetricsServer(
  port: number,
  host: string | undefined,
  options: MetricsServerOptions = {},
): Promise<MetricsServer> {
  startProcessMetrics();
  const { ready } = options;
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res
      .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify(body));
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (read && ready && path === '/health') return json(res, 200, { status: 'ok' });
    if (read && ready && path === '/ready') {
      ready().then(
        (result) =>
          json(res, result.ok ? 200 : 503, {
            status: result.ok ? 'ok' : 'unavailable',
            checks: result.checks,
          }),
        (err: unknown) => json(res, 503, { status: 'unavailable', checks: { ready: String(err) } }),
      );
      return;
    }
    if (path !== '/metrics' || !read) return json(res, 404, { Error: 'not found' });
    metricsRegistry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) =>
        json(res, 500, { Error: `metrics could not be collected: ${(err as Error).message}` }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
