import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, StoredDirEntry, StoredEntry, StoredFile, StoredFileInfo } from './file-storage.js';
import { assertValidKey, isValidKey } from './storage-key.js';

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

  async put(key: string, data: Buffer | string | Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
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
    const full = this.pathOf(key);
    let real: string;
    let realRoot: string;
    try {
      [real, realRoot] = await Promise.all([realpath(full), realpath(this.root)]);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
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
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
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
    const full = dir === '' ? this.root : this.pathOf(dir);
    let real: string;
    let realRoot: string;
    try {
      [real, realRoot] = await Promise.all([realpath(full), realpath(this.root)]);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
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
