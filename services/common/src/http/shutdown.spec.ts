import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { Readiness } from '../health/readiness.js';
import { drain } from './shutdown.js';

// The gateway keeps connections to a service open and takes them in turn: when the service starts to drain,
// every one of them may be carrying a request at that very moment. Closing the idle ones then (the server's end
// first) would cut the request that the gateway is writing down one of them, which it may not send again (a
// POST): `socket hang up`, a 503 for an answer the participant sent. During the grace each connection ends after
// its next answer instead (`Connection: close`), and the listener closes what is left only once the grace is over.

describe('drain', () => {
  it('answers a request sent down a kept-alive connection as the drain starts', async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('stored'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = () =>
      new Promise<{ status: number; connection: string | undefined } | string>((resolve) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: '/answer', method: 'POST', agent },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          },
        );
        req.on('error', (e) => resolve(e.message));
        req.end('{"answer":1}');
      });
    expect(await post()).toEqual({ status: 200, connection: 'keep-alive' });
    // the connection is idle in the agent's pool; the drain starts and the next POST goes down it at once
    const drained = drain(
      { server, readiness: new Readiness(), close: async () => undefined },
      { graceMs: 300, timeoutMs: 2000 },
      pino({ level: 'silent' }),
    );
    const during = post();
    expect(await during).toEqual({ status: 200, connection: 'close' });
    await drained;
    agent.destroy();
  });
});
