// `node scripts/backup.mjs [--out DIR]`: backs up the whole platform (every service's schema with pg_dump, and
// both areas of the file store) into a new folder agora-backup-<UTC time> below DIR (BACKUP_DIR, else ./backups).
// Reads DATABASE_URL and the file store's settings (AGORA_DATA_DIR, STORAGE_DIR, STORAGE_PRIVATE_DIR, and
// STORAGE_S3_* where the store supports them) as the services do. Needs pg_dump of the server's major version or
// newer. Keeps the newest BACKUP_KEEP backups below DIR when it is set. See docs/deployment.md.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { backupPlatform } from './lib/backup.mjs';
import { databaseUrl, fail, fileStores, option } from './lib/backup-env.mjs';

const env = process.env;
const outDir = path.resolve(option('out') ?? (env.BACKUP_DIR || 'backups'));
const keep = env.BACKUP_KEEP ? Number(env.BACKUP_KEEP) : undefined;
if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1))
  fail('BACKUP_KEEP: a whole number, 1 or more');

const { dir, manifest } = await backupPlatform({
  databaseUrl: databaseUrl(env),
  stores: await fileStores(env),
  outDir,
  log: (m) => console.log(m),
}).catch((e) => fail(`backup failed: ${e.message}`));
console.log(`backup written: ${dir} (${manifest.files.public.length + manifest.files.private.length} files)`);

if (keep !== undefined) {
  const backups = (await readdir(outDir)).filter((n) => /^agora-backup-\d{8}T\d{6}Z$/.test(n)).sort();
  for (const old of backups.slice(0, -keep)) {
    await rm(path.join(outDir, old), { recursive: true, force: true });
    console.log(`removed the older backup ${old}`);
  }
}
