import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@agora/common/testing';
import { startAllInOne } from '../../scripts/lib/stack.mjs';

/** A whole Agora site in this process (one-process mode) on a fresh database and data folder. */
export interface TestSite {
  url: string;
  db: TestDatabase;
  dataDir: string;
  /** stops the site, drops its database and removes its data folder */
  stop(): Promise<void>;
}

/**
 * Starts the site on a fresh database `agora_e2e_<name>`, real Redis (own queue prefix), mail to a closed port
 * unless `env` says otherwise, the admin's password `adminPassword`, and any free port.
 */
export async function startTestSite(
  name: string,
  adminPassword: string,
  env: Record<string, string> = {},
): Promise<TestSite> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `agora-e2e-${name}-`));
  const db = await createTestDatabase(`agora_e2e_${name.replace(/\W/g, '_')}`);
  const siteEnv = testSiteEnv(name, adminPassword, db.url, dataDir, env);
  try {
    const stack = (await startAllInOne({ env: { ...process.env, ...siteEnv } })) as {
      url: string;
      stop(): Promise<void>;
    };
    return {
      url: stack.url,
      db,
      dataDir,
      stop: async () => {
        await stack.stop();
        await db.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
}

/** The environment of a test site (also for one started as its own process with `scripts/start.mjs`). */
export function testSiteEnv(
  name: string,
  adminPassword: string,
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `e2e-${name}-${Date.now().toString(36)}`,
    SMTP_URL: 'smtp://127.0.0.1:9',
    AGORA_ADMIN_PASSWORD: adminPassword,
    AGORA_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // every answer is checked against its route's declared schema (a mismatch is a 500 the tests see)
    CHECK_RESPONSES: 'true',
    PORT: '0', // the site binds any free port and reports it
    ...env,
  };
}
