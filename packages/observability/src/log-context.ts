import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { trace } from '@opentelemetry/api';

const requestScope = new AsyncLocalStorage<string>();
/** Request ids by trace id, while their request runs: the tracing context survives where an own one may not. */
const requestIdsByTrace = new Map<string, string>();

/**
 * Connect-style middleware that makes `id` (the request id of `req`) the one every log line written for this
 * request carries (`logFields`). It holds in the code that the request runs, and with tracing on also in the
 * callbacks of its body stream (the tracing context is bound to the request's events).
 */
export function logContext(idOf: (req: IncomingMessage) => string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const id = idOf(req);
    const traceId = trace.getActiveSpan()?.spanContext().traceId;
    if (traceId) {
      requestIdsByTrace.set(traceId, id);
      res.once('close', () => {
        if (requestIdsByTrace.get(traceId) === id) requestIdsByTrace.delete(traceId);
      });
    }
    requestScope.run(id, next);
  };
}

/**
 * pino's `mixin`: the fields of the log line being written, the request id, the trace and the span, where known
 * (the request id only when the logger does not carry it already, as pino-http's request logger does).
 */
export function logFields(
  _merge?: object,
  _level?: number,
  logger?: { bindings(): Record<string, unknown> },
): { reqId?: string; trace_id?: string; span_id?: string } {
  const fields = currentLogFields();
  if (fields.reqId !== undefined && logger && 'reqId' in logger.bindings()) delete fields.reqId;
  return fields;
}

function currentLogFields(): { reqId?: string; trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) {
    const reqId = requestScope.getStore();
    return reqId ? { reqId } : {};
  }
  const { traceId, spanId } = span.spanContext();
  const reqId = requestScope.getStore() ?? requestIdsByTrace.get(traceId);
  return reqId ? { reqId, trace_id: traceId, span_id: spanId } : { trace_id: traceId, span_id: spanId };
}
