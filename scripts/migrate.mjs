// `npm run migrate`: applies every service's pending migrations to DATABASE_URL (or the embedded database).
// `npm run migrate -- --revert <service>` reverts that service's last migration.
import path from 'node:path';
import { loadDefinition, migrateAll, ROOT } from './lib/stack.mjs';

const env = { ...process.env };
const common = await import('@agora/common');
const infra = await common
  .createInfra({
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    dataDir: env.AGORA_DATA_DIR || path.join(ROOT, 'data'),
    queuePrefix: 'agora',
    timeouts: common.loadDatabaseTimeouts(env),
    log: console.log,
  })
  .catch((e) => {
    // e.g. the embedded database's folder is in use by a running `npm start`
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
try {
  const revert = process.argv.indexOf('--revert');
  if (revert >= 0) {
    const name = process.argv[revert + 1];
    await common.revertServiceMigration(infra, (await loadDefinition(name, env)).storage);
    console.log(`${name}: reverted the last migration`);
  } else {
    await migrateAll(env, infra, console.log);
  }
} finally {
  await infra.close();
}
