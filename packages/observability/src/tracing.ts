import { register } from 'node:module';
import type { TelemetryConfig } from './config.js';

export interface Tracing {
  /** Sends the spans still buffered and stops (call it last when the process stops). */
  shutdown(): Promise<void>;
}

/** Paths that are probes or scrapes, not traffic: never traced. */
const UNTRACED_PATHS = new Set(['/health', '/ready', '/metrics']);

/**
 * Starts tracing for `service` when the config names an OTLP collector; otherwise does nothing. It must run
 * before the application's modules are loaded (the entry point imports them afterwards, with `import()`): the
 * servers are ES modules, and Node's loader hook that lets the instrumentations patch `express` and `node:http`
 * applies only to modules loaded after it is registered. `pg` and `ioredis` (CommonJS) are patched by the require
 * hook that the same instrumentations set.
 *
 * The SDK, the exporter and the instrumentations (about 400 modules) are loaded here, only when tracing is on: a
 * process without a collector, and every test, never loads them.
 */
export async function startTracing(service: string, config: TelemetryConfig): Promise<Tracing | undefined> {
  const settings = config.tracing;
  if (!settings) return undefined;
  const [
    { OTLPTraceExporter },
    { registerInstrumentations },
    { ExpressInstrumentation, ExpressLayerType },
    { HttpInstrumentation },
    { IORedisInstrumentation },
    { PgInstrumentation },
    { resourceFromAttributes },
    { BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler, TraceIdRatioBasedSampler },
    { createAddHookMessageChannel },
  ] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
    import('import-in-the-middle'),
  ]);
  // Only the modules the instrumentations ask for are intercepted by the loader hook.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': `agora-${service}`, 'service.namespace': 'agora' }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${settings.endpoint}/v1/traces` })),
    ],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0] ?? ''),
        // Calls made outside a request (the exporter's own, to the collector) start no trace.
        requireParentforOutgoingSpans: true,
      }),
      // Route handlers are spans (they name the route); each middleware and router would be one more per request.
      new ExpressInstrumentation({
        ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER],
      }),
      // Queries are spans; taking a connection from the pool is not.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  await waitForAllMessagesAcknowledged();
  active = { shutdown: () => provider.shutdown() };
  return active;
}

let active: Tracing | undefined;

/** Sends the spans still buffered and stops tracing, if it was started (the last step of a stopping process). */
export async function shutdownTracing(): Promise<void> {
  const tracing = active;
  active = undefined;
  await tracing?.shutdown();
}
