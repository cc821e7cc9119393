import { z } from 'zod';

/** Empty counts as unset, as everywhere in Agora's configuration (`FOO=` in an env file). */
const unsetWhenEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * What every deployable reads about metrics and traces. `METRICS_PORT` opens a second listener that serves
 * `/metrics` alone, never routed by the gateway nor published by the Ingress (decision 0052); unset, no metrics
 * are served. `OTEL_EXPORTER_OTLP_ENDPOINT` turns tracing on: spans go to that OTLP/HTTP collector
 * (`<endpoint>/v1/traces`); unset, no span is made.
 */
export const telemetryEnvSchema = z.object({
  METRICS_PORT: z.preprocess(unsetWhenEmpty, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.preprocess(unsetWhenEmpty, z.string().trim().min(1).optional()),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    unsetWhenEmpty,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of an OTLP/HTTP collector' }).optional(),
  ),
  /** The share of the requests that start a new trace is sampled (a caller's decision is followed). */
  OTEL_TRACES_SAMPLER_ARG: z.preprocess(unsetWhenEmpty, z.coerce.number().min(0).max(1).default(1)),
});

export interface TelemetryConfig {
  /** Undefined: no metrics listener. */
  metrics?: { port: number; host: string | undefined };
  /** Undefined: tracing off. */
  tracing?: { endpoint: string; sampleRatio: number };
}

/** The telemetry part of an already parsed environment. */
export function telemetryConfigOf(
  e: z.infer<typeof telemetryEnvSchema>,
  defaultHost: string | undefined,
): TelemetryConfig {
  return {
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST ?? defaultHost } : undefined,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ''),
          sampleRatio: e.OTEL_TRACES_SAMPLER_ARG,
        }
      : undefined,
  };
}

/** The issue to report when the metrics listener would take the deployable's public port. */
export function metricsPortIssue(
  e: z.infer<typeof telemetryEnvSchema>,
  publicPort: number,
): string | undefined {
  return e.METRICS_PORT !== undefined && e.METRICS_PORT === publicPort
    ? 'METRICS_PORT: must differ from PORT (metrics are not served on the public port)'
    : undefined;
}
