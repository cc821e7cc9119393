import { DataSource, type DataSourceOptions, type EntitySchema, type MigrationInterface } from 'typeorm';
import type { Infra } from '../infra/infra.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type EntityClass = Function | EntitySchema;
export type MigrationClass = new () => MigrationInterface;

/** What a service declares about its storage. */
export interface ServiceStorage {
  /** Postgres schema = DataSource name = service name. */
  schema: string;
  entities: EntityClass[];
  migrations: MigrationClass[];
}

/** DataSource options for one service's schema on the given infrastructure. Never `synchronize`. */
export function dataSourceOptions(
  infra: Infra,
  storage: ServiceStorage,
  opts: { unlimited?: boolean } = {},
): DataSourceOptions {
  return {
    ...infra.typeorm(opts),
    name: storage.schema,
    schema: storage.schema,
    entities: storage.entities,
    migrations: storage.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
  } as DataSourceOptions;
}

/**
 * Creates the schema (TypeORM puts its migrations table in it) and runs pending migrations, with no statement
 * time-out: a migration may rewrite a large table.
 */
export async function migrateService(infra: Infra, storage: ServiceStorage): Promise<string[]> {
  const ds = await new DataSource(dataSourceOptions(infra, storage, { unlimited: true })).initialize();
  try {
    await ds.query(`CREATE SCHEMA IF NOT EXISTS "${storage.schema}"`);
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}

/** Reverts the last migration of a service (used by `npm run migrate -- --revert <service>`). */
export async function revertServiceMigration(infra: Infra, storage: ServiceStorage): Promise<void> {
  const ds = await new DataSource(dataSourceOptions(infra, storage, { unlimited: true })).initialize();
  try {
    await ds.undoLastMigration({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }
}
