import {
  httpMetrics,
  shutdownTracing,
  startMetricsServer,
  type MetricsServerOptions,
} from '@agora/observability';
import type { Request } from 'express';
import type { Logger } from 'pino';
import type { ServiceConfig } from '../config/config.js';

/**
 * The HTTP series of `service`, by the template of the route that answered (`/users/uuid/:uuid`, as Nest
 * registered it with Express); a request that no route took is counted as `unmatched`.
 */
export function serviceHttpMetrics(service: string) {
  return httpMetrics({
    service,
    route: (req) => {
      const path: unknown = (req as Request).route?.path;
      return typeof path === 'string' ? path : undefined;
    },
  });
}

/** The metrics listener of a service process (METRICS_PORT) when configured; `close` also flushes the traces. */
export async function startServiceMetrics(
  config: ServiceConfig,
  logger: Logger,
  options: MetricsServerOptions = {},
): Promise<{ port?: number; close(): Promise<void> }> {
  const settings = config.telemetry?.metrics;
  const server = settings ? await startMetricsServer(settings.port, settings.host, options) : undefined;
  if (server)
    logger.info(`${config.service} metrics on http://${settings?.host ?? '*'}:${server.port}/metrics`);
  return {
    ...(server ? { port: server.port } : {}),
    close: async () => {
      await server?.close();
      await shutdownTracing();
    },
  };
}
