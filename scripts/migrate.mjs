// `npm run migrate`: applies every service's pending migrations to DATABASE_URL (or the embedded database).
// `npm run migrate -- --revert <service>` reverts that service's last migration.
import { loadDefinition, migrateAll, openCommandInfra } from './lib/stack.mjs';

const env = { ...process.env };
const common = await import('@agora/common');
const infra = await openCommandInfra(env, { log: console.log });
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
