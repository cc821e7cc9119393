import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  httpMetrics,
  metricsRegistry,
  processCounter,
  UNMATCHED_ROUTE,
  watchPool,
  watchQueue,
  watchWorker,
} from './metrics.js';

/** The value of one series of the registry's text output, or undefined when it is not there. */
async function sample(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const text = await metricsRegistry.metrics();
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('httpMetrics', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const count = httpMetrics({
      service: 'spec',
      route: (req) => (req.url?.startsWith('/items/') ? '/items/:id' : undefined),
    });
    server = createServer((req, res) =>
      count(req, res, () => {
        if (req.url === '/slow-leave') return; // never answered: the client leaves
        res.statusCode = req.url?.startsWith('/items/') ? 200 : 404;
        res.end();
      }),
    );
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  });

  it('counts requests under their route template, never their raw path', async () => {
    for (const id of ['1', '2', '3']) await fetch(`${base}/items/${id}`);
    await fetch(`${base}/no/such/${Math.random()}`);
    expect(
      await sample('agora_http_request_duration_seconds_count', { route: '/items/:id', status: '200' }),
    ).toBe(3);
    expect(
      await sample('agora_http_request_duration_seconds_count', { route: UNMATCHED_ROUTE, status: '404' }),
    ).toBe(1);
    const text = await metricsRegistry.metrics();
    expect(text).not.toContain('/items/1');
    expect(text).not.toContain('/no/such');
  });

  it('counts a request whose client left before the answer as 499', async () => {
    const aborted = new AbortController();
    const leaving = fetch(`${base}/slow-leave`, { signal: aborted.signal }).catch(() => undefined);
    const deadline = Date.now() + 5000;
    // The request is counted when its connection closes: abort once the server holds it, then poll the count.
    while ((await sample('agora_http_request_duration_seconds_count', { status: '499' })) === undefined) {
      if (Date.now() > deadline) throw new Error('the request that was left was not counted');
      aborted.abort();
      await leaving;
      await new Promise((r) => setImmediate(r));
    }
    expect(await sample('agora_http_request_duration_seconds_count', { status: '499' })).toBe(1);
  });
});

describe('watchPool and processCounter', () => {
  it("reports a pool's connections and waiting queries until it is unwatched", async () => {
    const pool = { totalCount: 7, idleCount: 2, waitingCount: 3, options: { max: 10 } };
    const stop = watchPool('spec', 'specs', pool);
    expect(await sample('agora_db_pool_connections', { pool: 'specs', state: 'total' })).toBe(7);
    expect(await sample('agora_db_pool_connections', { pool: 'specs', state: 'idle' })).toBe(2);
    expect(await sample('agora_db_pool_connections', { pool: 'specs', state: 'max' })).toBe(10);
    expect(await sample('agora_db_pool_waiting_requests', { pool: 'specs' })).toBe(3);
    stop();
    expect(await sample('agora_db_pool_connections', { pool: 'specs', state: 'total' })).toBeUndefined();
  });

  it('gives the same counter to every caller of one name', () => {
    const first = processCounter('agora_spec_things_total', 'Things');
    expect(processCounter('agora_spec_things_total', 'Things')).toBe(first);
  });
});

describe('watchQueue and watchWorker', () => {
  const queue = (name: string, waiting: number, oldestAgeS: number | undefined) => ({
    name,
    getJobCounts: async () => ({ waiting, active: 1, failed: 2 }),
    getJobs: async () => (oldestAgeS === undefined ? [] : [{ timestamp: Date.now() - oldestAgeS * 1000 }]),
  });

  it("reports a queue's jobs by state and the age of its oldest waiting job, once per queue name", async () => {
    const stopProducer = watchQueue(queue('spec-mail', 4, 120));
    const stopConsumer = watchQueue(queue('spec-mail', 99, 1)); // the same queue opened by a second service
    const stopIdle = watchQueue(queue('spec-idle', 0, undefined));
    expect(await sample('agora_queue_jobs', { queue: 'spec-mail', state: 'waiting' })).toBe(4);
    expect(await sample('agora_queue_jobs', { queue: 'spec-mail', state: 'failed' })).toBe(2);
    expect(await sample('agora_queue_jobs', { queue: 'spec-mail', state: 'delayed' })).toBe(0);
    const age = await sample('agora_queue_oldest_waiting_seconds', { queue: 'spec-mail' });
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(180);
    expect(await sample('agora_queue_oldest_waiting_seconds', { queue: 'spec-idle' })).toBe(0);
    stopProducer();
    expect(await sample('agora_queue_jobs', { queue: 'spec-mail', state: 'waiting' })).toBe(99);
    stopConsumer();
    stopIdle();
    expect(await sample('agora_queue_jobs', { queue: 'spec-mail', state: 'waiting' })).toBeUndefined();
  });

  it("counts each failed attempt of a worker's jobs, from 0", async () => {
    const worker = Object.assign(new EventEmitter(), { name: 'spec-work' });
    watchWorker(worker);
    expect(await sample('agora_queue_job_failures_total', { queue: 'spec-work' })).toBe(0);
    worker.emit('failed');
    worker.emit('failed');
    expect(await sample('agora_queue_job_failures_total', { queue: 'spec-work' })).toBe(2);
  });
});
