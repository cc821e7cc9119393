import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInfra } from './infra.js';
import { DATA_LOCK_FILE, DataFolderInUseError, lockDataFolder } from './data-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agora-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes a lock file naming `pid` on this host as the holder since `since`. */
async function writeLock(pid: number, since = new Date().toISOString()): Promise<void> {
  const holder = { pid, host: os.hostname(), command: 'node scripts/start.mjs', since };
  await writeFile(path.join(dir, DATA_LOCK_FILE), JSON.stringify(holder));
}

/** Another process (a sleeping node) that holds the folder's lock, as a running `npm start` would. */
async function otherHolder(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'scripts/start.mjs'], {
    stdio: 'ignore',
  });
  await once(child, 'spawn');
  await writeLock(child.pid!);
  return child;
}

async function killed(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL');
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
}

it('records the holder: pid, host and command', async () => {
  const lock = await lockDataFolder(dir);
  const holder = JSON.parse(await readFile(lock.file, 'utf8'));
  expect(holder).toMatchObject({ pid: process.pid, host: os.hostname() });
  expect(holder.command).toEqual(expect.any(String));
  await lock.release();
  expect(existsSync(lock.file)).toBe(false);
});

it('refuses a second opener of the same folder, naming the holder, until the first releases it', async () => {
  const first = await lockDataFolder(dir);
  const second = lockDataFolder(dir);
  await expect(second).rejects.toThrow(DataFolderInUseError);
  await expect(second).rejects.toThrow(`pid ${process.pid} on ${os.hostname()}`);
  await first.release();
  const again = await lockDataFolder(dir);
  await again.release();
});

it('refuses to open the embedded database while another process holds the folder', async () => {
  const child = await otherHolder();
  try {
    const opening = createInfra({ dataDir: dir, queuePrefix: 'test' });
    await expect(opening).rejects.toThrow(`pid ${child.pid} on ${os.hostname()} (node scripts/start.mjs)`);
    // refused before the database was touched
    expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
  } finally {
    await killed(child);
  }
});

it('takes over the lock of a process that died without releasing it', async () => {
  const child = await otherHolder();
  await expect(lockDataFolder(dir)).rejects.toThrow(`pid ${child.pid}`);
  await killed(child);
  const lock = await lockDataFolder(dir);
  expect(JSON.parse(await readFile(lock.file, 'utf8')).pid).toBe(process.pid);
  await lock.release();
});

it('takes over a lock left by an earlier process with the same pid (a restarted container)', async () => {
  await writeLock(process.pid, 'earlier');
  const lock = await lockDataFolder(dir);
  expect(JSON.parse(await readFile(lock.file, 'utf8')).since).not.toBe('earlier');
  await lock.release();
});

it('takes over a lock whose pid now belongs to a process started after the lock was written', async () => {
  const child = await otherHolder();
  try {
    await writeLock(child.pid!, '2020-01-01T00:00:00Z');
    const lock = await lockDataFolder(dir);
    await lock.release();
  } finally {
    await killed(child);
  }
});

it('takes over an unreadable lock file', async () => {
  await writeFile(path.join(dir, DATA_LOCK_FILE), '{"pid": ');
  const lock = await lockDataFolder(dir);
  await lock.release();
});

it('removes the lock file when the process exits without releasing it', async () => {
  const before = new Set(process.listeners('exit'));
  const lock = await lockDataFolder(dir);
  const onExit = process.listeners('exit').filter((l) => !before.has(l));
  expect(onExit).toHaveLength(1);
  onExit[0].call(process, 0);
  expect(existsSync(lock.file)).toBe(false);
  await lock.release();
});
