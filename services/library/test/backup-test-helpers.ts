import { createHash, randomBytes } from 'node:crypto';
import { readFile, lstat } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync, gunzipSync, gzipSync } from 'node:zlib';
import { Header, Parser, type ReadEntry } from 'tar';
import { walkFiles } from '../src/backups/backup-content.js';

/** Test helpers: hand-made tar.gz archives (hostile ones included) and snapshots of a library. */

export interface RawEntry {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'CharacterDevice' | 'FIFO';
  body?: Buffer | string;
  linkpath?: string;
  /** Size written in the header (defaults to the body's). */
  size?: number;
}

/** A .tar.gz written byte by byte, whatever the paths and types say (no sanitising). */
export function makeTarGz(entries: RawEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = typeof e.body === 'string' ? Buffer.from(e.body) : (e.body ?? Buffer.alloc(0));
    const type = e.type ?? 'File';
    const size = e.size ?? (type === 'File' ? body.length : 0);
    const block = Buffer.alloc(512);
    new Header({
      path: e.path,
      mode: type === 'Directory' ? 0o755 : 0o644,
      uid: 0,
      gid: 0,
      size,
      mtime: new Date('2026-01-01T00:00:00Z'),
      type,
      linkpath: e.linkpath ?? '',
      uname: '',
      gname: '',
    }).encode(block, 0);
    blocks.push(block);
    if (type === 'File' && body.length) {
      blocks.push(body);
      const rest = body.length % 512;
      if (rest) blocks.push(Buffer.alloc(512 - rest));
    }
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}

/** The entries of a .tar.gz (path → bytes), for reading our own exports in tests. */
export async function readTarGz(archive: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const parser = new Parser({ strict: true });
  parser.on('entry', (entry: ReadEntry) => {
    const chunks: Buffer[] = [];
    entry.on('data', (c: Buffer) => chunks.push(c));
    entry.on('end', () => out.set(entry.path, Buffer.concat(chunks)));
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on('end', () => resolve());
    parser.on('error', reject);
  });
  parser.end(gunzipSync(archive));
  await done;
  return out;
}

/** Rewrites an archive: entries as `edit` returns them (in order). */
export async function editTarGz(archive: Buffer, edit: (entries: RawEntry[]) => RawEntry[]): Promise<Buffer> {
  const entries = [...(await readTarGz(archive)).entries()].map(([p, body]) => ({ path: p, body }));
  return makeTarGz(edit(entries));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of random pixels (about `size` bytes: random pixels do not compress), different every call. */
export function pngBytes(size = 2000): Buffer {
  const width = Math.max(1, Math.ceil(size / 3));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(row)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 2×2 lossless WebP. */
export function webpBytes(): Buffer {
  return Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvAUAAAAdQ5CrUo/+BiOh/AAA=', 'base64');
}

export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n% test document\n%%EOF\n');
}

/** Every file below `root` (path → sha256), links listed as links, to compare a storage before and after. */
export async function fileSnapshot(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of walkFiles(root, '', { keepLinks: true })) {
    const full = path.join(root, ...key.split('/'));
    out[key] = (await lstat(full)).isSymbolicLink()
      ? 'link'
      : createHash('sha256')
          .update(await readFile(full))
          .digest('hex');
  }
  return out;
}
