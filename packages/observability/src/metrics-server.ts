import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRegistry, startProcessMetrics } from './metrics.js';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The metrics listener: `GET /metrics` in Prometheus' text format, on its own port (`METRICS_PORT`), apart from
 * the deployable's API. Anything else is 404.
 */
export async function startMetricsServer(port: number, host: string | undefined): Promise<MetricsServer> {
  startProcessMetrics();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ Error: 'not found' }));
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Error: `metrics could not be collected: ${(err as Error).message}` }));
      },
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
