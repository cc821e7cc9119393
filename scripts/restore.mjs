// `node scripts/restore.mjs --from DIR` (or RESTORE_FROM=DIR, as the restore Job gives it): restores a backup
// folder written by scripts/backup.mjs into an empty deployment: DATABASE_URL without Agora's schemas (a new
// database; PostGIS is created when missing) and empty file stores (AGORA_DATA_DIR, STORAGE_DIR,
// STORAGE_PRIVATE_DIR, STORAGE_S3_* as the services read them). Checks the backup against its manifest and refuses
// a non-empty target before changing anything. Start the services after it; they apply any newer migrations
// (npm run migrate) as after an upgrade. See docs/deployment.md.
import path from 'node:path';
import { restorePlatform } from './lib/backup.mjs';
import { databaseUrl, fail, fileStores, option } from './lib/backup-env.mjs';

const from = option('from') ?? process.env.RESTORE_FROM;
if (!from) fail('usage: node scripts/restore.mjs --from <backup folder> (or RESTORE_FROM=<backup folder>)');
const { manifest, files } = await restorePlatform({
  databaseUrl: databaseUrl(process.env),
  stores: await fileStores(process.env),
  fromDir: path.resolve(from),
  log: (m) => console.log(m),
}).catch((e) => fail(`restore failed: ${e.message}`));
console.log(`restored the backup of ${manifest.created} (${files.public + files.private} files)`);
