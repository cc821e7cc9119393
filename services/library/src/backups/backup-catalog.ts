import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { BACKUPS_PREFIX } from './backup-content.js';
import { BackupQueue } from './backup-queue.js';
import { BackupErrors } from './backups.errors.js';

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

export interface BackupRow {
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

/** An archive opened for a download. */
export interface ArchiveDownload {
  stream: Readable;
  size: number;
  filename: string;
}

const FILENAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,120}\.tar\.gz$/;

export function assertFilename(filename: unknown): string {
  if (typeof filename !== 'string' || !FILENAME.test(filename)) throw BackupErrors.badFilename();
  return filename;
}

function stamp(now = new Date()): string {
  return now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/** A new archive name: `<prefix>-<yyyymmdd>-<hhmmss>-<random>.tar.gz`. */
export function newFilename(prefix: string): string {
  return `${prefix}-${stamp()}-${randomBytes(3).toString('hex')}.tar.gz`;
}

/** The storage key of a backup's archive (in the private storage). */
export function archiveKey(filename: string): string {
  return `${BACKUPS_PREFIX}${filename}`;
}

export function toResponse(row: BackupRow, secret: string | null = null): BackupResponse {
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

/** The list of backups (`library.backup`) and their archives in the private storage. */
@Injectable()
export class BackupCatalog {
  constructor(
    @InjectDataSource('library') private readonly ds: DataSource,
    /** Where the archives live (`backups/<filename>`): never the public storage. */
    @Inject(PRIVATE_FILE_STORAGE) private readonly archives: FileStorage,
    private readonly jobs: BackupQueue,
  ) {}

  /** The row of a backup; 400 for a name that is not one, 404 when there is none. */
  async row(filename: string): Promise<BackupRow> {
    const rows: BackupRow[] = await this.ds.query(`SELECT * FROM "library"."backup" WHERE "filename" = $1`, [
      assertFilename(filename),
    ]);
    if (!rows[0]) throw BackupErrors.notFound();
    return rows[0];
  }

  /** Whether the backup is listed (an export or a restore that committed). */
  async exists(filename: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM "library"."backup" WHERE "filename" = $1`, [
      filename,
    ]);
    return rows.length > 0;
  }

  async list(): Promise<BackupResponse[]> {
    const rows: BackupRow[] = await this.ds.query(
      `SELECT * FROM "library"."backup" ORDER BY "created" DESC, "filename"`,
    );
    return rows.map((r) => toResponse(r));
  }

  /** The archive of a listed backup. */
  async open(filename: string): Promise<ArchiveDownload> {
    const file = await this.archives.get(archiveKey(filename));
    if (!file) throw BackupErrors.notFound();
    return { ...file, filename };
  }

  async download(filename: string): Promise<ArchiveDownload> {
    return this.open((await this.row(filename)).filename);
  }

  async remove(filename: string): Promise<void> {
    const row = await this.row(filename);
    await this.jobs.assertIdle();
    await this.ds.query(`DELETE FROM "library"."backup" WHERE "filename" = $1`, [row.filename]);
    await this.archives.delete(archiveKey(row.filename));
  }
}
