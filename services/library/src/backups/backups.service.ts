import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, LOGGER } from '@agora/common';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { LIBRARY_CONFIG } from '../config/library-config.module.js';
import type { LibraryConfig } from '../config/library.config.js';
import { FILE_STORAGE, PRIVATE_FILE_STORAGE, type FileStorage } from '../storage/file-storage.js';
import { extractArchive, MANIFEST } from './archive-reader.js';
import { fetchRemote } from './remote-fetch.js';
import { TarGzWriter } from './archive-writer.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BACKUPS_PREFIX,
  folderKindOf,
  LIBRARY_FOLDERS,
  readRows,
  TABLES,
  validateStaged,
  type Manifest,
} from './backup-content.js';
import { PgJobStore } from './backup-job-store.js';
import { BackupJobs, type JobControl, type JobState } from './backup-jobs.js';
import { BackupErrors } from './backups.errors.js';
import { TaskPool } from './task-pool.js';

/** A backup as the API shows it. `api_secret` is only ever set in the answer of `enable-api`. */
export interface BackupResponse {
  filename: string;
  created: string;
  size: number;
  items: number;
  source: string;
  restored_date: string | null;
  api_enabled: boolean;
  api_client: string | null;
  api_secret: string | null;
}

interface BackupRow {
  filename: string;
  created: Date;
  size: string;
  items: number;
  source: string;
  restored_date: Date | null;
  api_enabled: boolean;
  api_client: string | null;
  api_secret_hash: string | null;
}

export interface RemoteSource {
  domain: string;
  api_client: string;
  api_secret: string;
}

const FILENAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,120}\.tar\.gz$/;
const BACKUPS = BACKUPS_PREFIX;
const BATCH = 500;

export function assertFilename(filename: unknown): string {
  if (typeof filename !== 'string' || !FILENAME.test(filename)) throw BackupErrors.badFilename();
  return filename;
}

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function stamp(now = new Date()): string {
  return now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

function newFilename(prefix: string): string {
  return `${prefix}-${stamp()}-${randomBytes(3).toString('hex')}.tar.gz`;
}

function toResponse(row: BackupRow, secret: string | null = null): BackupResponse {
  return {
    filename: row.filename,
    created: new Date(row.created).toISOString(),
    size: Number(row.size),
    items: row.items,
    source: row.source,
    restored_date: row.restored_date ? new Date(row.restored_date).toISOString() : null,
    api_enabled: row.api_enabled,
    api_client: row.api_client,
    api_secret: secret,
  };
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
const ONLY_HTTPS = 'only https is allowed (http only for the origins allowed by BACKUP_REMOTE_ORIGINS)';

/**
 * The download URL of a backup on another Agora server, and whether it may be reached at any address.
 * `domain` is a host (`agora.example.org[:port]`) or an origin. An origin of `allowed` (the admin's
 * BACKUP_REMOTE_ORIGINS) may be http and any address; any other must be https, to public addresses only (checked
 * when connecting). A bare loopback host (`localhost:8080`) means http: a server on the same machine is reached
 * without TLS, when allowed.
 */
export function remoteDownloadUrl(
  domain: string,
  client: string,
  allowed: readonly string[] = [],
): { url: URL; anyAddress: boolean } {
  const text = domain.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (!/^https:\/\//i.test(text) && url.protocol === 'https:' && LOOPBACK.test(url.hostname))
      url = new URL(`http://${text}`);
  } catch {
    throw BackupErrors.badRemote('invalid domain');
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    throw BackupErrors.badRemote('the domain must be a host name, without path or credentials');
  const anyAddress = allowed.includes(url.origin);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && anyAddress))
    throw BackupErrors.badRemote(ONLY_HTTPS);
  return {
    url: new URL(`/api/libraryExport/api/${encodeURIComponent(client)}/download`, url.origin),
    anyAddress,
  };
}

/** Counts bytes through a stream and fails past `max`. */
function byteLimit(max: number, error: () => AppError): Transform {
  let n = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      n += chunk.length;
      if (n > max) cb(error());
      else cb(null, chunk);
    },
  });
}

/** Files copied into the storage at the same time by a restore. */
const COPY_CONCURRENCY = 4;

/** The file changes of a restore, one a line in a local file (`1 <key>` replaced, `0 <key>` new). */
class UndoLog {
  private out: WriteStream | null = null;

  constructor(readonly file: string) {}

  async add(replaced: boolean, key: string): Promise<void> {
    this.out ??= createWriteStream(this.file);
    if (!this.out.write(`${replaced ? 1 : 0} ${key}\n`)) await once(this.out, 'drain');
  }

  /** Flushes what was written (the log can then be read). */
  async close(): Promise<void> {
    const out = this.out;
    if (!out || out.closed) return;
    out.end();
    await once(out, 'close');
  }

  /** The changes, in the order they were made (each key once: the order does not matter for an undo). */
  async *entries(): AsyncGenerator<{ key: string; replaced: boolean }> {
    if (!this.out) return;
    const { createInterface } = await import('node:readline');
    for await (const line of createInterface({ input: createReadStream(this.file), crlfDelay: Infinity })) {
      if (line) yield { replaced: line.startsWith('1 '), key: line.slice(2) };
    }
  }
}

@Injectable()
export class BackupsService implements OnApplicationShutdown {
  readonly jobs: BackupJobs;

  constructor(
    @InjectDataSource('library') private readonly ds: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    /** Where the archives live (`backups/<filename>`): never the public storage. */
    @Inject(PRIVATE_FILE_STORAGE) private readonly archives: FileStorage,
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.jobs = new BackupJobs(new PgJobStore(ds), (e) => this.logger.error({ err: e }, 'backup job failed'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.idle();
  }

  private async row(filename: string): Promise<BackupRow> {
    const rows: BackupRow[] = await this.ds.query(`SELECT * FROM "library"."backup" WHERE "filename" = $1`, [
      assertFilename(filename),
    ]);
    if (!rows[0]) throw BackupErrors.notFound();
    return rows[0];
  }

  async list(): Promise<BackupResponse[]> {
    const rows: BackupRow[] = await this.ds.query(
      `SELECT * FROM "library"."backup" ORDER BY "created" DESC, "filename"`,
    );
    return rows.map((r) => toResponse(r));
  }

  job(id: string): Promise<JobState> {
    return this.jobs.get(id);
  }

  private async staging(): Promise<string> {
    await mkdir(this.config.backups.stagingDir, { recursive: true });
    return mkdtemp(path.join(this.config.backups.stagingDir, 'agora-backup-'));
  }

  // ---------------------------------------------------------------- export

  startExport(): Promise<JobState> {
    return this.jobs.start('export', (job) => this.exportLibrary(job));
  }

  /** Dumps the rows (in one consistent snapshot) into local files, then streams rows and files into a .tar.gz. */
  private async exportLibrary(job: JobControl): Promise<void> {
    const dir = await this.staging();
    const filename = newFilename('library');
    job.setFilename(filename);
    try {
      const counts = { library_item: 0, documentation: 0, library_view: 0 };
      let files = 0;
      // The library folders no row refers to (rich-text images, map markers) are part of the library too.
      const folders: string[] = [];
      for (const folder of LIBRARY_FOLDERS) {
        for (const f of await this.storage.list(folder)) if (folderKindOf(f.key)) folders.push(f.key);
      }
      await this.ds.transaction('REPEATABLE READ', async (m) => {
        for (const table of TABLES) {
          counts[table] = await this.dumpTable(m, table, path.join(dir, `${table}.jsonl`));
        }
        files = await this.dumpKeys(m, path.join(dir, 'keys.txt'), folders);
      });
      job.progress(5);
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created: new Date().toISOString(),
        counts,
        files,
      };
      const writer = new TarGzWriter();
      const key = `${BACKUPS}${filename}`;
      const storing = this.archives.put(key, writer.output);
      storing.catch(() => undefined);
      try {
        await writer.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
        for (const table of TABLES) {
          const file = path.join(dir, `${table}.jsonl`);
          await writer.addStream(`${table}.jsonl`, (await stat(file)).size, createReadStream(file));
        }
        let done = 0;
        for await (const k of this.lines(path.join(dir, 'keys.txt'))) {
          const stored = await this.storage.get(k);
          if (!stored) throw new AppError('BACKUP.FILE_MISSING', 409, `a library file is missing: ${k}`);
          await writer.addStream(`files/${k}`, stored.size, stored.stream);
          done += 1;
          job.progress(5 + (90 * done) / Math.max(1, files));
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
        `INSERT INTO "library"."backup" ("filename", "size", "items", "source") VALUES ($1, $2, $3, 'export')`,
        [filename, info?.size ?? 0, counts.library_item],
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async *lines(file: string): AsyncGenerator<string> {
    const { createInterface } = await import('node:readline');
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      if (line) yield line;
    }
  }

  /** Writes every row of `table` as JSON lines to `file`, in batches; returns the count. */
  private async dumpTable(m: EntityManager, table: string, file: string): Promise<number> {
    const out = createWriteStream(file);
    let last: string | null = null;
    let count = 0;
    try {
      for (;;) {
        const rows: Array<{ j: string; id: string }> = await m.query(
          `SELECT row_to_json(t)::text AS j, t."id"::text AS id FROM "library"."${table}" t
           WHERE $1::uuid IS NULL OR t."id" > $1::uuid ORDER BY t."id" LIMIT ${BATCH}`,
          [last],
        );
        if (rows.length === 0) break;
        for (const r of rows) {
          if (!out.write(`${r.j}\n`)) await once(out, 'drain');
        }
        count += rows.length;
        last = rows[rows.length - 1].id;
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
    return count;
  }

  /** Writes every storage key the rows refer to and `extra` (each once, sorted) to `file`; returns the count. */
  private async dumpKeys(m: EntityManager, file: string, extra: string[] = []): Promise<number> {
    const out = createWriteStream(file);
    let last = '';
    let count = 0;
    try {
      for (;;) {
        const rows: Array<{ k: string }> = await m.query(
          `SELECT k FROM (
             SELECT "resource_key" AS k FROM "library"."library_item"
             UNION SELECT "thumbnail_key" FROM "library"."library_item" WHERE "thumbnail_key" IS NOT NULL
             UNION SELECT "resource_key" FROM "library"."documentation" WHERE "resource_key" IS NOT NULL
             UNION SELECT unnest($2::text[])
           ) s WHERE k COLLATE "C" > $1 ORDER BY k COLLATE "C" LIMIT ${BATCH}`,
          [last, extra],
        );
        if (rows.length === 0) break;
        for (const r of rows) out.write(`${r.k}\n`);
        count += rows.length;
        last = rows[rows.length - 1].k;
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
    return count;
  }

  // ---------------------------------------------------------------- files of backups

  async download(filename: string): Promise<{ stream: Readable; size: number; filename: string }> {
    const row = await this.row(filename);
    const file = await this.archives.get(`${BACKUPS}${row.filename}`);
    if (!file) throw BackupErrors.notFound();
    return { ...file, filename: row.filename };
  }

  async remove(filename: string): Promise<void> {
    const row = await this.row(filename);
    await this.jobs.assertIdle();
    await this.ds.query(`DELETE FROM "library"."backup" WHERE "filename" = $1`, [row.filename]);
    await this.archives.delete(`${BACKUPS}${row.filename}`);
  }

  // ---------------------------------------------------------------- API access

  async enableApi(filename: string): Promise<BackupResponse> {
    const row = await this.row(filename);
    const client = randomBytes(16).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    await this.ds.query(
      `UPDATE "library"."backup" SET "api_enabled" = true, "api_client" = $2, "api_secret_hash" = $3
       WHERE "filename" = $1`,
      [row.filename, client, hashSecret(secret)],
    );
    return toResponse(await this.row(row.filename), secret);
  }

  async disableApi(filename: string): Promise<BackupResponse> {
    const row = await this.row(filename);
    await this.ds.query(
      `UPDATE "library"."backup" SET "api_enabled" = false, "api_client" = NULL, "api_secret_hash" = NULL
       WHERE "filename" = $1`,
      [row.filename],
    );
    return toResponse(await this.row(row.filename));
  }

  /** The archive behind an enabled API key; 401 for anything else (unknown, disabled, wrong secret). */
  async apiDownload(
    client: string,
    authorization: string | undefined,
  ): Promise<{ stream: Readable; size: number; filename: string }> {
    const secret = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!secret || !/^[0-9a-f]{32}$/.test(client)) throw BackupErrors.apiDenied();
    const rows: BackupRow[] = await this.ds.query(
      `SELECT * FROM "library"."backup" WHERE "api_client" = $1 AND "api_enabled"`,
      [client],
    );
    const row = rows[0];
    const given = Buffer.from(hashSecret(secret), 'hex');
    const stored = Buffer.from(row?.api_secret_hash ?? '0'.repeat(64), 'hex');
    if (!row || !timingSafeEqual(given, stored)) throw BackupErrors.apiDenied();
    const file = await this.archives.get(`${BACKUPS}${row.filename}`);
    if (!file) throw BackupErrors.notFound();
    return { ...file, filename: row.filename };
  }

  // ---------------------------------------------------------------- restores

  startRestoreFromServerFile(filename: string): Promise<JobState> {
    return this.row(filename).then((row) =>
      this.jobs.start(
        'restore',
        async (job) => {
          const file = await this.archives.get(`${BACKUPS}${row.filename}`);
          if (!file) throw BackupErrors.notFound();
          await this.restore(file.stream, file.size, job, async (m) => {
            await m.query(`UPDATE "library"."backup" SET "restored_date" = now() WHERE "filename" = $1`, [
              row.filename,
            ]);
          });
        },
        row.filename,
      ),
    );
  }

  /** Restores from an uploaded archive (a local temporary file, removed afterwards), kept as a backup on success. */
  async startRestoreFromUpload(tempFile: string): Promise<JobState> {
    try {
      return await this.jobs.start('restore', (job) =>
        this.restoreArchiveFile(tempFile, 'upload', 'upload', job),
      );
    } catch (error) {
      void rm(tempFile, { force: true });
      throw error;
    }
  }

  /**
   * Pulls a backup from another server and restores it. Whatever goes wrong on the way (an address that is not
   * allowed, no answer, a refusal, a redirect, a cut) fails the job with the one code `BACKUP.REMOTE_FAILED`;
   * the detail goes to the log only (decision 0025).
   */
  startRestoreFromApi(remote: RemoteSource): Promise<JobState> {
    const { url, anyAddress } = remoteDownloadUrl(
      remote.domain,
      remote.api_client,
      this.config.backups.remoteOrigins,
    );
    return this.jobs.start('restore', async (job) => {
      const dir = await this.staging();
      const file = path.join(dir, 'remote.tar.gz');
      try {
        const max = this.config.backups.maxUploadBytes;
        try {
          const res = await fetchRemote(url, {
            headers: { authorization: `Bearer ${remote.api_secret}` },
            anyAddress,
            signal: AbortSignal.timeout(30 * 60 * 1000),
          });
          await pipeline(
            res,
            byteLimit(max, () => BackupErrors.tooLarge(max)),
            createWriteStream(file),
          );
        } catch (error) {
          if (error instanceof AppError) throw error;
          this.logger.warn(
            { err: error, origin: url.origin },
            'restore from another server: download failed',
          );
          throw BackupErrors.remoteFailed();
        }
        job.progress(20);
        await this.restoreArchiveFile(file, 'api', `api:${url.host}`, job);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  private async restoreArchiveFile(
    file: string,
    prefix: string,
    source: string,
    job: JobControl,
  ): Promise<void> {
    const filename = newFilename(prefix);
    job.setFilename(filename);
    const key = `${BACKUPS}${filename}`;
    let stored = false;
    let committed = false;
    try {
      const size = (await stat(file)).size;
      let items = 0;
      await this.restore(
        createReadStream(file, { highWaterMark: 1024 * 1024 }),
        size,
        job,
        async (m) => {
          await m.query(
            `INSERT INTO "library"."backup" ("filename", "size", "items", "source", "restored_date")
             VALUES ($1, $2, $3, $4, now())`,
            [filename, size, items, source],
          );
        },
        async (manifest) => {
          // Kept as a backup; stored before the swap so that the transaction never waits for a file copy.
          // The archive is unpacked by now: the storage may move the file rather than copy it.
          items = manifest.counts.library_item;
          await this.archives.putFile(key, file);
          stored = true;
        },
      );
      committed = true;
    } finally {
      if (stored && !committed) await this.archives.delete(key).catch(() => undefined);
      await rm(file, { force: true });
    }
  }

  /**
   * All or nothing: unpack into a staging folder, validate everything, copy the files in (keeping what they
   * replace), swap the rows in one transaction (`inTransaction` runs there too), and only after the commit
   * delete the files that no row uses any more. A failure before the commit undoes the file changes.
   */
  private async restore(
    source: Readable,
    size: number,
    job: JobControl,
    inTransaction: (m: EntityManager, manifest: Manifest) => Promise<void>,
    beforeSwap: (manifest: Manifest) => Promise<void> = async () => undefined,
  ): Promise<void> {
    const dir = await this.staging();
    const unpacked = path.join(dir, 'archive');
    const previous = path.join(dir, 'previous');
    // The files changed so far (`1 <key>`: replaced, kept in `previous`; `0 <key>`: new), for an undo. Spooled
    // to a file: memory does not grow with the library.
    const undo = new UndoLog(path.join(dir, 'undo.txt'));
    let committed = false;
    try {
      await mkdir(unpacked);
      await extractArchive(source, unpacked, this.config.backups, (n) =>
        job.progress(20 + (30 * n) / Math.max(1, size)),
      );
      job.progress(50);
      const copyList = path.join(dir, 'copy.txt');
      const manifest = await validateStaged(unpacked, copyList, (i) => job.progress(50 + 3 * (i + 1)));
      job.progress(60);
      await beforeSwap(manifest);

      // Old keys, to remove the files no row uses once the new rows are in.
      await this.ds.transaction(async (m) => this.dumpKeys(m, path.join(dir, 'old-keys.txt')));

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
        const current = await this.storage.get(key);
        if (current) {
          const keep = path.join(previous, ...key.split('/'));
          await mkdir(path.dirname(keep), { recursive: true });
          await pipeline(current.stream, createWriteStream(keep));
        }
        await undo.add(current !== null, key);
        await this.storage.putFile(key, staged);
        job.progress(60 + Math.min(30, count / 10));
      };
      // A few files at a time: each is a handful of small file-system calls, mostly waiting.
      const pool = new TaskPool(COPY_CONCURRENCY);
      try {
        for await (const key of this.lines(copyList)) await pool.run(key, () => copyOne(key));
      } finally {
        await pool.settle();
      }
      pool.assertDone();
      job.progress(90);

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
          await inTransaction(m, manifest);
        });
      } catch (error) {
        const code = (error as { driverError?: { code?: string } }).driverError?.code;
        if (code === '23505' || code === '23514' || code === '23502' || code === '22P02' || code === '22007')
          throw BackupErrors.conflictingRows();
        throw error;
      }
      committed = true;
      job.progress(95);
      await this.removeOrphans(path.join(dir, 'old-keys.txt'));
    } catch (error) {
      if (!committed) await this.undoFiles(undo, previous);
      throw error;
    } finally {
      await undo.close().catch(() => undefined);
      source.destroy();
      await rm(dir, { recursive: true, force: true });
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

  private async undoFiles(undo: UndoLog, previous: string): Promise<void> {
    await undo.close();
    for await (const { key, replaced } of undo.entries()) {
      try {
        if (replaced) await this.storage.put(key, createReadStream(path.join(previous, ...key.split('/'))));
        else await this.storage.delete(key);
      } catch (error) {
        this.logger.error({ err: error, key }, 'restore: could not undo a file change');
      }
    }
  }

  private async removeOrphans(oldKeys: string): Promise<void> {
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const unused: Array<{ k: string }> = await this.ds.query(
        `SELECT k FROM unnest($1::text[]) AS k
         WHERE NOT EXISTS (SELECT 1 FROM "library"."library_item" i WHERE i."resource_key" = k OR i."thumbnail_key" = k)
           AND NOT EXISTS (SELECT 1 FROM "library"."documentation" d WHERE d."resource_key" = k)`,
        [batch],
      );
      for (const { k } of unused) await this.storage.delete(k).catch(() => undefined);
      batch = [];
    };
    try {
      for await (const k of this.lines(oldKeys)) {
        batch.push(k);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
    } catch (error) {
      this.logger.warn({ err: error }, 'restore: could not remove unused files');
    }
  }
}
