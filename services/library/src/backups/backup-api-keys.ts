import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  BackupCatalog,
  toResponse,
  type ArchiveDownload,
  type BackupResponse,
  type BackupRow,
} from './backup-catalog.js';
import { BackupErrors } from './backups.errors.js';

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** API access to a backup: another server downloads its archive with a client id and a secret. */
@Injectable()
export class BackupApiKeys {
  constructor(
    @InjectDataSource('library') private readonly ds: DataSource,
    private readonly catalog: BackupCatalog,
  ) {}

  /** A new client and secret (the answer is the only time the secret is shown: only its hash is kept). */
  async enable(filename: string): Promise<BackupResponse> {
    const row = await this.catalog.row(filename);
    const client = randomBytes(16).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    await this.ds.query(
      `UPDATE "library"."backup" SET "api_enabled" = true, "api_client" = $2, "api_secret_hash" = $3
       WHERE "filename" = $1`,
      [row.filename, client, hashSecret(secret)],
    );
    return toResponse(await this.catalog.row(row.filename), secret);
  }

  async disable(filename: string): Promise<BackupResponse> {
    const row = await this.catalog.row(filename);
    await this.ds.query(
      `UPDATE "library"."backup" SET "api_enabled" = false, "api_client" = NULL, "api_secret_hash" = NULL
       WHERE "filename" = $1`,
      [row.filename],
    );
    return toResponse(await this.catalog.row(row.filename));
  }

  /** The archive behind an enabled API key; 401 for anything else (unknown, disabled, wrong secret). */
  async download(client: string, authorization: string | undefined): Promise<ArchiveDownload> {
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
    return this.catalog.open(row.filename);
  }
}
