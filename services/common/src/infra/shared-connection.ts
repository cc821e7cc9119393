import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import pg from 'pg';

type QueryFn = (text: string, params?: unknown[]) => Promise<pg.QueryResult>;
type Done = (err?: Error | boolean) => void;

export interface SharedConnectionOptions {
  /** How long a caller may wait for the connection (0: for ever); the embedded stand-in of statement_timeout. */
  waitTimeoutMs: number;
  /** How long a holder may keep the connection without running a statement (0: for ever). */
  idleTimeoutMs: number;
  /** Statements run on every new connection (PGlite ignores startup options). */
  sessionSetup: string[];
  log: (message: string) => void;
}

/**
 * Work that only reads and that a person waits for (a page's GET): while it runs, its turns on the shared
 * connection come before those of the writers waiting (see `createSharedConnection`).
 */
const readsFirst = new AsyncLocalStorage<true>();

/** Runs `fn` as a read that takes its turns on the embedded database's connection before the writers waiting. */
export function asWaitedRead<T>(fn: () => T): T {
  return readsFirst.run(true, fn);
}

/**
 * How many turns in a row the reads may take while writers wait: a steady stream of reads slows the writers
 * down but never stops them.
 */
export const READ_TURNS_IN_A_ROW = 4;

/** The error of a caller that waited longer than `waitTimeoutMs` for its turn (pg.Pool's words for it). */
const waitTimeout = () => new Error('timeout exceeded when trying to connect');

interface Waiter {
  grant: () => void;
  timer?: NodeJS.Timeout;
}

/**
 * Turns on the one connection: one holder at a time, the waiting reads (`asWaitedRead`) before the waiting
 * writers, at most READ_TURNS_IN_A_ROW of them in a row while a writer waits.
 */
function createTurns(waitTimeoutMs: number) {
  let held = false;
  let readsInARow = 0;
  const reads: Waiter[] = [];
  const writes: Waiter[] = [];
  const take = (): Promise<void> => {
    if (!held) {
      held = true;
      return Promise.resolve();
    }
    const line = readsFirst.getStore() ? reads : writes;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          if (waiter.timer) clearTimeout(waiter.timer);
          resolve();
        },
      };
      line.push(waiter);
      if (waitTimeoutMs > 0)
        waiter.timer = setTimeout(() => {
          line.splice(line.indexOf(waiter), 1);
          reject(waitTimeout());
        }, waitTimeoutMs);
    });
  };
  const pass = (): void => {
    const readTurn = reads.length > 0 && (writes.length === 0 || readsInARow < READ_TURNS_IN_A_ROW);
    const next = readTurn ? reads.shift() : writes.shift();
    readsInARow = readTurn ? readsInARow + 1 : 0;
    if (next) next.grant();
    else held = false;
  };
  return { take, pass };
}

/** The error a holder's statements fail with once its idle hold was ended. */
export class IdleHoldError extends Error {
  constructor(ms: number) {
    super(
      `the database connection was held for more than ${ms} ms without a statement; its transaction was rolled ` +
        'back and the connection given to the others',
    );
    this.name = 'IdleHoldError';
  }
}

/** Whether a pooled client's connection is already closed (its socket destroyed, or pg saw it end). */
function isClosed(client: pg.PoolClient): boolean {
  const c = client as pg.PoolClient & {
    _ending?: boolean;
    _queryable?: boolean;
    connection?: { stream?: { destroyed?: boolean } };
  };
  return c._ending === true || c._queryable === false || c.connection?.stream?.destroyed === true;
}

/** One checked-out use of the connection. */
interface Lease {
  client: pg.PoolClient;
  inFlight: number;
  lastActivity: number;
  ended?: IdleHoldError;
  released: boolean;
}

export interface SharedConnection {
  /** A pg-module stand-in for TypeORM's `driver`: every DataSource gets the shared pool; `end()` is a no-op. */
  driver: unknown;
  /** A pg.Pool look-alike for BullMQ's Postgres backend (LISTEN clients are virtual, on the shared connection). */
  queueConnection: unknown;
  query: QueryFn;
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

/**
 * The single wire connection to the embedded database, shared by every DataSource and by BullMQ.
 *
 * - Every use is a lease (`connect()` … `release()`). A lease that runs no statement for `idleTimeoutMs` (a
 *   request stuck in the middle of a transaction) is ended: ROLLBACK, the connection goes to the next waiter, and
 *   the holder's later statements fail. PGlite honours neither `idle_in_transaction_session_timeout` (setting it
 *   stops the database) nor `statement_timeout` (a statement runs synchronously and cannot be interrupted), so
 *   both are enforced here: a caller waiting more than `waitTimeoutMs` for the connection fails alone.
 * - `pool.query()` destroys its connection when a statement fails, which would lose the session state: every
 *   statement goes through connect()/release().
 * - When the connection is lost and opened again, every virtual LISTEN client reports an error, so that BullMQ
 *   drops it, takes a new one and issues its LISTEN again.
 */
export function createSharedConnection(url: string, options: SharedConnectionOptions): SharedConnection {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    idleTimeoutMillis: 0,
    // the turns below decide who waits for the connection; the pool's one connection is free whenever a holder
    // asks for it, and this bounds only the opening of a new one
    connectionTimeoutMillis: options.waitTimeoutMs,
  });
  const turns = createTurns(options.waitTimeoutMs);
  const log = options.log;
  const notify = new EventEmitter();
  notify.setMaxListeners(200);
  /** Virtual LISTEN clients handed to BullMQ, told when the physical connection goes away. */
  const listeners = new Set<EventEmitter>();
  let connects = 0;
  pool.on('connect', (client) => {
    connects += 1;
    if (connects > 1) log('the embedded database connection was lost and opened again');
    for (const sql of options.sessionSetup) void client.query(sql).catch(() => undefined);
    client.on('notification', (m) => notify.emit('notification', m));
    client.on('error', () => undefined); // reported by the pool or to the lease's holder
    client.once('end', () => {
      const lost = new Error('the embedded database connection was lost');
      for (const l of [...listeners]) if (l.listenerCount('error') > 0) l.emit('error', lost);
    });
  });
  pool.on('error', (e) => log(`embedded database connection error: ${e.message}`));

  const leases = new Set<Lease>();
  const endHold = (lease: Lease) => {
    lease.ended = new IdleHoldError(options.idleTimeoutMs);
    lease.released = true;
    leases.delete(lease);
    log(`${lease.ended.message}`);
    const { client } = lease;
    void client
      .query('ROLLBACK')
      .then(
        () => client.release(),
        (e: Error) => client.release(e),
      )
      .catch(() => undefined)
      .finally(turns.pass);
  };
  const watchdog =
    options.idleTimeoutMs > 0
      ? setInterval(
          () => {
            const now = Date.now();
            for (const lease of leases)
              if (lease.inFlight === 0 && now - lease.lastActivity > options.idleTimeoutMs) endHold(lease);
          },
          Math.min(1000, Math.max(10, options.idleTimeoutMs / 4)),
        ).unref()
      : undefined;

  /** The client the holder sees: statements are counted, release() is once, and an ended hold refuses all. */
  const leased = (client: pg.PoolClient): pg.PoolClient => {
    const lease: Lease = { client, inFlight: 0, lastActivity: Date.now(), released: false };
    leases.add(lease);
    const settle = () => {
      lease.inFlight -= 1;
      lease.lastActivity = Date.now();
    };
    const query = (...args: unknown[]): unknown => {
      if (lease.ended) {
        const last = args[args.length - 1];
        if (typeof last === 'function') return void (last as (e: Error) => void)(lease.ended);
        return Promise.reject(lease.ended);
      }
      lease.inFlight += 1;
      lease.lastActivity = Date.now();
      let result: unknown;
      try {
        result = (client.query as (...a: unknown[]) => unknown)(...args);
      } catch (e) {
        settle();
        throw e;
      }
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).finally(settle);
      }
      // a submittable (a cursor or stream): done when it ends, fails or closes
      const emitter = (result ?? args[0]) as EventEmitter;
      let settled = false;
      const once = () => {
        if (settled) return;
        settled = true;
        settle();
      };
      for (const event of ['end', 'error', 'close']) emitter.once?.(event, once);
      return result;
    };
    const release: Done = (err) => {
      if (lease.released) return;
      lease.released = true;
      leases.delete(lease);
      try {
        client.release(err);
      } finally {
        turns.pass();
      }
    };
    return new Proxy(client, {
      get(target, prop) {
        if (prop === 'query') return query;
        if (prop === 'release') return release;
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };

  /**
   * A connection from the pool. Right after the connection was lost, the socket server may still count it and
   * refuse the new one for a moment: that is retried, a time-out is not.
   */
  const acquire = async (): Promise<pg.PoolClient> => {
    await turns.take();
    try {
      return await connectOnTurn();
    } catch (e) {
      turns.pass();
      throw e;
    }
  };
  const connectOnTurn = async (): Promise<pg.PoolClient> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const client = await pool.connect();
        if (!isClosed(client)) return client;
        // lost while idle in the pool, before pg noticed: drop it, so no statement is sent into a closed socket
        client.release(new Error('the embedded database connection was closed'));
        if (attempt >= 5) throw new Error('the embedded database connection was closed');
      } catch (e) {
        if (attempt >= 5 || /timeout/i.test((e as Error).message)) throw e;
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
      }
    }
  };

  function connect(): Promise<pg.PoolClient>;
  function connect(cb: (err: Error | undefined, client?: pg.PoolClient, done?: Done) => void): void;
  function connect(
    cb?: (err: Error | undefined, client?: pg.PoolClient, done?: Done) => void,
  ): Promise<pg.PoolClient> | void {
    const leasing = acquire().then(leased);
    if (!cb) return leasing;
    leasing.then(
      (c) => cb(undefined, c, (err) => c.release(err)),
      (e: Error) => cb(e),
    );
  }

  const query: QueryFn = async (text, params) => {
    const client = await connect();
    try {
      return await client.query(text, params);
    } finally {
      client.release();
    }
  };

  const driver = {
    ...pg,
    Pool: function SharedPool() {
      const proxy: pg.Pool = new Proxy(pool, {
        get(target, prop) {
          if (prop === 'end') return (cb?: () => void) => (cb ? cb() : Promise.resolve());
          if (prop === 'query') return query;
          if (prop === 'connect') return connect;
          // Each DataSource adds an error listener and never removes it (its end() is a no-op here): the pool's
          // own listener logs the errors, so theirs are not added.
          if (prop === 'on')
            return (event: string, fn: (...a: unknown[]) => void) => {
              if (event !== 'error') target.on(event as 'connect', fn);
              return proxy;
            };
          const value = Reflect.get(target, prop) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      return proxy;
    },
  };

  const queueConnection = {
    query,
    end: async () => undefined,
    on() {
      return this;
    },
    removeAllListeners() {
      return this;
    },
    connect: async () => {
      const ee = new EventEmitter();
      const forward = (m: unknown) => ee.emit('notification', m);
      notify.on('notification', forward);
      listeners.add(ee);
      return Object.assign(ee, {
        query,
        release() {
          notify.off('notification', forward);
          listeners.delete(ee);
        },
        removeAllListeners(event?: string | symbol) {
          EventEmitter.prototype.removeAllListeners.call(ee, event);
          return ee;
        },
      });
    },
  };

  return {
    driver,
    queueConnection,
    query,
    connect: () => connect(),
    end: async () => {
      if (watchdog) clearInterval(watchdog);
      listeners.clear();
      await pool.end();
    },
  };
}
