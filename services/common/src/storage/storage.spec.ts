import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { AppError } from '../errors/app-error.js';
import { LocalFileStorage } from './local-file-storage.js';
import { assertValidKey, isValidKey, keyFromSegments } from './storage-key.js';

describe('storage keys', () => {
  it.each(['a.svg', 'items/3f1c.png', 'demo/square-1.svg', '_x', 'a/b/c/d.txt'])('accepts %p', (key) => {
    expect(isValidKey(key)).toBe(true);
  });

  it.each([
    ['parent directory', '../etc/passwd'],
    ['nested parent directory', 'items/../../secret'],
    ['a lone ..', '..'],
    ['current directory', './a.svg'],
    ['absolute path', '/etc/passwd'],
    ['Windows absolute path', 'C:\\Windows\\win.ini'],
    ['backslash traversal', '..\\secret'],
    ['NUL byte', 'a.svg\0.png'],
    ['empty key', ''],
    ['empty segment', 'items//a.svg'],
    ['trailing slash', 'items/'],
    ['hidden file', '.env'],
    ['space', 'a b.svg'],
    ['percent escape', '%2e%2e'],
    ['too many segments', 'a/b/c/d/e'],
    ['too long', 'a'.repeat(256)],
  ])('rejects %s', (_what, key) => {
    expect(isValidKey(key)).toBe(false);
    expect(() => assertValidKey(key)).toThrow(AppError);
  });

  it('rejects non-strings', () => {
    expect(isValidKey(undefined)).toBe(false);
    expect(isValidKey(42)).toBe(false);
  });

  it('builds keys from URL wildcard segments and answers 400 STORAGE.INVALID_KEY otherwise', () => {
    expect(keyFromSegments(['items', 'a.png'])).toBe('items/a.png');
    expect(keyFromSegments('a.png')).toBe('a.png');
    for (const bad of [['..', 'x'], ['a/../..', 'b'], ['/etc', 'passwd'], [1, 2], null]) {
      try {
        keyFromSegments(bad);
        throw new Error('accepted');
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).status).toBe(400);
        expect((e as AppError).code).toBe('STORAGE.INVALID_KEY');
      }
    }
  });
});

describe('LocalFileStorage', () => {
  let base: string;
  let storage: LocalFileStorage;

  beforeEach(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'agora-storage-'));
    storage = new LocalFileStorage(path.join(base, 'root'));
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('puts, reads, checks and deletes files below the root', async () => {
    await storage.put('items/a.svg', '<svg/>');
    await storage.put('b.txt', Buffer.from('bee'));
    await storage.put('c.txt', Readable.from(['sea', 'side']));
    expect(await readFile(path.join(base, 'root', 'items', 'a.svg'), 'utf8')).toBe('<svg/>');
    expect(await storage.exists('items/a.svg')).toBe(true);
    const file = await storage.get('c.txt');
    expect(file?.size).toBe(7);
    expect(await text(file!.stream)).toBe('seaside');
    await storage.delete('items/a.svg');
    await storage.delete('items/a.svg');
    expect(await storage.exists('items/a.svg')).toBe(false);
    expect(await storage.get('items/a.svg')).toBeNull();
  });

  it('stores a local file by moving it into place', async () => {
    const local = path.join(base, 'staged.bin');
    await writeFile(local, 'staged');
    await storage.put('items/a.bin', 'old');
    await storage.putFile('items/a.bin', local);
    expect(await text((await storage.get('items/a.bin'))!.stream)).toBe('staged');
    await expect(readFile(local)).rejects.toThrow();
    await expect(storage.putFile('../a.bin', local)).rejects.toBeInstanceOf(AppError);
  });

  it('replaces a file and leaves no temporary files behind', async () => {
    await storage.put('a.txt', 'one');
    await storage.put('a.txt', 'two');
    expect(await text((await storage.get('a.txt'))!.stream)).toBe('two');
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(path.join(base, 'root'))).toEqual(['a.txt']);
  });

  it('answers null for a missing root, a missing file and a directory', async () => {
    expect(await storage.get('nothing.txt')).toBeNull();
    await storage.put('dir/a.txt', 'a');
    expect(await storage.get('dir')).toBeNull();
    expect(await storage.exists('dir')).toBe(false);
  });

  it('never reads or writes outside the root', async () => {
    await writeFile(path.join(base, 'secret.txt'), 'secret');
    for (const key of ['../secret.txt', '/etc/passwd', `${base}/secret.txt`, 'a\0b']) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(AppError);
      await expect(storage.put(key, 'x')).rejects.toBeInstanceOf(AppError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(AppError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(AppError);
    }
    expect(await readFile(path.join(base, 'secret.txt'), 'utf8')).toBe('secret');
  });

  it('does not follow a symbolic link that leads outside the root', async () => {
    await writeFile(path.join(base, 'secret.txt'), 'secret');
    await mkdir(path.join(base, 'root'), { recursive: true });
    await symlink(path.join(base, 'secret.txt'), path.join(base, 'root', 'link.txt'));
    expect(await storage.get('link.txt')).toBeNull();
    expect(await storage.exists('link.txt')).toBe(false);
  });

  it('never writes or deletes through a linked folder that leads outside the root', async () => {
    const outside = path.join(base, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret.txt'), 'secret');
    await mkdir(path.join(base, 'root'), { recursive: true });
    await symlink(outside, path.join(base, 'root', 'items'));
    const refused = expect.objectContaining({ status: 400, code: 'STORAGE.OUTSIDE_ROOT' });
    await expect(storage.put('items/secret.txt', 'overwritten')).rejects.toEqual(refused);
    await expect(storage.put('items/new.txt', Readable.from(['x']))).rejects.toEqual(refused);
    await expect(storage.put('items/deeper/new.txt', 'x')).rejects.toEqual(refused);
    await expect(storage.delete('items/secret.txt')).rejects.toEqual(refused);
    const local = path.join(base, 'local.txt');
    await writeFile(local, 'moved');
    await expect(storage.putFile('items/moved.txt', local)).rejects.toEqual(refused);
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(outside)).toEqual(['secret.txt']);
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    // a link inside the root that leads inside it is an ordinary folder
    await mkdir(path.join(base, 'root', 'real'));
    await symlink(path.join(base, 'root', 'real'), path.join(base, 'root', 'alias'));
    await storage.put('alias/a.txt', 'a');
    expect(await readFile(path.join(base, 'root', 'real', 'a.txt'), 'utf8')).toBe('a');
    await storage.delete('alias/a.txt');
    expect(await storage.exists('real/a.txt')).toBe(false);
    // deleting in a missing root or folder is nothing to do
    await storage.delete('nowhere/a.txt');
    await new LocalFileStorage(path.join(base, 'none')).delete('a.txt');
  });

  describe('listings', () => {
    it('stats, lists by prefix and lists one folder, never showing links or hidden files', async () => {
      await storage.put('items/a.png', 'aa');
      await storage.put('items/b.png', 'bbb');
      await storage.put('backups/x.tar.gz', 'x');
      await storage.put('top.txt', 't');
      await writeFile(path.join(base, 'secret.txt'), 'secret');
      await symlink(path.join(base, 'secret.txt'), path.join(base, 'root', 'items', 'link.png'));
      await symlink(base, path.join(base, 'root', 'out'));
      await writeFile(path.join(base, 'root', '.hidden'), 'h');
      expect((await storage.stat('items/b.png'))?.size).toBe(3);
      expect(await storage.stat('items/none.png')).toBeNull();
      expect(await storage.stat('items/link.png')).toBeNull();
      expect((await storage.list('')).map((e) => e.key)).toEqual([
        'backups/x.tar.gz',
        'items/a.png',
        'items/b.png',
        'top.txt',
      ]);
      expect((await storage.list('items/')).map((e) => [e.key, e.size])).toEqual([
        ['items/a.png', 2],
        ['items/b.png', 3],
      ]);
      expect(await storage.list('nothing/')).toEqual([]);
      const root = await storage.listDirectory('');
      expect(root?.map((e) => [e.name, e.type])).toEqual([
        ['backups', 'dir'],
        ['items', 'dir'],
        ['top.txt', 'file'],
      ]);
      expect((await storage.listDirectory('items'))?.map((e) => e.name)).toEqual(['a.png', 'b.png']);
      expect(await storage.listDirectory('none')).toBeNull();
      expect(await storage.listDirectory('top.txt')).toBeNull();
      expect(await storage.listDirectory('out')).toBeNull();
      await expect(storage.listDirectory('../')).rejects.toBeInstanceOf(AppError);
    });

    it('writes a stream without leaving temporary files', async () => {
      await storage.put('big/file.bin', Readable.from([Buffer.alloc(100_000, 1), Buffer.alloc(50_000, 2)]));
      expect((await storage.stat('big/file.bin'))?.size).toBe(150_000);
      expect((await storage.list('big/')).length).toBe(1);
    });
  });
});
