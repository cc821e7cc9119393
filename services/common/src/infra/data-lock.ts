import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Who holds a data folder: written as JSON into the folder's lock file. */
export interface LockHolder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

/** The lock file's name inside the data folder. */
export const DATA_LOCK_FILE = 'agora.lock';

export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `the data folder ${dataDir} is in use by another Agora process: pid ${holder.pid} on ${holder.host} ` +
        `(${holder.command}), since ${holder.since}. Stop that process first, or give this one another ` +
        `AGORA_DATA_DIR (or a DATABASE_URL).`,
    );
    this.name = 'DataFolderInUseError';
  }
}

export interface DataLock {
  readonly file: string;
  release(): Promise<void>;
}

/** The command line of this process, as the lock file records it. */
function thisCommand(): string {
  return [path.basename(process.argv0 || process.execPath), ...process.argv.slice(1)].join(' ');
}

/** True when `pid` is a process that is alive on this host. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const h = JSON.parse(text) as Partial<LockHolder>;
    if (typeof h.pid === 'number' && typeof h.host === 'string')
      return { pid: h.pid, host: h.host, command: String(h.command ?? '?'), since: String(h.since ?? '?') };
  } catch {
    // a torn or foreign file: treated as stale below
  }
  return undefined;
}

/**
 * When process `pid` started (ms since the epoch), on Linux: /proc/<pid>/stat's start time in clock ticks after
 * boot (USER_HZ, 100 on Linux) plus /proc/stat's boot time. Undefined elsewhere or when unreadable.
 */
function startedAt(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const boot = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    return Number.isFinite(ticks) && Number.isFinite(boot) ? boot * 1000 + ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** The lock files this process holds now. */
const held = new Set<string>();

/**
 * A holder that can no longer be using the folder: its process is gone from this host. A holder on another host
 * (a folder shared over the network) cannot be checked and counts as alive. A holder with this process's pid
 * that this process does not hold is an earlier process that had the same pid (a container's process is pid 1
 * at every restart); so is a running process that started after the lock was written.
 */
function isStale(file: string, holder: LockHolder | undefined): boolean {
  if (!holder) return true;
  if (holder.host !== os.hostname()) return false;
  if (holder.pid === process.pid) return !held.has(file);
  if (!isAlive(holder.pid)) return true;
  // The pid runs, but a process that started after the lock was taken is another one that got the same pid
  // (after a reboot, say). A minute of slack: the start time is in clock ticks after a boot time that moves
  // with the adjustments of the wall clock.
  const since = Date.parse(holder.since);
  const started = startedAt(holder.pid);
  return started !== undefined && Number.isFinite(since) && started > since + 60_000;
}

/**
 * Takes the data folder's lock for this process, or throws `DataFolderInUseError` naming the holder. The lock
 * file is written beside it under a unique name, then hard-linked to its place: the link either creates it
 * whole or fails because it exists, so two openers can never both win. A lock whose process is gone (killed,
 * crashed) is stale and is taken over; it is moved aside by rename, which only one opener can do. The lock is
 * released by `release()`, and also when the process exits.
 */
export async function lockDataFolder(dataDir: string): Promise<DataLock> {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, DATA_LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    command: thisCommand(),
    since: new Date().toISOString(),
  };
  const text = `${JSON.stringify(mine)}\n`;
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(temp, text, { mode: 0o644 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(temp, file);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const current = await readFile(file, 'utf8').catch(() => undefined);
      if (current === undefined) continue; // released meanwhile: try again
      const holder = parseHolder(current);
      if (!isStale(file, holder) || attempt >= 5)
        throw new DataFolderInUseError(
          dir,
          holder ?? { pid: 0, host: '?', command: 'an unreadable lock file', since: '?' },
        );
      // Stale: move it aside (only one opener succeeds), and put it back if it was not the one we judged.
      const aside = `${file}.stale.${process.pid}`;
      try {
        await rename(file, aside);
      } catch {
        continue;
      }
      const moved = await readFile(aside, 'utf8').catch(() => undefined);
      if (moved !== current) await link(aside, file).catch(() => undefined);
      await unlink(aside).catch(() => undefined);
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }

  /** Removes the lock file if it is still this process's (synchronous: it also runs on exit). */
  const removeIfMine = () => {
    try {
      if (readFileSync(file, 'utf8') === text) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  held.add(file);
  process.once('exit', removeIfMine);
  let released = false;
  return {
    file,
    release: async () => {
      if (released) return;
      released = true;
      held.delete(file);
      process.off('exit', removeIfMine);
      removeIfMine();
    },
  };
}
