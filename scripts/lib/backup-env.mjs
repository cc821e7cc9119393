// The settings of `scripts/backup.mjs` and `scripts/restore.mjs`, from the environment the services read.
import path from 'node:path';
import { localFileStore } from './backup.mjs';

const S3_VARIABLES = ['ENDPOINT', 'BUCKET', 'REGION', 'ACCESS_KEY', 'SECRET_KEY'].map(
  (v) => `STORAGE_S3_${v}`,
);

/** Stops the process with a message naming what is wrong. */
export function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The value after `--name` on the command line, or undefined. */
export function option(name) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** The PostgreSQL server of the deployment (DATABASE_URL); the embedded database is backed up by copying its folder. */
export function databaseUrl(env) {
  const url = env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    fail(
      'DATABASE_URL: the postgres:// URL of the deployment (the embedded database of npm start: stop it and copy AGORA_DATA_DIR)',
    );
  return url;
}

/**
 * Both areas of the file store, as the services configure them: the common store of services/common when it is
 * built (a folder or the S3-compatible object store, @agora/common/storage), else the two folders
 * STORAGE_DIR and STORAGE_PRIVATE_DIR with the services' defaults.
 */
export async function fileStores(env) {
  const dataDir = env.AGORA_DATA_DIR || 'data';
  const common = await import('@agora/common/storage').catch(() => null);
  if (common?.createFileStorage && common?.loadStorageConfig) {
    const config = common.loadStorageConfig('backup', env, dataDir);
    return {
      public: common.createFileStorage(config, 'public'),
      private: common.createFileStorage(config, 'private'),
    };
  }
  if (S3_VARIABLES.some((v) => env[v])) fail('STORAGE_S3_*: this build stores files in folders only');
  const dir = path.resolve(env.STORAGE_DIR || path.join(dataDir, 'files', 'library'));
  return {
    public: localFileStore(dir),
    private: localFileStore(env.STORAGE_PRIVATE_DIR || `${dir}-private`),
  };
}
