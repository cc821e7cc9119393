import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpstreamAgents } from './upstream.js';

// Behind a Service with several pods each kept-alive connection of the gateway leads to one pod (kube-proxy
// balances connections). The agent must take its idle connections in turn: taking the last one freed every
// time (Node's default, 'lifo') sends a light load down a single connection, so a pod reached by the others,
// such as one added by a scale-up, gets next to nothing.

describe("the gateway's keep-alive connections to a service", () => {
  let server: http.Server;
  let url: URL;
  /** the client port of the connection that carried each request */
  const carriedBy: number[] = [];
  let hold: Array<() => void> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      carriedBy.push(req.socket.remotePort ?? 0);
      const answer = () => res.end('ok');
      if (req.url === '/hold') hold.push(answer);
      else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (agents: UpstreamAgents, path: string) =>
    new Promise<void>((resolve, reject) => {
      const req = agents.request(new URL(path, url), { method: 'GET' });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end();
    });

  it('are taken in turn, so every connection of the pool carries requests', async () => {
    const agents = new UpstreamAgents();
    // three requests at once open three connections
    const held = [get(agents, '/hold'), get(agents, '/hold'), get(agents, '/hold')];
    await new Promise<void>((resolve) => {
      const check = () => (hold.length === 3 ? resolve() : setImmediate(check));
      check();
    });
    for (const answer of hold) answer();
    await Promise.all(held);
    hold = [];
    carriedBy.length = 0;
    // then a light load: one request at a time
    for (let i = 0; i < 30; i++) await get(agents, '/');
    agents.destroy();
    const perConnection = new Map<number, number>();
    for (const port of carriedBy) perConnection.set(port, (perConnection.get(port) ?? 0) + 1);
    expect([...perConnection.values()].sort()).toEqual([10, 10, 10]);
  });
});
