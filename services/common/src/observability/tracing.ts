import type { ServiceName } from '@agora/contracts';
import { startTracing } from '@agora/observability';
import { loadServiceConfig } from '../config/config.js';

/**
 * The first step of a service's entry point, before it imports its modules (`await import(...)`): starts
 * tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, so that the instrumentations patch the modules loaded after
 * it. This module loads no NestJS code for that reason.
 */
export async function startServiceTracing(
  service: ServiceName,
  env: Record<string, string | undefined>,
): Promise<void> {
  await startTracing(service, loadServiceConfig(service, env).telemetry ?? {});
}
