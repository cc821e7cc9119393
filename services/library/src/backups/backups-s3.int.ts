import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IDENTITY_HEADER, type SessionUser } from '@agora/contracts';
import {
  bootTestService,
  startTestS3Server,
  type TestS3Server,
  type TestService,
} from '@agora/common/testing';
import request from 'supertest';
import { createLibraryService } from '../index.js';
import { FILE_STORAGE, PRIVATE_FILE_STORAGE, type FileStorage, S3FileStorage } from '@agora/common/storage';
import { pngBytes } from '../../test/backup-test-helpers.js';
import { BackupQueue } from './backup-queue.js';

/** Export and restore with the files in an S3-compatible store (s3rver, started here) instead of a folder. */
describe('library backups on S3-compatible storage', () => {
  let dir: string;
  let server: TestS3Server;
  let svc: TestService;
  const admin: SessionUser = {
    uuid: randomUUID(),
    username: 'admin',
    firstname: 'A',
    lastname: 'B',
    email: 'a@x.test',
    role: 'admin',
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agora-backups-s3-'));
    server = await startTestS3Server('library');
    svc = await bootTestService(
      createLibraryService({ ...server.env, BACKUP_STAGING_DIR: path.join(dir, 'staging') }),
    );
  });
  afterAll(async () => {
    await svc?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const call = () => {
    const agent = request(svc.app.getHttpServer());
    return {
      get: (u: string) => agent.get(u).set(IDENTITY_HEADER, svc.identity(admin)),
      post: (u: string) => agent.post(u).set(IDENTITY_HEADER, svc.identity(admin)),
      put: (u: string) => agent.put(u).set(IDENTITY_HEADER, svc.identity(admin)),
    };
  };

  it('exports to and restores from the object store', async () => {
    const storage = svc.app.get<FileStorage>(FILE_STORAGE);
    expect(storage).toBeInstanceOf(S3FileStorage);
    const id = randomUUID();
    const image = pngBytes(5000);
    await storage.put(`items/${id}.png`, image);
    await svc.db.query(
      `INSERT INTO library.library_item (id, title, resource_key, mime, width, height) VALUES ($1, 'one', $2, 'image/png', 1, 1)`,
      [id, `items/${id}.png`],
    );
    const started = await call().post('/libraryExport');
    await svc.app.get(BackupQueue).settled(started.body.job as string);
    const exported = (await call().get(`/libraryExport/job/${started.body.job}`)).body;
    expect(exported).toEqual(expect.objectContaining({ state: 'done' }));
    // The archive is in the private area of the bucket, which the public storage never lists nor serves.
    const privateArea = svc.app.get<FileStorage>(PRIVATE_FILE_STORAGE);
    expect((await privateArea.list('backups/')).map((e) => e.key)).toEqual([`backups/${exported.filename}`]);
    expect(await storage.list('backups/')).toEqual([]);
    expect((await call().get(`/library/files/backups/${exported.filename}`)).status).toBe(404);

    await svc.db.query(`DELETE FROM library.library_item`);
    await storage.delete(`items/${id}.png`);
    const restore = await call().put(
      `/libraryExport/scope/restore-from-server-file/filename/${exported.filename}`,
    );
    await svc.app.get(BackupQueue).settled(restore.body.job as string);
    expect((await call().get(`/libraryExport/job/${restore.body.job}`)).body).toEqual(
      expect.objectContaining({ state: 'done' }),
    );
    expect(await svc.db.query(`SELECT title FROM library.library_item`)).toEqual([{ title: 'one' }]);
    const file = await storage.get(`items/${id}.png`);
    const chunks: Buffer[] = [];
    for await (const c of file!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(image);
  });
});
