import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LOGGER } from '@agora/common';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { LIBRARY_CONFIG } from '../config/library-config.module.js';
import type { LibraryConfig } from '../config/library.config.js';
import { FILE_STORAGE, PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { extractArchive } from './archive-reader.js';
import { inBatches } from './batches.js';
import { readRows, TABLES, validateStaged, type Manifest } from './backup-content.js';
import { archiveKey, BackupCatalog, newFilename } from './backup-catalog.js';
import { stagingFolder } from './backup-exporter.js';
import { BackupQueue, RESTORE_JOB, type Progress, type RestoreJob } from './backup-queue.js';
import { BackupErrors } from './backups.errors.js';
import { BATCH, dumpKeys, lines } from './library-dump.js';
import { removeOrphanFiles } from './orphan-files.js';
import { RemoteSource, type RemoteBackup } from './remote-source.js';
import { StorageJournal } from './storage-journal.js';

/** Files copied into the storage at the same time by a restore. */
const COPY_CONCURRENCY = 4;

/** Restores the library from an archive: a listed backup, an uploaded archive or one on another server. */
@Injectable()
export class BackupRestorer {
  constructor(
    @InjectDataSource('library') private readonly ds: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(PRIVATE_FILE_STORAGE) private readonly archives: FileStorage,
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly catalog: BackupCatalog,
    private readonly remote: RemoteSource,
    private readonly queue: BackupQueue,
  ) {}

  // ---------------------------------------------------------------- starting a restore (the job's id)

  async startFromServerFile(filename: string): Promise<string> {
    const row = await this.catalog.row(filename);
    return this.queue.add(RESTORE_JOB, { source: 'server-file', filename: row.filename });
  }

  /**
   * Restores from an uploaded archive (a local temporary file, removed afterwards). The archive is stored in the
   * private storage first, where any instance's worker finds it; it is listed as a backup on success.
   */
  async startFromUpload(tempFile: string): Promise<string> {
    const filename = newFilename('upload');
    try {
      await this.archives.putFile(archiveKey(filename), tempFile);
      return await this.queue.add(RESTORE_JOB, { source: 'upload', filename });
    } catch (error) {
      await this.archives.delete(archiveKey(filename)).catch(() => undefined);
      throw error;
    } finally {
      await rm(tempFile, { force: true });
    }
  }

  /** Pulls a backup from another server and restores it (400 at once for an address that may not be reached). */
  startFromApi(remote: RemoteBackup): Promise<string> {
    const { url, anyAddress } = this.remote.locate(remote);
    return this.queue.add(RESTORE_JOB, {
      source: 'api',
      filename: newFilename('api'),
      url: url.href,
      anyAddress,
      secret: remote.api_secret,
    });
  }

  // ---------------------------------------------------------------- the job

  /**
   * Runs a restore job. Idempotent: an upload or download already restored (its backup listed) is not restored
   * again, and restoring the same archive again leaves the library as one restore does. `save` records the
   * job's data (the download's progress).
   */
  async run(data: RestoreJob, save: (data: RestoreJob) => Promise<void>, progress: Progress): Promise<void> {
    if (data.source === 'server-file') {
      const row = await this.catalog.row(data.filename);
      const file = await this.catalog.open(row.filename);
      await this.restore(file.stream, file.size, progress, async (m) => {
        await m.query(`UPDATE "library"."backup" SET "restored_date" = now() WHERE "filename" = $1`, [
          row.filename,
        ]);
      });
      return;
    }
    if (await this.catalog.exists(data.filename)) return;
    const key = archiveKey(data.filename);
    try {
      let source = 'upload';
      if (data.source === 'api') {
        const url = new URL(data.url);
        source = `api:${url.host}`;
        if (!data.downloaded) {
          await this.download(url, data.anyAddress, data.secret ?? '', key);
          const { secret: _secret, ...kept } = data;
          await save({ ...kept, downloaded: true });
        }
        progress(20);
      }
      const file = await this.catalog.open(data.filename);
      await this.restore(file.stream, file.size, progress, async (m, manifest) => {
        await m.query(
          `INSERT INTO "library"."backup" ("filename", "size", "items", "source", "restored_date")
           VALUES ($1, $2, $3, $4, now())`,
          [data.filename, file.size, manifest.counts.library_item, source],
        );
      });
    } catch (error) {
      if (!(await this.catalog.exists(data.filename))) await this.archives.delete(key).catch(() => undefined);
      throw error;
    }
  }

  /** Downloads the archive of another server into the private storage at `key`. */
  private async download(url: URL, anyAddress: boolean, secret: string, key: string): Promise<void> {
    const dir = await stagingFolder(this.config);
    try {
      const file = path.join(dir, 'remote.tar.gz');
      await this.remote.download(url, anyAddress, secret, file);
      await this.archives.putFile(key, file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  // ---------------------------------------------------------------- the restore itself

  /**
   * All or nothing: unpack into a staging folder, validate everything, copy the files in (keeping what they
   * replace), swap the rows in one transaction (`inTransaction` runs there too), and only after the commit
   * delete the files that no row uses any more. A failure before the commit undoes the file changes.
   */
  private async restore(
    source: Readable,
    size: number,
    progress: Progress,
    inTransaction: (m: EntityManager, manifest: Manifest) => Promise<void>,
  ): Promise<void> {
    const dir = await stagingFolder(this.config);
    const unpacked = path.join(dir, 'archive');
    const journal = new StorageJournal(this.storage, dir, this.logger);
    let committed = false;
    try {
      await mkdir(unpacked);
      await extractArchive(source, unpacked, this.config.backups, (n) =>
        progress(20 + (30 * n) / Math.max(1, size)),
      );
      progress(50);
      const copyList = path.join(dir, 'copy.txt');
      const manifest = await validateStaged(unpacked, copyList, (i) => progress(50 + 3 * (i + 1)));
      progress(60);

      // Old keys, to remove the files no row uses once the new rows are in.
      const oldKeys = path.join(dir, 'old-keys.txt');
      await this.ds.transaction(async (m) => dumpKeys(m, oldKeys));

      // Only the files the rows and the library folders refer to, as validated; nothing else of the archive.
      // Each staged file is moved into the storage when it can be (one write per byte: the unpacking).
      const filesDir = path.join(unpacked, 'files');
      let count = 0;
      const copyOne = async (key: string) => {
        const staged = path.join(filesDir, ...key.split('/'));
        let stagedSize: number;
        try {
          stagedSize = (await stat(staged)).size;
        } catch {
          return; // a key listed twice, already moved in
        }
        count += 1;
        if (await this.sameFile(key, staged, stagedSize)) return;
        await journal.record(key);
        await this.storage.putFile(key, staged);
        progress(60 + Math.min(30, count / 10));
      };
      // A few files at a time: each is a handful of small file-system calls, mostly waiting.
      await inBatches(lines(copyList), COPY_CONCURRENCY, (key) => key, copyOne);
      progress(90);

      await this.swapRows(unpacked, (m) => inTransaction(m, manifest));
      committed = true;
      progress(95);
      await removeOrphanFiles(this.ds, this.storage, oldKeys, this.logger);
    } catch (error) {
      if (!committed) await journal.undo();
      throw error;
    } finally {
      await journal.close().catch(() => undefined);
      source.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Replaces the rows of every table by the staged ones, in one transaction with `inTransaction`. */
  private async swapRows(
    unpacked: string,
    inTransaction: (m: EntityManager) => Promise<void>,
  ): Promise<void> {
    try {
      await this.ds.transaction(async (m) => {
        for (const table of [...TABLES].reverse()) await m.query(`DELETE FROM "library"."${table}"`);
        for (const table of TABLES) {
          let batch: Array<Record<string, unknown>> = [];
          const flush = async () => {
            if (batch.length === 0) return;
            await m.query(
              `INSERT INTO "library"."${table}"
               SELECT * FROM jsonb_populate_recordset(NULL::"library"."${table}", $1::jsonb)`,
              [JSON.stringify(batch)],
            );
            batch = [];
          };
          for await (const row of readRows(unpacked, table)) {
            batch.push(row);
            if (batch.length >= BATCH) await flush();
          }
          await flush();
        }
        await inTransaction(m);
      });
    } catch (error) {
      const code = (error as { driverError?: { code?: string } }).driverError?.code;
      if (code === '23505' || code === '23514' || code === '23502' || code === '22P02' || code === '22007')
        throw BackupErrors.conflictingRows();
      throw error;
    }
  }

  /**
   * Whether the stored file at `key` already has exactly the bytes of the local file `staged`: each chunk read
   * from the storage is compared with the same range of the local file (no hashing).
   */
  private async sameFile(key: string, staged: string, stagedSize: number): Promise<boolean> {
    const info = await this.storage.stat(key);
    if (!info || info.size !== stagedSize) return false;
    const current = await this.storage.get(key);
    if (!current) return false;
    const local = await open(staged, 'r');
    try {
      let offset = 0;
      for await (const chunk of current.stream as AsyncIterable<Buffer>) {
        const mine = Buffer.allocUnsafe(chunk.length);
        const { bytesRead } = await local.read(mine, 0, chunk.length, offset);
        if (bytesRead !== chunk.length || !mine.equals(chunk)) return false;
        offset += chunk.length;
      }
      return offset === stagedSize;
    } finally {
      current.stream.destroy();
      await local.close();
    }
  }
}
