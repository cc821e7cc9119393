// `npm run audit:check`: verifies every service's audit log (decision 0084) on DATABASE_URL (or the embedded
// database in AGORA_DATA_DIR, ./data by default): each entry's hash, and its link to the entry before it, from the
// anchor that the retention left. Prints each log's state and the first broken entry; exits 1 when a log is broken,
// 2 when the database cannot be read.
import { SERVICES } from '@agora/contracts';
import { openCommandInfra } from './lib/stack.mjs';

const env = { ...process.env };
const common = await import('@agora/common');
const { DataSource } = await import('typeorm');

const REASONS = {
  altered: 'its fields are not those its hash was made of (the entry was changed)',
  link: 'it does not chain to the entry before it (an entry before it was removed or changed, or this one put in)',
};

const infra = await openCommandInfra(env, { exitCode: 2 });
let broken = 0;
try {
  const ds = await new DataSource(
    common.dataSourceOptions(infra, { schema: 'public', entities: [], migrations: [] }, { unlimited: true }),
  ).initialize();
  try {
    for (const schema of SERVICES) {
      if (!(await common.hasAuditLog(ds, schema))) {
        console.log(`${schema}: no audit log (its migrations have not run)`);
        continue;
      }
      const result = await common.verifyAuditLog(ds, schema);
      if (result.broken) {
        broken++;
        const b = result.broken;
        console.log(
          `${schema}: BROKEN at entry ${b.id} (${b.action}, ${b.at}): ${REASONS[b.reason]}; ` +
            `${result.entries} entries before it are sound`,
        );
      } else {
        console.log(`${schema}: ${result.entries} entries sound, head ${result.head}`);
      }
    }
  } finally {
    await ds.destroy();
  }
} catch (e) {
  console.error(`the audit logs cannot be read: ${e instanceof Error ? e.message : e}`);
  await infra.close();
  process.exit(2);
}
await infra.close();
process.exit(broken > 0 ? 1 : 0);
