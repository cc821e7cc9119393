// A second process on a data folder in use: `npm run migrate` and a service's own process stop before they
// touch the embedded database, naming the process that holds the folder. (Needs the servers' build.)
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { lockDataFolder, type DataLock } from '@agora/common';
import { testIdentityEnv } from '@agora/common/testing';
import { runScript } from './support/processes.js';

let dir: string;
let lock: DataLock;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agora-e2e-lock-'));
  lock = await lockDataFolder(dir);
});
afterAll(async () => {
  await lock?.release();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it.each([
  ['npm run migrate', 'scripts/migrate.mjs'],
  ["the library service's own process", 'services/library/dist/main.js'],
])('%s stops with a message naming the holder', async (_what, script) => {
  const p = runScript(script, {
    AGORA_DATA_DIR: dir,
    DATABASE_URL: '',
    REDIS_URL: '',
    ...testIdentityEnv('library'),
    LOG_LEVEL: 'silent',
  });
  const [code] = (await once(p.child, 'exit')) as [number | null];
  expect(code).not.toBe(0);
  expect(p.output()).toContain(
    `the data folder ${dir} is in use by another Agora process: pid ${process.pid}`,
  );
  expect(p.output()).toContain(`(${path.basename(process.argv0 || process.execPath)} `);
});
