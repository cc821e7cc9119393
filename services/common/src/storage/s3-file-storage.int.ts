import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server.js';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

const MIB = 1024 * 1024;

/** A stream of `parts` chunks of 1 MiB (each filled with its index), made as it is read. */
function chunks(parts: number, failAt?: number): Readable {
  let i = 0;
  return new Readable({
    read() {
      if (i === failAt) return this.destroy(new Error('the client went away'));
      if (i === parts) return this.push(null);
      this.push(Buffer.alloc(MIB, i++ % 256));
    },
  });
}

let server: TestS3Server;
let dir: string;
beforeAll(async () => {
  server = await startTestS3Server('agora');
  dir = await mkdtemp(path.join(os.tmpdir(), 'agora-store-'));
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const s3 = (area?: 'public' | 'private') => new S3FileStorage({ ...server, area });

/** The same behaviour from both kinds of store (an S3-compatible server started here, and a local folder). */
describe.each([
  ['an S3-compatible store', () => s3()],
  ['a local folder', () => new LocalFileStorage(path.join(dir, 'local'))],
])('the file store on %s', (_kind, make: () => FileStorage) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  it('puts (buffer and stream), reads, stats, lists and deletes', async () => {
    await storage.put('items/a.png', Buffer.from('png-bytes'));
    await storage.put('items/c.png', Readable.from([Buffer.alloc(70_000, 7), Buffer.alloc(30_000, 8)]));
    await storage.put('backups/x.tar.gz', 'archive');
    expect(await storage.exists('items/c.png')).toBe(true);
    expect((await storage.stat('items/c.png'))?.size).toBe(100_000);
    expect(await storage.stat('items/none.png')).toBeNull();
    const file = await storage.get('backups/x.tar.gz');
    expect(file?.size).toBe(7);
    expect(await text(file!.stream)).toBe('archive');
    expect(await storage.get('none.txt')).toBeNull();
    expect((await storage.list('items/')).map((e) => [e.key, e.size])).toEqual([
      ['items/a.png', 9],
      ['items/c.png', 100_000],
    ]);
    expect((await storage.listDirectory(''))?.map((e) => [e.name, e.type])).toEqual([
      ['backups', 'dir'],
      ['items', 'dir'],
    ]);
    expect(await storage.listDirectory('nothing')).toBeNull();
    await storage.delete('items/c.png');
    await storage.delete('items/c.png');
    expect(await storage.exists('items/c.png')).toBe(false);
  });

  it('streams a file of several parts in and out unchanged', async () => {
    await storage.put('big/twelve.bin', chunks(12));
    expect((await storage.stat('big/twelve.bin'))?.size).toBe(12 * MIB);
    const back = await buffer((await storage.get('big/twelve.bin'))!.stream);
    expect(back.length).toBe(12 * MIB);
    for (let i = 0; i < 12; i += 1) expect(back[i * MIB + 123]).toBe(i);
  });

  it('keeps nothing of a stream that fails on the way, and the file it would replace stays', async () => {
    await storage.put('big/kept.bin', 'the old one');
    await expect(storage.put('big/kept.bin', chunks(12, 7))).rejects.toThrow();
    await expect(storage.put('big/never.bin', chunks(12, 2))).rejects.toThrow();
    expect(await storage.exists('big/never.bin')).toBe(false);
    expect(await text((await storage.get('big/kept.bin'))!.stream)).toBe('the old one');
  });

  it('stores a local file as it is', async () => {
    const local = path.join(dir, 'staged.bin');
    await writeFile(local, Buffer.alloc(50_000, 3));
    await storage.putFile('items/staged.bin', local);
    expect((await storage.stat('items/staged.bin'))?.size).toBe(50_000);
    const stored = await storage.get('items/staged.bin');
    expect(await buffer(stored!.stream)).toEqual(Buffer.alloc(50_000, 3));
    await expect(storage.putFile('../x.bin', local)).rejects.toThrow();
  });
});

describe('the file store on an S3-compatible store', () => {
  it('keeps a private area below private/ that the public storage can neither address nor list', async () => {
    const storage = s3();
    const privateArea = s3('private');
    await privateArea.put('backups/y.tar.gz', 'secret archive');
    expect(await text((await privateArea.get('backups/y.tar.gz'))!.stream)).toBe('secret archive');
    expect((await privateArea.list('')).map((e) => e.key)).toEqual(['backups/y.tar.gz']);
    expect((await privateArea.listDirectory(''))?.map((e) => e.name)).toEqual(['backups']);
    // The public storage: the private objects are not its keys.
    for (const key of ['private/backups/y.tar.gz', 'private'])
      await expect(storage.get(key)).rejects.toMatchObject({ code: 'STORAGE.INVALID_KEY' });
    await expect(storage.put('private/x.png', 'x')).rejects.toMatchObject({ code: 'STORAGE.INVALID_KEY' });
    expect((await storage.list('')).map((e) => e.key).filter((k) => k.includes('y.tar.gz'))).toEqual([]);
    expect((await storage.listDirectory(''))?.map((e) => e.name)).not.toContain('private');
    expect(await storage.listDirectory('private')).toBeNull();
    await privateArea.delete('backups/y.tar.gz');
    expect(await privateArea.exists('backups/y.tar.gz')).toBe(false);
  });

  it('fails with an unknown access key instead of pretending', async () => {
    const wrong = new S3FileStorage({ ...server, accessKey: 'NOPE' });
    await expect(wrong.put('a.txt', 'x')).rejects.toThrow(/S3 PUT a.txt failed: 403/);
  });
});
