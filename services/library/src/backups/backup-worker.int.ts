import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { getQueueToken } from '@nestjs/bullmq';
import { bootTestService, type TestService } from '@agora/common/testing';
import type { Queue } from 'bullmq';
import { callAs, testUser } from '../../test/library-test-bed.js';
import { createLibraryService } from '../index.js';
import { FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { fileSnapshot, pngBytes, readTarGz, webpBytes } from '../../test/backup-test-helpers.js';
import { BACKUPS_QUEUE, BackupQueue, type BackupJob, type BackupJobData } from './backup-queue.js';
import { BackupWorker } from './backup-worker.js';

/**
 * Backup jobs on both queue backends: a job handled twice changes nothing the second time, and a job whose
 * worker was stopped in the middle (as a killed process leaves it) is taken again by a new worker and finishes
 * once in effect.
 */
describe.each([
  ['the Postgres queue backend', false],
  ['Redis', true],
])('backup jobs on %s', (_backend, redis) => {
  let dir: string;
  let root: string;
  let svc: TestService;
  const admin = testUser('admin');
  const call = () => callAs(svc, admin);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agora-backup-worker-'));
    root = path.join(dir, 'storage');
    await mkdir(path.join(root, 'items'), { recursive: true });
    svc = await bootTestService(
      createLibraryService({
        STORAGE_DIR: root,
        BACKUP_STAGING_DIR: path.join(dir, 'staging'),
        // A stopped worker's job is taken again after one second (the default is a minute).
        BACKUP_JOB_LOCK_MS: '1000',
      }),
      { redis },
    );
    for (let i = 0; i < 3; i += 1) {
      const id = randomUUID();
      await writeFile(path.join(root, 'items', `${id}.png`), pngBytes());
      await writeFile(path.join(root, 'items', `${id}.thumb.webp`), webpBytes());
      await svc.db.query(
        `INSERT INTO library.library_item (id, title, resource_key, thumbnail_key, mime, width, height)
         VALUES ($1, $2, $3, $4, 'image/png', 1, 1)`,
        [id, `item ${i}`, `items/${id}.png`, `items/${id}.thumb.webp`],
      );
    }
  });
  afterAll(async () => {
    await svc?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const jobs = () => svc.app.get(BackupQueue);
  const worker = () => svc.app.get(BackupWorker);
  const queued = async (id: string): Promise<BackupJob> => {
    const job = await svc.app.get<Queue<BackupJobData>>(getQueueToken(BACKUPS_QUEUE)).getJob(id);
    if (!job) throw new Error(`no job ${id}`);
    return job as BackupJob;
  };
  const finished = async (id: string) => {
    await jobs().settled(id);
    return (await call().get(`/libraryExport/job/${id}`)).body as Record<string, unknown>;
  };
  const backups = async () =>
    (await call().get('/libraryExport')).body as Array<{ filename: string; source: string }>;
  const snapshot = async () => ({
    rows: await svc.db.query(`SELECT row_to_json(t)::text AS j FROM library.library_item t ORDER BY id`),
    files: await fileSnapshot(root),
  });
  const archiveOf = (filename: string) => readFile(path.join(`${root}-private`, 'backups', filename));

  /** Makes the next call of `method` of the public storage never answer; resolves when it is made. */
  function stallNext(method: 'get' | 'putFile'): Promise<void> {
    const storage = svc.app.get<FileStorage>(FILE_STORAGE);
    return new Promise((entered) => {
      const never = () => {
        entered();
        return new Promise<never>(() => undefined);
      };
      if (method === 'get') jest.spyOn(storage, 'get').mockImplementationOnce(never);
      else jest.spyOn(storage, 'putFile').mockImplementationOnce(never);
    });
  }

  /** Stops the worker while its job runs (the job keeps its hold until it lapses) and starts a new one. */
  async function restartWorker(): Promise<void> {
    await worker().stop(true);
    worker().start();
  }

  let exported: string;

  it('finishes an export whose worker was stopped in the middle, once', async () => {
    const stalled = stallNext('get');
    const started = await call().post('/libraryExport');
    expect(started.status).toBe(200);
    const id = started.body.job as string;
    await stalled;
    await restartWorker();
    const job = await finished(id);
    expect(job).toEqual(expect.objectContaining({ state: 'done', progress: 100, kind: 'export' }));
    exported = job.filename as string;
    expect((await backups()).filter((b) => b.filename === exported)).toHaveLength(1);
    const entries = await readTarGz(await archiveOf(exported));
    expect([...entries.keys()].filter((k) => k.startsWith('files/'))).toHaveLength(6);
  });

  it('does nothing when an export job is handled again', async () => {
    const [first] = await backups();
    const id = (await call().post('/libraryExport')).body.job as string;
    expect(await finished(id)).toEqual(expect.objectContaining({ state: 'done' }));
    const before = await backups();
    const job = await queued(id);
    const archive = await archiveOf(job.data.filename);
    await worker().process(job);
    expect(await backups()).toEqual(before);
    expect(await archiveOf(job.data.filename)).toEqual(archive);
    expect(before.map((b) => b.filename)).toContain(first.filename);
  });

  it('finishes a restore whose worker was stopped while copying files in, once', async () => {
    const expected = await snapshot();
    const archive = await archiveOf(exported);
    // The library changes: every file is replaced, and an item goes.
    for (const key of Object.keys(expected.files)) await writeFile(path.join(root, key), pngBytes());
    await svc.db.query(`DELETE FROM library.library_item WHERE title = 'item 0'`);
    const before = await backups();

    const stalled = stallNext('putFile');
    const started = await call()
      .put('/libraryExport/scope/restore-from-local-file')
      .attach('archive', archive, 'backup.tar.gz');
    expect(started.status).toBe(200);
    const id = started.body.job as string;
    await stalled;
    await restartWorker();
    expect(await finished(id)).toEqual(expect.objectContaining({ state: 'done', progress: 100 }));
    expect(await snapshot()).toEqual(expected);
    const after = await backups();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((b) => b.source === 'upload')).toHaveLength(1);

    // Handled again: nothing changes, no second backup is listed.
    await worker().process(await queued(id));
    expect(await snapshot()).toEqual(expected);
    expect(await backups()).toEqual(after);
  });

  it('leaves the library as one restore does when a restore from a stored backup is handled again', async () => {
    const expected = await snapshot();
    await svc.db.query(`DELETE FROM library.library_item`);
    const id = (await call().put(`/libraryExport/scope/restore-from-server-file/filename/${exported}`)).body
      .job as string;
    expect(await finished(id)).toEqual(expect.objectContaining({ state: 'done', filename: exported }));
    expect(await snapshot()).toEqual(expected);
    await worker().process(await queued(id));
    expect(await snapshot()).toEqual(expected);
  });
});
