import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, LOGGER } from '@agora/common';
import type { Logger } from 'pino';
import { LIBRARY_CONFIG } from '../config/library-config.module.js';
import type { LibraryConfig } from '../config/library.config.js';
import { BackupErrors } from './backups.errors.js';
import { fetchRemote } from './remote-fetch.js';

/** A backup on another Agora server, as the admin names it. */
export interface RemoteBackup {
  domain: string;
  api_client: string;
  api_secret: string;
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

/** Where a restore from another server downloads its archive from. */
@Injectable()
export class RemoteSource {
  constructor(
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The download URL of `remote` (400 `BACKUP.INVALID_REMOTE` when it may not be reached). */
  locate(remote: RemoteBackup): { url: URL; anyAddress: boolean } {
    return remoteDownloadUrl(remote.domain, remote.api_client, this.config.backups.remoteOrigins);
  }

  /**
   * Downloads the archive into the local file `file`, up to the upload limit. Whatever goes wrong on the way (an
   * address that is not allowed, no answer, a refusal, a redirect, a cut) is the one error
   * `BACKUP.REMOTE_FAILED`; the detail goes to the log only (decision 0025).
   */
  async download(url: URL, anyAddress: boolean, secret: string, file: string): Promise<void> {
    const max = this.config.backups.maxUploadBytes;
    try {
      const res = await fetchRemote(url, {
        headers: { authorization: `Bearer ${secret}` },
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
      this.logger.warn({ err: error, origin: url.origin }, 'restore from another server: download failed');
      throw BackupErrors.remoteFailed();
    }
  }
}
