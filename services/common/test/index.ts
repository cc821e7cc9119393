import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { IdentitySigner, ServiceName, SessionUser } from '@agora/contracts';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  createInfra,
  createLogger,
  createServiceApp,
  dataSourceOptions,
  migrateService,
  type AuditHashedFields,
  type DatabaseTimeouts,
  type Infra,
  type ServiceConfig,
  type ServiceDefinition,
  type ServiceStorage,
} from '@agora/common';
import {
  exportKey,
  IDENTITY_SIGNERS,
  keyVariable,
  signServiceIdentity,
  signUserIdentity,
  type TrustedKeys,
} from '@agora/identity';

/** A port of the loopback interface nothing listens on (it was free a moment ago): a service that is down. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** The server that integration tests create their fresh databases on (a maintenance database URL). */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  url: string;
  name: string;
  /** Runs one statement on the test database (for seeding and for checking what was written). */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/** Serialises the creation of the template database among jest workers and concurrent test runs. */
const TEMPLATE_LOCK = 0x61676f72; // 'agor'

/**
 * The name of a database holding nothing but PostGIS, created once per server and PostGIS version: copying it is
 * about three times faster than creating the extension in every test database (which loads its whole catalogue).
 * It is built under a temporary name and renamed when complete, so an interrupted build leaves no half template.
 */
async function postgisTemplate(admin: pg.Client, server: string): Promise<string> {
  const version = await admin.query<{ v: string | null }>(
    `SELECT default_version AS v FROM pg_available_extensions WHERE name = 'postgis'`,
  );
  const template = `agora_test_template_postgis_${(version.rows[0]?.v ?? 'none').replace(/\W/g, '_')}`;
  const exists = async (): Promise<boolean> =>
    (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rows.length > 0;
  if (await exists()) return template;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    if (await exists()) return template;
    const building = `${template}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE "${building}"`);
    const url = new URL(server);
    url.pathname = `/${building}`;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      await db.query('CREATE EXTENSION IF NOT EXISTS postgis');
    } finally {
      await db.end();
    }
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    return template;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/** Creates a new, empty database (with PostGIS) for one test file; `drop()` removes it. */
export async function createTestDatabase(prefix = 'agora_test'): Promise<TestDatabase> {
  const server = testServerUrl();
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    const template = await postgisTemplate(admin, server);
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    query: async <R>(sql: string, params?: unknown[]) => {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        return (await c.query(sql, params)).rows as R[];
      } finally {
        await c.end();
      }
    },
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A fresh database for the tests of one service's migrations and schema. */
export interface MigrationTestBed {
  db: TestDatabase;
  infra: Infra;
  /** Runs the service's pending migrations; answers their names. */
  migrate(): Promise<string[]>;
  /** A data source on the service's schema, opened at the first call (closed by `close()`). */
  dataSource(): Promise<DataSource>;
  /** The schema's tables but TypeORM's `migrations`, by name; with `among`, only those (needs `dataSource()`). */
  tables(among?: readonly string[]): Promise<string[]>;
  close(): Promise<void>;
}

/** Creates an empty database (named from `prefix`) with the infrastructure of `storage`'s service on it. */
export async function createMigrationTestBed(
  storage: ServiceStorage,
  prefix: string,
): Promise<MigrationTestBed> {
  const db = await createTestDatabase(prefix);
  let infra: Infra;
  try {
    infra = await createInfra({ databaseUrl: db.url, dataDir: 'data', queuePrefix: 'test' });
  } catch (e) {
    await db.drop();
    throw e;
  }
  let ds: DataSource | undefined;
  const opened = (): DataSource => {
    if (!ds) throw new Error('open the data source with dataSource() first');
    return ds;
  };
  return {
    db,
    infra,
    migrate: () => migrateService(infra, storage),
    dataSource: async () => (ds ??= await new DataSource(dataSourceOptions(infra, storage)).initialize()),
    tables: async (among) => {
      const rows = (await opened().query(
        `SELECT table_name FROM information_schema.tables
         WHERE table_schema = $1 AND table_name <> 'migrations' AND ($2::text[] IS NULL OR table_name = ANY($2))
         ORDER BY 1`,
        [storage.schema, among ?? null],
      )) as Array<{ table_name: string }>;
      return rows.map((r) => r.table_name);
    },
    close: async () => {
      await ds?.destroy();
      await infra.close();
      await db.drop();
    },
  };
}

/** Removes the keys a test run left in Redis (queues under its unique prefix). */
export async function deleteRedisKeys(redisUrl: string, pattern: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A logged-in administrator, as the gateway forwards users. */
export const TEST_ADMIN: SessionUser = {
  uuid: '6f1c7a52-6a43-4d8f-9f0e-1f2b3c4d5e6f',
  username: 'admin',
  firstname: 'A',
  lastname: 'B',
  email: 'admin@example.org',
  role: 'admin',
};

/** One Ed25519 key pair per signer (the gateway and each service), made for this test run. */
export const TEST_KEYS: Readonly<Record<IdentitySigner, { privateKey: KeyObject; publicKey: KeyObject }>> =
  Object.fromEntries(IDENTITY_SIGNERS.map((s) => [s, generateKeyPairSync('ed25519')])) as Record<
    IdentitySigner,
    { privateKey: KeyObject; publicKey: KeyObject }
  >;

/** The identity settings of `service` in tests: it knows every signer's public key and holds its own private key. */
export function testIdentityConfig(service: ServiceName): ServiceConfig['identity'] {
  const keys: TrustedKeys = {};
  for (const s of IDENTITY_SIGNERS) keys[s] = TEST_KEYS[s].publicKey;
  return { keys, privateKey: TEST_KEYS[service].privateKey };
}

/** The same as environment variables (base64 DER), for code that reads its configuration from the environment. */
export function testIdentityEnv(service: ServiceName): Record<string, string> {
  const env: Record<string, string> = {
    [keyVariable(service, 'private')]: exportKey(TEST_KEYS[service].privateKey),
  };
  for (const s of IDENTITY_SIGNERS) env[keyVariable(s, 'public')] = exportKey(TEST_KEYS[s].publicKey);
  return env;
}

/** Who a test identity stands for: a visitor's session and address, or (`sys`) a calling service. */
export interface TestIdentityOptions {
  sid?: string;
  ip?: string;
  sys?: IdentitySigner;
}

/**
 * A signed identity header value for `audience`: the user's (null = anonymous visitor) as the gateway signs it,
 * or with `sys` the service identity of that caller, signed with the caller's own key.
 */
export function testIdentity(
  audience: ServiceName,
  user: SessionUser | null,
  opts: TestIdentityOptions = {},
): string {
  if (opts.sys) return signServiceIdentity(TEST_KEYS[opts.sys].privateKey, opts.sys, audience);
  return signUserIdentity(TEST_KEYS.gateway.privateKey, audience, {
    user,
    sid: opts.sid ?? null,
    ip: opts.ip,
  });
}

export function testRedisUrl(): string {
  return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
}

export interface TestService {
  app: NestExpressApplication;
  infra: Infra;
  db: TestDatabase;
  config: ServiceConfig;
  /** A signed identity header value for this service (see `testIdentity`). */
  identity(user: SessionUser | null, opts?: TestIdentityOptions): string;
  close(): Promise<void>;
}

/** The config of a service under test: loopback, any port, silent logs. */
function testServiceConfig(
  name: ServiceDefinition['name'],
  database: ServiceConfig['database'],
  queue: ServiceConfig['queue'],
  dataDir = 'data',
): ServiceConfig {
  return {
    service: name,
    http: { host: '127.0.0.1', port: 0, checkResponses: true },
    database,
    queue,
    identity: testIdentityConfig(name),
    dataDir,
    log: { level: 'silent' },
    migrateOnStart: false,
  };
}

/**
 * Boots one service against a fresh database on the real Postgres, with its real migrations, and (when
 * `redis` is true) queues on the real Redis under a unique prefix.
 */
export async function bootTestService(
  def: ServiceDefinition,
  opts: { redis?: boolean; env?: Record<string, string>; timeouts?: DatabaseTimeouts } = {},
): Promise<TestService> {
  const db = await createTestDatabase(`agora_${def.name}`);
  const prefix = `test-${randomBytes(4).toString('hex')}`;
  const redisUrl = opts.redis ? testRedisUrl() : undefined;
  const infra = await createInfra({
    databaseUrl: db.url,
    redisUrl,
    dataDir: 'data',
    queuePrefix: prefix,
    timeouts: opts.timeouts,
  });
  // the service's own data folder (its default file store), removed with it: tests never write to ./data
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `agora-test-${def.name}-`));
  const config = testServiceConfig(
    def.name,
    { url: db.url, timeouts: opts.timeouts },
    { redisUrl, prefix },
    dataDir,
  );
  let app: NestExpressApplication;
  try {
    await migrateService(infra, def.storage);
    app = await createServiceApp(def, { config, infra, logger: createLogger(def.name, 'silent') });
  } catch (e) {
    await infra.close();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    app,
    infra,
    db,
    config,
    identity: (user, o) => testIdentity(def.name, user, o),
    close: async () => {
      await app.close();
      await infra.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
      if (opts.redis) await deleteRedisKeys(testRedisUrl(), `${prefix}:*`);
    },
  };
}

export type EmbeddedTestService = Omit<TestService, 'db'> & { dataDir: string };

/**
 * Boots one service on the embedded database (PGlite + PostGIS, queues on it) in a new data folder, as
 * `npm start` runs it; `close()` removes the folder. The first start of a folder takes 10-50 s.
 */
export async function bootEmbeddedTestService(
  def: ServiceDefinition,
  opts: { timeouts?: DatabaseTimeouts } = {},
): Promise<EmbeddedTestService> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `agora-embedded-${def.name}-`));
  let infra: Infra | undefined;
  let app: NestExpressApplication;
  const config = testServiceConfig(def.name, { timeouts: opts.timeouts }, { prefix: 'test' }, dataDir);
  try {
    infra = await createInfra({ dataDir, queuePrefix: 'test', timeouts: opts.timeouts });
    await migrateService(infra, def.storage);
    app = await createServiceApp(def, { config, infra, logger: createLogger(def.name, 'silent') });
  } catch (e) {
    await infra?.close();
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    app,
    infra,
    config,
    dataDir,
    identity: (user, o) => testIdentity(def.name, user, o),
    close: async () => {
      await app.close();
      await infra.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export { runScheduledNow } from './scheduler.js';
export { startTestS3Server, type TestS3Server } from './s3-server.js';

/** An entry of a service's audit log as the tests read it back (decision 0084): its fields but the time. */
export type AuditRow = Omit<AuditHashedFields, 'at'>;

/** The entries of `schema`'s audit log, oldest first. */
export function auditEntries(db: TestDatabase, schema: ServiceName): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `SELECT l.id::text AS id, l.actor_uuid::text AS actor_uuid, l.actor_username, l.actor_role, l.ip, l.request_id,
            l.action, l.object_type, l.object_id, l.before, l.after, l.detail
       FROM ${schema}.audit_log l ORDER BY l.id`,
  );
}
