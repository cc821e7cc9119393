import { createMigrationTestBed, type MigrationTestBed } from '@agora/common/testing';
import type { DataSource } from 'typeorm';
import { libraryStorage } from '../index.js';

const TABLES = ['audit_anchor', 'audit_log', 'backup', 'documentation', 'library_item', 'library_view'];

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
});
