export { metricsPortIssue, telemetryConfigOf, telemetryEnvSchema, type TelemetryConfig } from './config.js';
export { logContext, logFields } from './log-context.js';
export {
  httpMetrics,
  metricsRegistry,
  processCounter,
  startProcessMetrics,
  UNMATCHED_ROUTE,
  watchPool,
  watchQueue,
  watchWorker,
  type HttpMetricsOptions,
  type WatchedPool,
  type WatchedQueue,
  type WatchedWorker,
} from './metrics.js';
export {
  startMetricsServer,
  type MetricsServer,
  type MetricsServerOptions,
  type ReadyCheck,
} from './metrics-server.js';
export { shutdownTracing, startTracing, type Tracing } from './tracing.js';
