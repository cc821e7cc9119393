import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { bootTestService, type TestService } from '../../test/index.js';
import { MAX_REQUESTS_PER_CONNECTION } from './connection-reuse.js';

// A client that keeps its connections open (the gateway's keep-alive agent) sends every request down the
// connections it has: behind a Service with several pods (kube-proxy balances connections, not requests) a pod
// that joins later would get none of them. Each service ends a connection after MAX_REQUESTS_PER_CONNECTION
// answers (`Connection: close` on the last one), so the client opens a new one, which may go to the new pod.

describe('a service ends a kept-alive connection after a bounded number of requests', () => {
  let svc: TestService;
  let base: string;

  beforeAll(async () => {
    svc = await bootTestService({
      name: 'library',
      title: 'connection reuse',
      description: 'a service with its health routes only',
      storage: { schema: 'library', entities: [], migrations: [] },
      modules: [],
    });
    await svc.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(svc.app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await svc?.close();
  });

  it('answers the last request of a connection with Connection: close, and the client opens a new one', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<Socket>();
    const closing: number[] = [];
    const get = (n: number) =>
      new Promise<number>((resolve, reject) => {
        const req = http.get(`${base}/health`, { agent }, (res) => {
          if (res.headers.connection === 'close') closing.push(n);
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('socket', (s: Socket) => sockets.add(s));
        req.on('error', reject);
      });
    const statuses: number[] = [];
    for (let n = 1; n <= MAX_REQUESTS_PER_CONNECTION + 1; n++) statuses.push(await get(n));
    agent.destroy();
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(closing).toEqual([MAX_REQUESTS_PER_CONNECTION]);
    expect(sockets.size).toBe(2);
  });
});
