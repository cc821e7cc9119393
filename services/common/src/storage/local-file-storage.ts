import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors/app-error.js';
import type { FileStorage, StoredDirEntry, StoredEntry, StoredFile, StoredFileInfo } from './file-storage.js';
import { assertValidKey, isValidKey } from './storage-key.js';

/** A write or delete whose folder is, through a symbolic link, outside the storage root. */
export function outsideRoot(): AppError {
  return AppError.badRequest('STORAGE.OUTSIDE_ROOT', 'the file key leads outside the storage');
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** `FileStorage` on a local folder. Keys map to paths below `root` and can never leave it. */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key, after validating it; throws 400 `STORAGE.INVALID_KEY` otherwise. */
  pathOf(key: string): string {
    const valid = assertValidKey(key);
    const full = path.resolve(this.root, ...valid.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  }

  /**
   * Throws `STORAGE.OUTSIDE_ROOT` when the real path of `dir` (a folder below the root; where it does not exist
   * yet, its deepest existing parent) is not inside the real root: a symbolic link on the way leads out.
   * Answers false when the root itself does not exist.
   */
  /** The real paths (links followed) of `full` and of the root; null when either is missing. */
  private async resolve(full: string): Promise<{ real: string; realRoot: string } | null> {
    try {
      const [real, realRoot] = await Promise.all([realpath(full), realpath(this.root)]);
      return { real, realRoot };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private async assertInside(dir: string): Promise<boolean> {
    let realRoot: string;
    try {
      realRoot = await realpath(this.root);
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
    for (let probe = dir; ; probe = path.dirname(probe)) {
      try {
        const real = await realpath(probe);
        if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw outsideRoot();
        return true;
      } catch (error) {
        if (!isMissing(error) || probe === this.root || !probe.startsWith(this.root)) throw error;
      }
    }
  }

  /** Makes the folder `dir` below the root, refusing one that a symbolic link leads out of. */
  private async prepareFolder(dir: string): Promise<void> {
    await mkdir(this.root, { recursive: true });
    // Checked before creating the missing folders (they would be made where a link leads) and after.
    await this.assertInside(dir);
    await mkdir(dir, { recursive: true });
    await this.assertInside(dir);
  }

  /** Moves `file` into place when it is on the storage's file system (no copy); copies it otherwise. */
  async putFile(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await this.prepareFolder(path.dirname(target));
    try {
      await rename(file, target);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EXDEV') throw error;
      await this.put(key, createReadStream(file));
    }
  }

  async put(key: string, data: Buffer | string | Readable): Promise<void> {
    const target = this.pathOf(key);
    try {
      await this.prepareFolder(path.dirname(target));
    } catch (error) {
      if (data instanceof Readable) data.destroy();
      throw error;
    }
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (data instanceof Readable) await pipeline(data, createWriteStream(temp, { flags: 'wx' }));
      else await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const resolved = await this.resolve(this.pathOf(key));
    if (!resolved) return null;
    const { real, realRoot } = resolved;
    // A symbolic link inside the root must not lead outside it.
    if (!real.startsWith(realRoot + path.sep)) return null;
    const handle = await open(real, 'r');
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream({ autoClose: true }), size: info.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const full = this.pathOf(key);
    // A link itself is removed, never what it leads to; a folder on the way must not lead out of the root.
    try {
      if (!(await this.assertInside(path.dirname(full)))) return;
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    await rm(full, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const full = this.pathOf(key);
    try {
      const [real, realRoot] = await Promise.all([realpath(full), realpath(this.root)]);
      if (!real.startsWith(realRoot + path.sep)) return null;
      const info = await stat(real);
      return info.isFile() ? { size: info.size, modified: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async list(prefix: string): Promise<StoredEntry[]> {
    const out: StoredEntry[] = [];
    const walk = async (dir: string, keyPrefix: string): Promise<void> => {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const name of names.sort()) {
        const key = keyPrefix + name;
        // Only valid keys (this also skips temporary and hidden files); links are never followed.
        if (!isValidKey(key) && !isValidKey(`${key}/x`)) continue;
        const info = await lstat(path.join(dir, name));
        if (info.isDirectory()) {
          if (prefix.startsWith(`${key}/`) || `${key}/`.startsWith(prefix))
            await walk(path.join(dir, name), `${key}/`);
        } else if (info.isFile() && isValidKey(key) && key.startsWith(prefix)) {
          out.push({ key, size: info.size, modified: info.mtime });
        }
      }
    };
    await walk(this.root, '');
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async listDirectory(dir: string): Promise<StoredDirEntry[] | null> {
    const resolved = await this.resolve(dir === '' ? this.root : this.pathOf(dir));
    if (!resolved) return null;
    const { real, realRoot } = resolved;
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return null;
    if (!(await stat(real)).isDirectory()) return null;
    const out: StoredDirEntry[] = [];
    for (const name of (await readdir(real)).sort()) {
      if (!isValidKey(name)) continue;
      const info = await lstat(path.join(real, name));
      if (info.isDirectory()) out.push({ name, type: 'dir', size: 0, modified: info.mtime });
      else if (info.isFile()) out.push({ name, type: 'file', size: info.size, modified: info.mtime });
      // Symbolic links, sockets and devices are never shown.
    }
    return out;
  }
}
