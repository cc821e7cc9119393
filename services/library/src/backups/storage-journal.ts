import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import type { FileStorage } from '@agora/common/storage';
import { lines } from './library-dump.js';

/**
 * The file changes a restore makes to the storage, so that they can be undone: before a file is written, the
 * one it replaces is copied into a local folder, and the change is written to a local journal, one a line
 * (`1 <key>`: replaced, `0 <key>`: new). Spooled to files: memory does not grow with the library.
 */
export class StorageJournal {
  private out: WriteStream | null = null;
  private readonly file: string;
  private readonly previous: string;

  /** `dir`: a local folder of the restore's own (the journal and the replaced files are kept there). */
  constructor(
    private readonly storage: FileStorage,
    dir: string,
    private readonly logger: Logger,
  ) {
    this.file = path.join(dir, 'undo.txt');
    this.previous = path.join(dir, 'previous');
  }

  private kept(key: string): string {
    return path.join(this.previous, ...key.split('/'));
  }

  /** Keeps the file at `key` (if any) and records the change; call before writing `key`. */
  async record(key: string): Promise<void> {
    const current = await this.storage.get(key);
    if (current) {
      const keep = this.kept(key);
      await mkdir(path.dirname(keep), { recursive: true });
      await pipeline(current.stream, createWriteStream(keep));
    }
    this.out ??= createWriteStream(this.file);
    if (!this.out.write(`${current ? 1 : 0} ${key}\n`)) await once(this.out, 'drain');
  }

  /** Flushes the journal (it can then be read). */
  async close(): Promise<void> {
    const out = this.out;
    if (!out || out.closed) return;
    out.end();
    await once(out, 'close');
  }

  /** Puts back every replaced file and removes every new one; a change that cannot be undone is logged. */
  async undo(): Promise<void> {
    await this.close();
    if (!this.out) return;
    for await (const line of lines(this.file)) {
      const replaced = line.startsWith('1 ');
      const key = line.slice(2);
      try {
        if (replaced) await this.storage.put(key, createReadStream(this.kept(key)));
        else await this.storage.delete(key);
      } catch (error) {
        this.logger.error({ err: error, key }, 'restore: could not undo a file change');
      }
    }
  }
}
