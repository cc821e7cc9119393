import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { S3FileStorage } from './s3-file-storage.js';

/**
 * Against s3rver, a local S3-compatible server. It checks the access key but not Signature Version 4 itself:
 * the signatures are checked against the published AWS examples in `sigv4.spec.ts`.
 */
describe('S3FileStorage', () => {
  let dir: string;
  let server: S3rver;
  let storage: S3FileStorage;
  const options = { bucket: 'agora', region: 'us-east-1', accessKey: 'S3RVER', secretKey: 'S3RVER' };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agora-s3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'agora' }],
    });
    const address = (await server.run()) as AddressInfo;
    storage = new S3FileStorage({ ...options, endpoint: `http://127.0.0.1:${address.port}` });
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
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

  it('keeps a private area below private/ that the public storage can neither address nor list', async () => {
    const endpoint = (storage as unknown as { base: URL }).base.href;
    const privateArea = new S3FileStorage({ ...options, endpoint, area: 'private' });
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

  it('stores a local file as it is', async () => {
    const local = path.join(dir, 'staged.bin');
    await writeFile(local, Buffer.alloc(50_000, 3));
    await storage.putFile('items/staged.bin', local);
    expect((await storage.stat('items/staged.bin'))?.size).toBe(50_000);
    const stored = await storage.get('items/staged.bin');
    expect(await buffer(stored!.stream)).toEqual(Buffer.alloc(50_000, 3));
    await expect(storage.putFile('../x.bin', local)).rejects.toThrow();
  });

  it('fails with an unknown access key instead of pretending', async () => {
    const address = server.httpServer!.address() as AddressInfo;
    const wrong = new S3FileStorage({
      ...options,
      accessKey: 'NOPE',
      endpoint: `http://127.0.0.1:${address.port}`,
    });
    await expect(wrong.put('a.txt', 'x')).rejects.toThrow(/S3 PUT a.txt failed: 403/);
  });
});
