import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FileStorage, StoredDirEntry, StoredEntry, StoredFile, StoredFileInfo } from './file-storage.js';
import { assertValidKey, invalidKey, isValidKey } from './storage-key.js';

export interface S3StorageOptions {
  /** `https://s3.example.org` (path-style addressing: `<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  /**
   * `public` (the default): keys are object names, except those below `private/`, which this storage refuses
   * and never lists. `private`: keys live below `private/` in the same bucket.
   */
  area?: 'public' | 'private';
}

/** The folder of the bucket that holds the private area. */
export const S3_PRIVATE_FOLDER = 'private/';

/**
 * Parts of a streamed upload: the smallest S3 allows (5 MiB), one in flight at a time, so one upload holds at
 * most about two parts in memory whatever the size of the file.
 */
const PART_SIZE = 5 * 1024 * 1024;

/** The largest object S3 takes in one PUT. */
const MAX_SINGLE_PUT = 5 * 1024 ** 3;

/** The HTTP status of an SDK error (`$metadata.httpStatusCode`), when it has one. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** An SDK error, named by what was asked (the key) and the store's answer, with the SDK's error as its cause. */
function failure(what: string, error: unknown): Error {
  const name = (error as { name?: unknown } | null)?.name;
  return new Error(`S3 ${what} failed: ${statusOf(error) ?? 'no answer'} ${String(name ?? error)}`, {
    cause: error,
  });
}

/** The SDK's two packages and the client made with them. */
interface Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  Upload: (typeof import('@aws-sdk/lib-storage'))['Upload'];
  client: S3Client;
}

const byKey = <T extends { key: string }>(a: T, b: T): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * `FileStorage` on an S3-compatible object store through the AWS SDK v3 (decision 0049). Streams go up as
 * multipart uploads (`@aws-sdk/lib-storage`), a part at a time, and come down as the response's stream: no file
 * is held whole in memory or spooled to disk.
 */
export class S3FileStorage implements FileStorage {
  private readonly options: S3StorageOptions;
  private readonly bucket: string;
  /** What every object name of this storage starts with (`private/` for the private area). */
  private readonly root: string;
  private loaded: Promise<Sdk> | undefined;

  constructor(options: S3StorageOptions) {
    this.options = options;
    this.bucket = options.bucket;
    this.root = options.area === 'private' ? S3_PRIVATE_FOLDER : '';
  }

  /**
   * The SDK and the client, loaded on first use: the SDK is some 250 modules, which a service on the local folders
   * (and each test that starts one) never needs.
   */
  private sdk(): Promise<Sdk> {
    this.loaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
      ([s3, { Upload }]) => ({
        s3,
        Upload,
        client: new s3.S3Client({
          endpoint: this.options.endpoint,
          region: this.options.region,
          credentials: { accessKeyId: this.options.accessKey, secretAccessKey: this.options.secretKey },
          forcePathStyle: true,
          // The SDK's default checksums (CRC trailers in aws-chunked bodies) are AWS's own: S3-compatible stores
          // (MinIO before 2025, Ceph, Garage, s3rver …) refuse or mis-store them. Checksums only where S3 needs them.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
      }),
    );
    return this.loaded;
  }

  /** Whether a (valid) key of the public area names something of the private one. */
  private isReserved(key: string): boolean {
    return this.root === '' && `${key}/`.startsWith(S3_PRIVATE_FOLDER);
  }

  /** The object name of a key, after validating it (400 `STORAGE.INVALID_KEY` otherwise). */
  private objectKey(key: string): string {
    assertValidKey(key);
    if (this.isReserved(key)) throw invalidKey();
    return `${this.root}${key}`;
  }

  async put(key: string, data: Buffer | string | Readable): Promise<void> {
    let name: string;
    try {
      name = this.objectKey(key);
    } catch (error) {
      if (data instanceof Readable) data.destroy();
      throw error;
    }
    if (!(data instanceof Readable)) {
      try {
        const { s3, client } = await this.sdk();
        await client.send(new s3.PutObjectCommand({ Bucket: this.bucket, Key: name, Body: data }));
      } catch (error) {
        throw failure(`PUT ${key}`, error);
      }
      return;
    }
    await this.upload(key, name, data);
  }

  /** A stream of unknown length, a part at a time; on any failure the parts already sent are aborted. */
  private async upload(key: string, name: string, body: Readable): Promise<void> {
    let sdk: Sdk;
    try {
      sdk = await this.sdk();
    } catch (error) {
      body.destroy();
      throw error;
    }
    const upload = new sdk.Upload({
      client: sdk.client,
      params: { Bucket: this.bucket, Key: name, Body: body },
      partSize: PART_SIZE,
      queueSize: 1,
      leavePartsOnError: false,
    });
    // A source that fails (a client that went away, a size limit) ends the upload at once.
    const onError = () => void upload.abort().catch(() => undefined);
    body.once('error', onError);
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      throw failure(`PUT ${key}`, error);
    } finally {
      body.off('error', onError);
    }
  }

  /** A file of known size goes up as one streamed PUT (no part buffers), multipart only above S3's 5 GiB. */
  async putFile(key: string, file: string): Promise<void> {
    const name = this.objectKey(key);
    const { size } = await stat(file);
    if (size > MAX_SINGLE_PUT) return this.upload(key, name, createReadStream(file));
    try {
      const { s3, client } = await this.sdk();
      await client.send(
        new s3.PutObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Body: createReadStream(file),
          ContentLength: size,
        }),
      );
    } catch (error) {
      throw failure(`PUT ${key}`, error);
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const name = this.objectKey(key);
    try {
      const { s3, client } = await this.sdk();
      const res = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: name }));
      return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw failure(`GET ${key}`, error);
    }
  }

  async delete(key: string): Promise<void> {
    const name = this.objectKey(key);
    try {
      const { s3, client } = await this.sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
    } catch (error) {
      if (statusOf(error) !== 404) throw failure(`DELETE ${key}`, error);
    }
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const name = this.objectKey(key);
    try {
      const { s3, client } = await this.sdk();
      const res = await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return { size: res.ContentLength ?? 0, modified: res.LastModified ?? new Date(0) };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw failure(`HEAD ${key}`, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  private async listRaw(
    prefix: string,
    delimiter: string | undefined,
  ): Promise<{ files: StoredEntry[]; folders: string[] }> {
    const files: StoredEntry[] = [];
    const folders: string[] = [];
    try {
      const { s3, client } = await this.sdk();
      const pages = s3.paginateListObjectsV2(
        { client },
        { Bucket: this.bucket, Prefix: `${this.root}${prefix}`, Delimiter: delimiter },
      );
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const key = (object.Key ?? '').slice(this.root.length);
          if (!isValidKey(key) || this.isReserved(key)) continue;
          files.push({ key, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) });
        }
        for (const common of page.CommonPrefixes ?? []) {
          const folder = (common.Prefix ?? '').slice(this.root.length);
          if (!this.isReserved(folder)) folders.push(folder);
        }
      }
    } catch (error) {
      throw failure(`LIST ${prefix}`, error);
    }
    return { files, folders };
  }

  async list(prefix: string): Promise<StoredEntry[]> {
    const { files } = await this.listRaw(prefix, undefined);
    return files.sort(byKey);
  }

  async listDirectory(dir: string): Promise<StoredDirEntry[] | null> {
    const prefix = dir === '' ? '' : `${assertValidKey(dir)}/`;
    const { files, folders } = await this.listRaw(prefix, '/');
    if (prefix && files.length === 0 && folders.length === 0) return null;
    const out: StoredDirEntry[] = [];
    for (const f of folders) {
      const name = f.slice(prefix.length).replace(/\/$/, '');
      if (isValidKey(name)) out.push({ name, type: 'dir', size: 0, modified: null });
    }
    for (const f of files) {
      out.push({ name: f.key.slice(prefix.length), type: 'file', size: f.size, modified: f.modified });
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Closes the client's connections. */
  close(): void {
    void this.loaded?.then(
      ({ client }) => client.destroy(),
      () => undefined,
    );
  }
}
