import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat as fsStat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FileStorage, StoredDirEntry, StoredEntry, StoredFile, StoredFileInfo } from './file-storage.js';
import { EMPTY_SHA256, sha256Hex, signV4, uriEncode } from './sigv4.js';
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

function xmlValues(xml: string, tag: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g');
  for (let m = re.exec(xml); m; m = re.exec(xml)) out.push(m[1]);
  return out;
}

function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * `FileStorage` on an S3-compatible object store, with plain `fetch` and Signature Version 4 (see decision
 * 0009). Streams of unknown length are spooled to a temporary file first, so the upload has a length and
 * memory does not grow with the file.
 */
export class S3FileStorage implements FileStorage {
  private readonly base: URL;
  /** What every object name of this storage starts with (`private/` for the private area). */
  private readonly root: string;

  constructor(private readonly options: S3StorageOptions) {
    this.base = new URL(options.endpoint.endsWith('/') ? options.endpoint : `${options.endpoint}/`);
    this.root = options.area === 'private' ? S3_PRIVATE_FOLDER : '';
  }

  /** Whether a (valid) key of the public area names something of the private one. */
  private isReserved(key: string): boolean {
    return this.root === '' && `${key}/`.startsWith(S3_PRIVATE_FOLDER);
  }

  private objectUrl(key: string): URL {
    if (this.isReserved(key)) throw invalidKey();
    const encoded = `${this.root}${key}`.split('/').map(uriEncode).join('/');
    return new URL(`${uriEncode(this.options.bucket)}/${encoded}`, this.base);
  }

  private async send(
    method: string,
    url: URL,
    init: { headers?: Record<string, string>; body?: Readable | Buffer; payloadHash?: string } = {},
  ): Promise<Response> {
    const headers = signV4(
      {
        method,
        url,
        headers: init.headers ?? {},
        payloadHash: init.payloadHash ?? EMPTY_SHA256,
        date: new Date(),
      },
      { accessKey: this.options.accessKey, secretKey: this.options.secretKey, region: this.options.region },
    );
    delete headers.host;
    const body =
      init.body instanceof Readable
        ? (Readable.toWeb(init.body) as unknown as ReadableStream<Uint8Array>)
        : init.body;
    return fetch(url, { method, headers, body, duplex: 'half' } as RequestInit);
  }

  private async fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => '');
    throw new Error(`S3 ${what} failed: ${res.status} ${text.slice(0, 200)}`);
  }

  async put(key: string, data: Buffer | string | Readable): Promise<void> {
    assertValidKey(key);
    const url = this.objectUrl(key);
    if (!(data instanceof Readable)) {
      const buf = typeof data === 'string' ? Buffer.from(data) : data;
      const res = await this.send('PUT', url, {
        body: buf,
        payloadHash: sha256Hex(buf),
        headers: { 'content-length': String(buf.length) },
      });
      if (!res.ok) await this.fail(res, `PUT ${key}`);
      await res.arrayBuffer();
      return;
    }
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agora-s3-'));
    const temp = path.join(dir, randomBytes(6).toString('hex'));
    try {
      await pipeline(data, createWriteStream(temp));
      const { size } = await fsStat(temp);
      const res = await this.send('PUT', url, {
        body: createReadStream(temp),
        payloadHash: 'UNSIGNED-PAYLOAD',
        headers: { 'content-length': String(size) },
      });
      if (!res.ok) await this.fail(res, `PUT ${key}`);
      await res.arrayBuffer();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Sends the local file as it is (its size is known: no spooling). */
  async putFile(key: string, file: string): Promise<void> {
    const url = this.objectUrl(assertValidKey(key));
    const { size } = await fsStat(file);
    const res = await this.send('PUT', url, {
      body: createReadStream(file),
      payloadHash: 'UNSIGNED-PAYLOAD',
      headers: { 'content-length': String(size) },
    });
    if (!res.ok) await this.fail(res, `PUT ${key}`);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<StoredFile | null> {
    const res = await this.send('GET', this.objectUrl(assertValidKey(key)));
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok || !res.body) return this.fail(res, `GET ${key}`);
    const size = Number(res.headers.get('content-length') ?? '0');
    return { stream: Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>), size };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', this.objectUrl(assertValidKey(key)));
    if (!res.ok && res.status !== 404) await this.fail(res, `DELETE ${key}`);
    await res.arrayBuffer();
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const res = await this.send('HEAD', this.objectUrl(assertValidKey(key)));
    await res.arrayBuffer();
    if (res.status === 404) return null;
    if (!res.ok) return this.fail(res, `HEAD ${key}`);
    const modified = res.headers.get('last-modified');
    return {
      size: Number(res.headers.get('content-length') ?? '0'),
      modified: modified ? new Date(modified) : new Date(0),
    };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  private async listRaw(
    prefix: string,
    delimiter: string | null,
  ): Promise<{ files: StoredEntry[]; folders: string[] }> {
    const files: StoredEntry[] = [];
    const folders: string[] = [];
    let token: string | null = null;
    do {
      const url = new URL(`${uriEncode(this.options.bucket)}`, this.base);
      url.searchParams.set('list-type', '2');
      url.searchParams.set('prefix', `${this.root}${prefix}`);
      if (delimiter) url.searchParams.set('delimiter', delimiter);
      if (token) url.searchParams.set('continuation-token', token);
      const res = await this.send('GET', url);
      if (!res.ok) await this.fail(res, `LIST ${prefix}`);
      const xml = await res.text();
      for (const block of xmlValues(xml, 'Contents')) {
        const key = unescapeXml(xmlValues(block, 'Key')[0] ?? '').slice(this.root.length);
        if (!isValidKey(key) || this.isReserved(key)) continue;
        files.push({
          key,
          size: Number(xmlValues(block, 'Size')[0] ?? '0'),
          modified: new Date(xmlValues(block, 'LastModified')[0] ?? 0),
        });
      }
      for (const block of xmlValues(xml, 'CommonPrefixes')) {
        const folder = unescapeXml(xmlValues(block, 'Prefix')[0] ?? '').slice(this.root.length);
        if (!this.isReserved(folder)) folders.push(folder);
      }
      token =
        xmlValues(xml, 'IsTruncated')[0] === 'true'
          ? (xmlValues(xml, 'NextContinuationToken')[0] ?? null)
          : null;
    } while (token);
    return { files, folders };
  }

  async list(prefix: string): Promise<StoredEntry[]> {
    const { files } = await this.listRaw(prefix, null);
    return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
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
}
