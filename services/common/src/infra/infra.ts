import { EventEmitter } from 'node:events';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { runMigrations as runQueueMigrations, createPostgresBackend, setDefaultBackendFactory } from 'bullmq';
import type { ConnectionOptions } from 'bullmq';
import { lockDataFolder, type DataLock } from './data-lock.js';

/** How the process reaches its database and queues. */
export type InfraMode = 'embedded' | 'postgres';

export interface InfraOptions {
  /** A real Postgres server; absent → the embedded PGlite+PostGIS database in `dataDir`. */
  databaseUrl?: string;
  /** A real Redis for queues; absent → BullMQ's Postgres backend on the database above. */
  redisUrl?: string;
  /** Where the embedded database keeps its files. */
  dataDir: string;
  /** Queue key prefix (Redis) — lets several runs share one Redis. */
  queuePrefix: string;
  /** Pool size per DataSource on a real Postgres. */
  poolSize?: number;
  log?: (message: string) => void;
}

/** What TypeORM needs beyond entities and migrations to open a DataSource. */
export interface TypeOrmConnectionOptions {
  type: 'postgres';
  url: string;
  /** A pg module stand-in: every DataSource shares the single embedded connection. */
  driver?: unknown;
  poolSize?: number;
}

export interface Infra {
  mode: InfraMode;
  queueBackend: 'redis' | 'postgres';
  /** The URL TypeORM connects to (the embedded socket server in the embedded mode). */
  databaseUrl: string;
  typeorm(): TypeOrmConnectionOptions;
  /** Connection for BullMQ queues and workers (Redis options, or a Postgres pool stand-in). */
  bullConnection: ConnectionOptions;
  queuePrefix: string;
  close(): Promise<void>;
}

type QueryFn = (text: string, params?: unknown[]) => Promise<pg.QueryResult>;

/**
 * Creates the process-wide infrastructure once, before any Nest app boots.
 * Embedded mode: one PGlite (with PostGIS) served over the Postgres wire protocol to exactly ONE pg connection
 * that every DataSource and BullMQ share (a second connection corrupts the protocol stream of pglite-socket).
 */
export async function createInfra(options: InfraOptions): Promise<Infra> {
  const log = options.log ?? (() => undefined);
  let infra: Infra;
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    infra = {
      mode: 'postgres',
      queueBackend: 'postgres',
      databaseUrl: url,
      typeorm: () => ({ type: 'postgres', url, poolSize: options.poolSize ?? 10 }),
      bullConnection: {
        connectionString: url,
        migrate: true,
        schema: 'bullmq',
      } as unknown as ConnectionOptions,
      queuePrefix: options.queuePrefix,
      close: async () => undefined,
    };
  } else {
    infra = await createEmbeddedInfra(options, log);
  }
  if (options.redisUrl) {
    const u = new URL(options.redisUrl);
    infra.queueBackend = 'redis';
    infra.bullConnection = {
      host: u.hostname,
      port: Number(u.port) || 6379,
      username: u.username || undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
      maxRetriesPerRequest: null,
    };
    setDefaultBackendFactory(undefined);
  } else {
    // BullMQ on Postgres: read whenever a Queue, Worker or QueueEvents is constructed (process-wide).
    setDefaultBackendFactory(createPostgresBackend as Parameters<typeof setDefaultBackendFactory>[0]);
  }
  return infra;
}

async function createEmbeddedInfra(options: InfraOptions, log: (m: string) => void): Promise<Infra> {
  // PGlite does not guard its folder: a second process on it would corrupt it. The lock comes first.
  const lock = await lockDataFolder(options.dataDir);
  try {
    return await openEmbeddedDatabase(options, log, lock);
  } catch (e) {
    await lock.release();
    throw e;
  }
}

async function openEmbeddedDatabase(
  options: InfraOptions,
  log: (m: string) => void,
  lock: DataLock,
): Promise<Infra> {
  const dataDir = path.resolve(options.dataDir, 'pglite');
  await mkdir(dataDir, { recursive: true });
  const started = Date.now();
  const { PGlite } = await import('@electric-sql/pglite');
  const { postgis } = await import('@electric-sql/pglite-postgis');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create({ dataDir, extensions: { postgis } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;

  const shared = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0 });
  const notify = new EventEmitter();
  notify.setMaxListeners(200);
  let connects = 0;
  shared.on('connect', (client) => {
    connects += 1;
    if (connects > 1)
      log('warning: the embedded database connection was re-opened; restart the process if queues stall');
    // PGlite ignores startup options, so the path is set on the connection itself.
    void client.query('SET search_path TO bullmq, public');
    client.on('notification', (m) => notify.emit('notification', m));
  });
  shared.on('error', (e) => log(`embedded database connection error: ${e.message}`));

  // pool.query() destroys its connection when a statement fails; on the single connection that loses the
  // session state, so every query goes through connect()/release().
  const safeQuery: QueryFn = async (text, params) => {
    const client = await shared.connect();
    try {
      return await client.query(text, params);
    } finally {
      client.release();
    }
  };

  const driver = {
    ...pg,
    Pool: function SharedPool() {
      return new Proxy(shared, {
        get(target, prop) {
          if (prop === 'end') return (cb?: () => void) => (cb ? cb() : Promise.resolve());
          if (prop === 'query') return safeQuery;
          const value = Reflect.get(target, prop) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
  };

  const migrator = await shared.connect();
  try {
    await migrator.query('CREATE EXTENSION IF NOT EXISTS postgis WITH SCHEMA public');
    await runQueueMigrations(migrator, 'bullmq');
  } finally {
    migrator.release();
  }

  const bullConnection = {
    query: safeQuery,
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
      return Object.assign(ee, {
        query: safeQuery,
        release() {
          notify.off('notification', forward);
        },
        removeAllListeners(event?: string | symbol) {
          EventEmitter.prototype.removeAllListeners.call(ee, event);
          return ee;
        },
      });
    },
  };
  log(`embedded database ready in ${Date.now() - started} ms (${dataDir})`);

  return {
    mode: 'embedded',
    queueBackend: 'postgres',
    databaseUrl: url,
    typeorm: () => ({ type: 'postgres', url, driver }),
    bullConnection: bullConnection as unknown as ConnectionOptions,
    queuePrefix: options.queuePrefix,
    close: async () => {
      await shared.end();
      await server.stop();
      await db.close();
      await lock.release();
    },
  };
}
