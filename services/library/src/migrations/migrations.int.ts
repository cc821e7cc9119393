import { createMigrationTestBed, type MigrationTestBed } from '@agora/common/testing';
import type { DataSource } from 'typeorm';
import { PgJobStore } from '../backups/backup-job-store.js';
import { BackupJobs } from '../backups/backup-jobs.js';
import { libraryStorage } from '../index.js';

const TABLES = ['backup', 'backup_job', 'documentation', 'library_item', 'library_view'];

describe('library migrations', () => {
  let bed: MigrationTestBed;
  let ds: DataSource;

  beforeAll(async () => {
    bed = await createMigrationTestBed(libraryStorage, 'agora_library_mig');
  });
  afterAll(() => bed?.close());
  const tables = () => bed.tables();

  it('run up, down and up again cleanly', async () => {
    expect(await bed.migrate()).toEqual(libraryStorage.migrations.map((m) => new m().name));
    ds = await bed.dataSource();
    expect(await tables()).toEqual(TABLES);
    const indexes = await ds.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'library' AND indexname = 'library_item_tags_gin'`,
    );
    expect(indexes[0].indexdef).toContain('USING gin (tags)');

    for (let i = 0; i < libraryStorage.migrations.length; i++)
      await ds.undoLastMigration({ transaction: 'each' });
    expect(await tables()).toEqual([]);
    expect(await ds.query(`SELECT count(*)::int AS n FROM library.migrations`)).toEqual([{ n: 0 }]);

    expect((await ds.runMigrations({ transaction: 'each' })).length).toBe(libraryStorage.migrations.length);
    expect(await tables()).toEqual(TABLES);
  });

  it('enforce the documentation type and content, and unique uris', async () => {
    await ds.query(
      `INSERT INTO library.documentation (uri, title, type, html) VALUES ('rules', 'Κανόνες', 'html', '<p>x</p>')`,
    );
    await expect(
      ds.query(
        `INSERT INTO library.documentation (uri, title, type, html) VALUES ('rules', 'Again', 'html', '')`,
      ),
    ).rejects.toMatchObject({ driverError: { code: '23505' } });
    await expect(
      ds.query(`INSERT INTO library.documentation (uri, title, type) VALUES ('video', 'Video', 'video')`),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
    await expect(
      ds.query(
        `INSERT INTO library.documentation (uri, title, type, html) VALUES ('file', 'File', 'resource', '<p/>')`,
      ),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
    await ds.query(
      `INSERT INTO library.documentation (uri, title, type, resource_key) VALUES ('plan', 'Σχέδιο', 'resource', 'docs/plan.pdf')`,
    );
  });

  it('share backup jobs between instances: one runs at a time, any instance reads it, a dead one is taken over', async () => {
    const here = new BackupJobs(new PgJobStore(ds));
    const there = new BackupJobs(new PgJobStore(ds));
    let release: () => void = () => undefined;
    const job = await here.start('export', async (control) => {
      control.progress(25);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await expect(there.start('restore', async () => undefined)).rejects.toMatchObject({
      code: 'BACKUP.BUSY',
    });
    await expect(there.assertIdle()).rejects.toMatchObject({ code: 'BACKUP.BUSY' });
    release();
    await here.idle();
    await expect(there.get(job.id)).resolves.toMatchObject({ state: 'done', progress: 100 });
    await expect(there.get('not-a-uuid')).rejects.toMatchObject({ status: 404 });

    // An instance that stopped mid-job: its row stays 'running' without saves. After four missed heartbeats the
    // next start marks it interrupted and runs.
    const dead = '00000000-0000-4000-8000-000000000001';
    await ds.query(
      `INSERT INTO library.backup_job (id, kind, state, updated) VALUES ($1, 'restore', 'running', now() - interval '1 hour')`,
      [dead],
    );
    await expect(there.assertIdle()).resolves.toBeUndefined();
    const next = await there.start('export', async () => undefined);
    await there.idle();
    await expect(here.get(dead)).resolves.toMatchObject({ state: 'failed', code: 'BACKUP.INTERRUPTED' });
    await expect(here.get(next.id)).resolves.toMatchObject({ state: 'done' });
    // ...while a live running row (recent save) blocks every instance.
    await ds.query(`INSERT INTO library.backup_job (id, kind, state) VALUES ($1, 'export', 'running')`, [
      '00000000-0000-4000-8000-000000000002',
    ]);
    await expect(here.start('export', async () => undefined)).rejects.toMatchObject({ code: 'BACKUP.BUSY' });
  });
});
