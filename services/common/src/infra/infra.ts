import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { runMigrations as runQueueMigrations, createPostgresBackend, setDefaultBackendFactory } from 'bullmq';
import type { ConnectionOptions } from 'bullmq';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from '../config/config.js';
import { lockDataFolder, type DataLock } from './data-lock.js';
import { createSharedConnection } from './shared-connection.js';

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
  /** Statement and idle-in-transaction time-outs (defaults: `DEFAULT_DATABASE_TIMEOUTS`). */
  timeouts?: DatabaseTimeouts;
  log?: (message: string) => void;
}

/** What TypeORM needs beyond entities and migrations to open a DataSource. */
export interface TypeOrmConnectionOptions {
  type: 'postgres';
  url: string;
  /** A pg module stand-in: every DataSource shares the single embedded connection. */
  driver?: unknown;
  poolSize?: number;
  /** pg connection settings (the time-outs, sent when a connection opens). */
  extra?: Record<string, unknown>;
}

export interface Infra {
  mode: InfraMode;
  queueBackend: 'redis' | 'postgres';
  /** The URL TypeORM connects to (the embedded socket server in the embedded mode). */
  databaseUrl: string;
  /** `unlimited`: no statement time-out (migrations). */
  typeorm(opts?: { unlimited?: boolean }): TypeOrmConnectionOptions;
  /** Connection for BullMQ queues and workers (Redis options, or a Postgres pool stand-in). */
  bullConnection: ConnectionOptions;
  queuePrefix: string;
  close(): Promise<void>;
}

/** The time-outs as pg connection settings: the server applies them to each session. */
function sessionTimeouts(t: DatabaseTimeouts, unlimited = false): Record<string, number> {
  return {
    statement_timeout: unlimited ? 0 : t.statementTimeoutMs,
    idle_in_transaction_session_timeout: t.idleInTransactionTimeoutMs,
  };
}

/**
 * Creates the process-wide infrastructure once, before any Nest app boots.
 * Embedded mode: one PGlite (with PostGIS) served over the Postgres wire protocol to exactly ONE pg connection
 * that every DataSource and BullMQ share (a second connection corrupts the protocol stream of pglite-socket).
 */
export async function createInfra(options: InfraOptions): Promise<Infra> {
  const log = options.log ?? (() => undefined);
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  let infra: Infra;
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    infra = {
      mode: 'postgres',
      queueBackend: 'postgres',
      databaseUrl: url,
      typeorm: (o) => ({
        type: 'postgres',
        url,
        poolSize: options.poolSize ?? 10,
        extra: sessionTimeouts(timeouts, o?.unlimited),
      }),
      bullConnection: {
        connectionString: url,
        migrate: true,
        schema: 'bullmq',
        ...sessionTimeouts(timeouts),
      } as unknown as ConnectionOptions,
      queuePrefix: options.queuePrefix,
      close: async () => undefined,
    };
  } else {
    infra = await createEmbeddedInfra(options, timeouts, log);
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

/**
 * Settings of the embedded database on top of PGlite's own. Its shared buffers live in the process's WebAssembly
 * memory and are touched when it starts: at PostgreSQL's default of 128 MB they were the largest part of the
 * process's memory that depends on a setting, and they duplicate the operating system's cache of the same data
 * folder. 32 MB holds the demo's and a small municipality's working set (bench/one-process.mjs, docs/performance.md).
 */
export const EMBEDDED_DATABASE_SETTINGS = ['shared_buffers=32MB'];

async function createEmbeddedInfra(
  options: InfraOptions,
  timeouts: DatabaseTimeouts,
  log: (m: string) => void,
): Promise<Infra> {
  // PGlite does not guard its folder: a second process on it would corrupt it. The lock comes first.
  const lock = await lockDataFolder(options.dataDir);
  try {
    return await openEmbeddedDatabase(options, timeouts, log, lock);
  } catch (e) {
    await lock.release();
    throw e;
  }
}

async function openEmbeddedDatabase(
  options: InfraOptions,
  timeouts: DatabaseTimeouts,
  log: (m: string) => void,
  lock: DataLock,
): Promise<Infra> {
  const dataDir = path.resolve(options.dataDir, 'pglite');
  await mkdir(dataDir, { recursive: true });
  const started = Date.now();
  const { PGlite } = await import('@electric-sql/pglite');
  const { postgis } = await import('@electric-sql/pglite-postgis');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create({
    dataDir,
    extensions: { postgis },
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_DATABASE_SETTINGS.flatMap((s) => ['-c', s])],
  });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;

  const shared = createSharedConnection(url, {
    waitTimeoutMs: timeouts.statementTimeoutMs,
    idleTimeoutMs: timeouts.idleInTransactionTimeoutMs,
    // PGlite ignores startup options, so the path is set on the connection itself.
    sessionSetup: ['SET search_path TO bullmq, public'],
    log,
  });

  const migrator = await shared.connect();
  try {
    await migrator.query('CREATE EXTENSION IF NOT EXISTS postgis WITH SCHEMA public');
    await runQueueMigrations(migrator, 'bullmq');
  } finally {
    migrator.release();
  }

  log(`embedded database ready in ${Date.now() - started} ms (${dataDir})`);

  return {
    mode: 'embedded',
    queueBackend: 'postgres',
    databaseUrl: url,
    typeorm: () => ({ type: 'postgres', url, driver: shared.driver }),
    bullConnection: shared.queueConnection as unknown as ConnectionOptions,
    queuePrefix: options.queuePrefix,
    close: async () => {
      await shared.end();
      await server.stop();
      await db.close();
      await lock.release();
    },
  };
}
