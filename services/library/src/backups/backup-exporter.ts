import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError } from '@agora/common';
import type { DataSource } from 'typeorm';
import { LIBRARY_CONFIG } from '../config/library-config.module.js';
import type { LibraryConfig } from '../config/library.config.js';
import { FILE_STORAGE, PRIVATE_FILE_STORAGE, TarGzWriter, type FileStorage } from '@agora/common/storage';
import { MANIFEST } from './archive-reader.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  folderKindOf,
  LIBRARY_FOLDERS,
  TABLES,
  type Manifest,
} from './backup-content.js';
import { archiveKey, BackupCatalog, newFilename } from './backup-catalog.js';
import { BackupQueue, EXPORT_JOB, type Progress } from './backup-queue.js';
import { dumpKeys, dumpTable, lines } from './library-dump.js';

/** A new folder of its own under the staging folder, for one export or restore. */
export async function stagingFolder(config: LibraryConfig): Promise<string> {
  await mkdir(config.backups.stagingDir, { recursive: true });
  return mkdtemp(path.join(config.backups.stagingDir, 'agora-backup-'));
}

/** Exports the whole library (rows and files) to a .tar.gz archive in the private storage, listed as a backup. */
@Injectable()
export class BackupExporter {
  constructor(
    @InjectDataSource('library') private readonly ds: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(PRIVATE_FILE_STORAGE) private readonly archives: FileStorage,
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
    private readonly catalog: BackupCatalog,
    private readonly queue: BackupQueue,
  ) {}

  /** Starts exporting to a new archive; answers the job's id (409 while another job is queued or runs). */
  start(): Promise<string> {
    return this.queue.add(EXPORT_JOB, { filename: newFilename('library') });
  }

  /**
   * Writes the archive `filename` and lists it. Idempotent: a backup already listed under that name is left as
   * it is; a half-written archive (a stopped worker's) is written again.
   */
  async export(filename: string, progress: Progress): Promise<void> {
    if (await this.catalog.exists(filename)) return;
    const dir = await stagingFolder(this.config);
    try {
      // Dumps the rows (in one consistent snapshot) into local files, then streams rows and files into a .tar.gz.
      const counts = { library_item: 0, documentation: 0, library_view: 0 };
      let files = 0;
      // The library folders no row refers to (rich-text images, map markers) are part of the library too.
      const folders: string[] = [];
      for (const folder of LIBRARY_FOLDERS) {
        for (const f of await this.storage.list(folder)) if (folderKindOf(f.key)) folders.push(f.key);
      }
      await this.ds.transaction('REPEATABLE READ', async (m) => {
        for (const table of TABLES) {
          counts[table] = await dumpTable(m, table, path.join(dir, `${table}.jsonl`));
        }
        files = await dumpKeys(m, path.join(dir, 'keys.txt'), folders);
      });
      progress(5);
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created: new Date().toISOString(),
        counts,
        files,
      };
      const writer = new TarGzWriter();
      const key = archiveKey(filename);
      const storing = this.archives.put(key, writer.output);
      storing.catch(() => undefined);
      try {
        await writer.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
        for (const table of TABLES) {
          const file = path.join(dir, `${table}.jsonl`);
          await writer.addStream(`${table}.jsonl`, (await stat(file)).size, createReadStream(file));
        }
        let done = 0;
        for await (const k of lines(path.join(dir, 'keys.txt'))) {
          const stored = await this.storage.get(k);
          if (!stored) throw new AppError('BACKUP.FILE_MISSING', 409, `a library file is missing: ${k}`);
          await writer.addStream(`files/${k}`, stored.size, stored.stream);
          done += 1;
          progress(5 + (90 * done) / Math.max(1, files));
        }
        await writer.finish();
      } catch (error) {
        writer.output.destroy(error as Error);
        await storing.catch(() => undefined);
        await this.archives.delete(key).catch(() => undefined);
        throw error;
      }
      await storing;
      const info = await this.archives.stat(key);
      await this.ds.query(
        `INSERT INTO "library"."backup" ("filename", "size", "items", "source") VALUES ($1, $2, $3, 'export')
         ON CONFLICT ("filename") DO NOTHING`,
        [filename, info?.size ?? 0, counts.library_item],
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
