import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The metrics of this process. One registry per process: in the one-process mode the gateway and the four
 * services share it, and their series are told apart by the `service` label.
 */
export const metricsRegistry = new Registry();

let processMetricsStarted = false;

/** The runtime's own series (event-loop lag, heap, CPU, handles), collected once per process. */
export function startProcessMetrics(): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
}

/** The counter `name` of this process (made on first use, so a module loaded twice shares it). */
export function processCounter(name: string, help: string): Counter {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) return existing as Counter;
  return new Counter({ name, help, registers: [metricsRegistry] });
}

/** Seconds, from 5 ms to 30 s (the gateway's default upstream time-out). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const httpDuration = new Histogram({
  name: 'agora_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by deployable, method, route template and status code',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Route label of a request that matched no route: raw paths never become labels (bounded cardinality). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface HttpMetricsOptions {
  /** The deployable: `gateway`, `accounts`, … */
  service: string;
  /**
   * The route template of an answered request (`/users/uuid/:uuid`), read when the answer is finished, or
   * undefined for UNMATCHED_ROUTE. Never the raw URL.
   */
  route: (req: IncomingMessage, res: ServerResponse) => string | undefined;
}

/**
 * Connect-style middleware that times every request from its arrival to the end of its answer (or the client
 * leaving) and counts it under its route template and status.
 */
export function httpMetrics(options: HttpMetricsOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const stop = httpDuration.startTimer();
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      const method = KNOWN_METHODS.has(req.method ?? '') ? (req.method as string) : 'OTHER';
      stop({
        service: options.service,
        method,
        route: options.route(req, res) ?? UNMATCHED_ROUTE,
        // An answer cut before its head was sent counts as the client having left (nginx's 499).
        status: res.headersSent ? String(res.statusCode) : '499',
      });
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}

const QUEUE_STATES = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
  'failed',
  'completed',
] as const;
type QueueState = (typeof QUEUE_STATES)[number];

/** What the queue series read from a BullMQ queue (its `Queue` class has these). */
export interface WatchedQueue {
  readonly name: string;
  getJobCounts(...types: QueueState[]): Promise<Record<string, number>>;
  getJobs(
    types: QueueState[],
    start?: number,
    end?: number,
    asc?: boolean,
  ): Promise<Array<{ timestamp: number }>>;
}

/** Every queue watched in this process; one per name is read (a producer and its consumer open the same queue). */
const queues = new Set<WatchedQueue>();

function queuesByName(): WatchedQueue[] {
  const byName = new Map<string, WatchedQueue>();
  for (const queue of queues) if (!byName.has(queue.name)) byName.set(queue.name, queue);
  return [...byName.values()];
}

new Gauge({
  name: 'agora_queue_jobs',
  help: 'Jobs of a queue by state (waiting, active, delayed, prioritized, waiting-children, failed, completed)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await Promise.all(
      queuesByName().map(async (queue) => {
        const counts = await queue.getJobCounts(...QUEUE_STATES).catch(() => undefined);
        for (const state of QUEUE_STATES) {
          if (counts) this.set({ queue: queue.name, state }, counts[state] ?? 0);
        }
      }),
    );
  },
});

new Gauge({
  name: 'agora_queue_oldest_waiting_seconds',
  help: 'Age of the oldest job of a queue that waits to be taken (0 when none waits)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    const now = Date.now();
    await Promise.all(
      queuesByName().map(async (queue) => {
        const oldest = await queue.getJobs(['waiting', 'prioritized'], 0, 0, true).catch(() => undefined);
        if (!oldest) return;
        const first = oldest[0];
        this.set({ queue: queue.name }, first ? Math.max(0, (now - first.timestamp) / 1000) : 0);
      }),
    );
  },
});

const jobFailures = new Counter({
  name: 'agora_queue_job_failures_total',
  help: 'Attempts of queue jobs that failed (a retried job counts each failed attempt)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/** Reports the depth and the age of the oldest waiting job of `queue` on every scrape, until the returned stop. */
export function watchQueue(queue: WatchedQueue): () => void {
  queues.add(queue);
  jobFailures.inc({ queue: queue.name }, 0);
  return () => void queues.delete(queue);
}

/** What a BullMQ worker tells about failed attempts (its `Worker` class has this). */
export interface WatchedWorker {
  readonly name: string;
  on(event: 'failed', listener: (...args: unknown[]) => void): unknown;
}

/** Counts every failed attempt of the jobs `worker` runs. */
export function watchWorker(worker: WatchedWorker): void {
  jobFailures.inc({ queue: worker.name }, 0);
  worker.on('failed', () => jobFailures.inc({ queue: worker.name }));
}

/** A pg pool (`pg.Pool`): its connections as it counts them. */
export interface WatchedPool {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly options?: { max?: number };
}

const pools = new Map<WatchedPool, { service: string; name: string; max: number }>();

new Gauge({
  name: 'agora_db_pool_connections',
  help: 'Connections of a database pool: total (open), idle, and the pool size max',
  labelNames: ['service', 'pool', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [pool, { service, name, max }] of pools) {
      this.set({ service, pool: name, state: 'total' }, pool.totalCount);
      this.set({ service, pool: name, state: 'idle' }, pool.idleCount);
      this.set({ service, pool: name, state: 'max' }, max);
    }
  },
});

new Gauge({
  name: 'agora_db_pool_waiting_requests',
  help: 'Queries waiting for a connection of a database pool (all its connections are busy)',
  labelNames: ['service', 'pool'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [pool, { service, name }] of pools) {
      this.set({ service, pool: name }, pool.waitingCount);
    }
  },
});

/** Reports the connections of `pool` (named `name`, of `service`) on every scrape, until the returned stop. */
export function watchPool(service: string, name: string, pool: WatchedPool, max?: number): () => void {
  pools.set(pool, { service, name, max: max ?? pool.options?.max ?? 10 });
  return () => void pools.delete(pool);
}
