import http, { type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { sendError } from './errors.js';
import { forward } from './proxy.js';
import { UpstreamAgents } from './upstream.js';

function listen(server: Server | net.Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: Server | net.Server): Promise<void> {
  if (server instanceof http.Server) server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A loopback port on which nothing listens: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await close(server);
  return port;
}

/** Agents whose first `refusals` connections go to a closed port, as to a service's pod that has just stopped. */
class RefusingAgents extends UpstreamAgents {
  connections = 0;
  constructor(refusals: number, closed: number) {
    super();
    const connect = this.http.createConnection.bind(this.http);
    this.http.createConnection = (options, done) => {
      this.connections += 1;
      const target = this.connections <= refusals ? { ...options, port: closed } : options;
      return connect(target, done);
    };
  }
}

/** The gateway's forwarding alone: every path to the upstream, 503 when it is unavailable. */
function gatewayTo(agents: UpstreamAgents, port: number, retried: string[]): express.Express {
  const app = express();
  app.use((req, res) => {
    forward(agents, req, res, {
      service: 'consultation',
      baseUrl: `http://127.0.0.1:${port}`,
      path: req.url,
      headers: {},
      timeoutMs: 10_000,
      onRetry: (err) => retried.push(`${req.method} ${(err as NodeJS.ErrnoException).code ?? err.message}`),
      onUnavailable: () => sendError(res, 503, 'consultation service unavailable', 'GATEWAY.UNAVAILABLE'),
      onBadRequest: () => sendError(res, 400, 'bad request', 'GATEWAY.BAD_REQUEST'),
    });
  });
  return app;
}

describe('the gateway sends a failed call once more when the service cannot have acted on it', () => {
  let upstream: Server;
  let port: number;
  let closed: number;
  let seen: string[];
  /** Connections the upstream resets at once (as a process stopping under its open connections). */
  let resets: number;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method }));
      });
    });
    upstream.on('connection', (socket) => {
      if (resets > 0) {
        resets -= 1;
        socket.resetAndDestroy();
      }
    });
    port = await listen(upstream);
    closed = await closedPort();
  });
  afterAll(() => close(upstream));
  beforeEach(() => {
    seen = [];
    resets = 0;
  });

  it.each(['GET', 'HEAD', 'OPTIONS', 'DELETE'])(
    'a %s refused on its first connection is answered from the second',
    async (method) => {
      const agents = new RefusingAgents(1, closed);
      const retried: string[] = [];
      const res = await request(gatewayTo(agents, port, retried))[
        method.toLowerCase() as 'get' | 'head' | 'options' | 'delete'
      ]('/project/7');
      expect(res.status).toBe(200);
      expect(seen).toEqual([`${method} /project/7`]);
      expect(retried).toEqual([`${method} ECONNREFUSED`]);
      expect(agents.connections).toBe(2);
      agents.destroy();
    },
  );

  it('tries only once more: a service that refuses both answers 503', async () => {
    const agents = new RefusingAgents(5, closed);
    const retried: string[] = [];
    const res = await request(gatewayTo(agents, port, retried)).get('/project/7');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ Error: 'consultation service unavailable', code: 'GATEWAY.UNAVAILABLE' });
    expect(agents.connections).toBe(2);
    agents.destroy();
  });

  it.each([
    ['a POST', 'post', undefined],
    ['a PUT with a body', 'put', { title: 'x' }],
    ['a PATCH with a body', 'patch', { title: 'x' }],
  ] as const)('never sends %s twice, even when it was refused', async (_case, method, body) => {
    const agents = new RefusingAgents(1, closed);
    const retried: string[] = [];
    const call = request(gatewayTo(agents, port, retried))[method]('/project/7');
    const res = await (body ? call.send(body) : call);
    expect(res.status).toBe(503);
    expect(retried).toEqual([]);
    expect(agents.connections).toBe(1);
    agents.destroy();
  });

  it('sends a read once more when its connection was reset before any answer', async () => {
    const agents = new UpstreamAgents();
    const retried: string[] = [];
    resets = 1;
    const res = await request(gatewayTo(agents, port, retried)).get('/project/7');
    expect(res.status).toBe(200);
    expect(seen).toEqual(['GET /project/7']);
    expect(retried).toEqual(['GET ECONNRESET']);
    agents.destroy();
  });

  it('does not send a DELETE again after a reset: the service may have acted on it', async () => {
    const agents = new UpstreamAgents();
    const retried: string[] = [];
    resets = 1;
    const res = await request(gatewayTo(agents, port, retried)).delete('/project/7');
    expect(res.status).toBe(503);
    expect(retried).toEqual([]);
    agents.destroy();
  });
});
