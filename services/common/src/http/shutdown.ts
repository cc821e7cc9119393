import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Readiness } from '../health/readiness.js';

export interface ShutdownTimes {
  /** How long the process keeps taking new connections after it stopped being ready (SHUTDOWN_GRACE_MS). */
  graceMs: number;
  /** The longest wait for requests in flight once no new connection is taken (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
}

export const DEFAULT_SHUTDOWN_TIMES: ShutdownTimes = { graceMs: 5000, timeoutMs: 20_000 };

export interface Drainable {
  server: Server;
  readiness: Readiness;
  /** Closes what is left once no request is in flight: the app (its queue workers) and the infrastructure. */
  close(): Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stops a service without failing a request: readiness answers 503 at once (the load balancer takes the process
 * out of rotation) and keep-alive ends (each connection after its next answer); new connections are still taken
 * for `graceMs` (those already routed to it); then the listener closes with the connections idle by then; once the
 * requests in flight have finished (or `timeoutMs` has passed, when the rest are cut), `close()` stops the queue
 * workers and the infrastructure. Resolves when all of it is done.
 */
export async function drain(target: Drainable, times: ShutdownTimes, logger: Logger): Promise<void> {
  const { server, readiness } = target;
  readiness.drain();
  // From now on every connection ends after its next answer (`Connection: close`, which the client honours), so
  // that a client's pool of keep-alive connections (the gateway's) lets go of this process's during the grace.
  // The idle ones are not closed from this end before the grace is over: the gateway takes its connections in
  // turn, so any of them may be carrying a request at this moment, and closing it under that request would cut
  // a POST that cannot be sent again.
  server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
  logger.info({ graceMs: times.graceMs }, 'stopping: not ready, finishing requests');
  if (times.graceMs > 0) await wait(times.graceMs);

  // (close() also closes the connections that are idle now; the busy ones end after their answer)
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cut = setTimeout(() => {
    logger.warn({ timeoutMs: times.timeoutMs }, 'stopping: requests still in flight are cut');
    server.closeAllConnections();
  }, times.timeoutMs);
  await closed;
  clearTimeout(cut);
  logger.info('stopping: no request in flight, closing the workers');
  await target.close();
  logger.info('stopped');
}

/** Runs `drain` on the first SIGTERM or SIGINT, then exits (1 if closing failed). */
export function drainOnSignals(target: Drainable, times: ShutdownTimes, logger: Logger): void {
  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'signal received');
    drain(target, times, logger).then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
