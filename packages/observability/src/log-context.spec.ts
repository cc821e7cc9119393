import type { IncomingMessage, ServerResponse } from 'node:http';
import { logContext, logFields } from './log-context.js';

const request = (id: string) => ({ headers: { 'x-request-id': id } }) as unknown as IncomingMessage;
const response = { once: () => undefined } as unknown as ServerResponse;
const context = logContext((req) => String(req.headers['x-request-id']));

/** Runs a request through the middleware and logs from its continuation later, as a handler's await would. */
function logLater(id: string, logger?: { bindings(): Record<string, unknown> }) {
  return new Promise<ReturnType<typeof logFields>>((done) =>
    context(request(id), response, () => {
      setImmediate(() => done(logFields({}, 30, logger)));
    }),
  );
}

describe('logContext and logFields', () => {
  it('gives each line the id of the request it is logged for, and none outside a request', async () => {
    const [a, b] = await Promise.all([logLater('req-a'), logLater('req-b')]);
    expect(a).toEqual({ reqId: 'req-a' });
    expect(b).toEqual({ reqId: 'req-b' });
    expect(logFields()).toEqual({});
  });

  it('leaves the request id out when the logger carries it already (a request logger)', async () => {
    expect(await logLater('req-c', { bindings: () => ({ reqId: 'req-c' }) })).toEqual({});
    expect(await logLater('req-d', { bindings: () => ({ name: 'x' }) })).toEqual({ reqId: 'req-d' });
  });
});
