import { shutdownTracing, startMetricsServer, startTracing } from '@agora/observability';
import { GatewayConfigError, loadGatewayConfig } from './config.js';

/**
 * Standalone gateway: listens on HOST:PORT (and serves its metrics on METRICS_PORT) and shuts down gracefully on
 * SIGTERM/SIGINT. Tracing starts before the server's modules are imported, so that its instrumentations patch them.
 */
async function main(): Promise<void> {
  const config = loadGatewayConfig();
  await startTracing('gateway', config.telemetry);
  const { createServer } = await import('node:http');
  const { createGateway } = await import('./app.js');
  const { createLogger } = await import('./logging.js');
  const logger = createLogger(config.logLevel);
  const gateway = createGateway(config, { logger });
  const server = createServer(gateway.app);
  server.keepAliveTimeout = 65_000; // longer than typical load balancer idle timeouts
  server.headersTimeout = 66_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  logger.info({ address, services: config.services }, 'gateway listening');
  const metricsSettings = config.telemetry.metrics;
  const metrics = metricsSettings
    ? await startMetricsServer(metricsSettings.port, metricsSettings.host)
    : undefined;
  if (metrics) logger.info({ port: metrics.port }, 'gateway metrics listening');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'gateway stopping');
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    server.close(() => {
      void Promise.all([gateway.close(), metrics?.close()])
        .then(() => shutdownTracing())
        .then(() => {
          logger.info('gateway stopped');
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

// A start that fails (a configuration refused, a port taken) is one fatal line of the gateway's logger, at the
// default level since the configured one may be what was refused: the configuration's issues as a list, any
// other error with its stack.
main().catch(async (err: unknown) => {
  const { createLogger } = await import('./logging.js');
  const logger = createLogger('info');
  if (err instanceof GatewayConfigError)
    logger.fatal({ issues: err.issues }, 'invalid gateway configuration');
  else logger.fatal({ err }, 'gateway failed to start');
  process.exit(1);
});
