import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { IDENTITY_HEADER } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createLibraryService } from '../index.js';

describe('GET /library/files/<key>', () => {
  let svc: TestService;
  let base: string;
  let root: string;

  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'agora-files-'));
    root = path.join(base, 'storage');
    await mkdir(path.join(root, 'items'), { recursive: true });
    await writeFile(path.join(root, 'items', 'map.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(root, 'items', 'page.html'), '<script>alert(1)</script>');
    await writeFile(path.join(base, 'secret.txt'), 'top secret');
    await symlink(path.join(base, 'secret.txt'), path.join(root, 'items', 'link.txt'));
    svc = await bootTestService(createLibraryService({ STORAGE_DIR: root }));
    await svc.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await svc?.close();
    await rm(base, { recursive: true, force: true });
  });

  const get = (url: string) =>
    request(svc.app.getHttpServer()).get(url).set(IDENTITY_HEADER, svc.identity(null));

  /** A request with the path sent byte for byte (supertest's URL parsing would resolve `..`). */
  const raw = (rawPath: string) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const { port } = svc.app.getHttpServer().address() as AddressInfo;
      const req = http.request(
        { host: '127.0.0.1', port, path: rawPath, headers: { [IDENTITY_HEADER]: svc.identity(null) } },
        (res) => {
          let data = '';
          res.on('data', (c: Buffer) => (data += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data ? JSON.parse(data) : null }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('serves a stored file to anonymous visitors with its content type and nosniff', async () => {
    const res = await get('/library/files/items/map.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-disposition']).toBe('inline; filename="map.svg"');
    expect(res.body.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('offers files of unknown types as downloads, never as html', async () => {
    const res = await get('/library/files/items/page.html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment; filename="page.html"');
  });

  it('never serves a file outside the public folders: backups above all, to anyone', async () => {
    // As earlier versions kept backups: in the public storage, a timestamp and three random bytes for a name.
    const backup = 'library-20260101-000000-abcdef.tar.gz';
    for (const folder of ['backups', 'private', 'other', 'private/backups']) {
      await mkdir(path.join(root, folder), { recursive: true });
      await writeFile(path.join(root, folder, backup), 'archive');
    }
    await writeFile(path.join(root, 'top.png'), 'png');
    const admin = {
      uuid: '0b0c6a3e-3f59-4a4e-8d7e-1d7a1c0f0a01',
      username: 'admin',
      firstname: 'A',
      lastname: 'B',
      email: 'admin@example.org',
      role: 'admin' as const,
    };
    for (const url of [
      `/library/files/backups/${backup}`,
      `/library/files/private/${backup}`,
      `/library/files/private/backups/${backup}`,
      `/library/files/other/${backup}`,
      `/library/files/backups%2f${backup}`,
      `/library/files/items/..%2fbackups%2f${backup}`,
      '/library/files/top.png',
    ]) {
      for (const who of [null, admin]) {
        const res = await request(svc.app.getHttpServer()).get(url).set(IDENTITY_HEADER, svc.identity(who));
        expect([url, res.status]).toEqual([url, expect.any(Number)]);
        expect([400, 404]).toContain(res.status);
        expect(res.body).toEqual(expect.objectContaining({ Error: expect.any(String) }));
        expect(res.headers['cache-control'] ?? '').not.toContain('public');
      }
    }
    expect((await get(`/library/files/backups/${backup}`)).body).toEqual({
      Error: 'file not found',
      code: 'LIBRARY.FILE_NOT_FOUND',
    });
  });

  it('still requires the gateway-signed identity', async () => {
    const res = await request(svc.app.getHttpServer()).get('/library/files/items/map.svg');
    expect(res.status).toBe(401);
    expect(res.body.Error).toBe('missing or invalid identity');
  });

  it('answers 404 {"Error"} for a missing file, a folder and a link out of the storage', async () => {
    for (const url of [
      '/library/files/items/none.svg',
      '/library/files/items',
      '/library/files/items/link.txt',
    ]) {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ Error: 'file not found', code: 'LIBRARY.FILE_NOT_FOUND' });
    }
  });

  it.each([
    '/library/files/..%2fsecret.txt',
    '/library/files/..%2F..%2Fetc%2Fpasswd',
    '/library/files/items/..%2f..%2fsecret.txt',
    '/library/files/%2fetc%2fpasswd',
    '/library/files/items%5c..%5c..%5csecret.txt',
    '/library/files/.hidden',
  ])('refuses the unsafe key %s with 400 {"Error"}', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Error: 'invalid file key', code: 'STORAGE.INVALID_KEY' });
  });

  it('refuses a key with a NUL character before it reaches the storage', async () => {
    const res = await get('/library/files/items/map.svg%00.png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Error: 'invalid character in the request', code: 'REQUEST.INVALID' });
  });

  it.each([
    '/library/files/../../secret.txt',
    '/library/files/items/../../secret.txt',
    '/library/files/%2e%2e/secret.txt',
  ])('never serves %s sent literally', async (rawPath) => {
    const res = await raw(rawPath);
    expect([400, 404]).toContain(res.status);
    expect(res.body).toEqual(expect.objectContaining({ Error: expect.any(String) }));
  });
});
