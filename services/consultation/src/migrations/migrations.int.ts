import { createMigrationTestBed, type MigrationTestBed } from '@agora/common/testing';
import type { DataSource } from 'typeorm';
import { consultationStorage } from '../index.js';

const TABLES = [
  'admin_active_category',
  'answer',
  'answer_file',
  'answer_file_removed',
  'answer_value',
  'attribute',
  'attribute_feature',
  'category',
  'node',
  'profile_answer',
  'profile_choice',
  'profile_question',
  'profile_weight',
  'project',
  'social_reaction',
  'thread',
  'thread_post',
  'variable',
];

describe('consultation migrations', () => {
  let bed: MigrationTestBed;
  let ds: DataSource;

  beforeAll(async () => {
    bed = await createMigrationTestBed(consultationStorage, 'agora_consultation_mig');
  });
  afterAll(() => bed?.close());
  const tables = () => bed.tables();

  it('run up, down and up again cleanly', async () => {
    expect(await bed.migrate()).toEqual(consultationStorage.migrations.map((m) => new m().name));
    ds = await bed.dataSource();
    expect(await tables()).toEqual(TABLES);
    const [column] = await ds.query(
      `SELECT type, srid FROM public.geometry_columns WHERE f_table_schema = 'consultation' AND f_table_name = 'project'`,
    );
    expect(column).toEqual({ type: 'POINT', srid: 4326 });
    const [gist] = await ds.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'project_center_gist'`);
    expect(gist.indexdef).toContain('USING gist (center)');

    for (let i = 0; i < consultationStorage.migrations.length; i++)
      await ds.undoLastMigration({ transaction: 'each' });
    expect(await tables()).toEqual([]);
    expect(await ds.query(`SELECT extname FROM pg_extension WHERE extname = 'postgis'`)).toEqual([
      { extname: 'postgis' },
    ]);

    expect((await ds.runMigrations({ transaction: 'each' })).length).toBe(
      consultationStorage.migrations.length,
    );
    expect(await tables()).toEqual(TABLES);
  });

  it('enforce dates, the SRID, unique short names and cascade deletes', async () => {
    await ds.query(
      `INSERT INTO consultation.category (token, mname, title) VALUES ('00000000-0000-4000-8000-000000000001', 'c', 'C')`,
    );
    const insert = (mname: string, start: string, end: string, center = 'NULL') =>
      ds.query(
        `INSERT INTO consultation.project (mname, title, start_date, end_date, center, category)
         VALUES ('${mname}', 'T', '${start}', '${end}', ${center}, '00000000-0000-4000-8000-000000000001')`,
      );
    await insert('ok', '2026-11-01', '2026-11-01');
    await expect(insert('backwards', '2026-11-02', '2026-11-01')).rejects.toMatchObject({
      driverError: { code: '23514' },
    });
    await expect(insert('ok', '2026-11-01', '2026-11-02')).rejects.toMatchObject({
      driverError: { code: '23505' },
    });
    await expect(
      insert(
        'greek-grid',
        '2026-11-01',
        '2026-11-02',
        'public.ST_SetSRID(public.ST_MakePoint(475920, 4203764), 2100)',
      ),
    ).rejects.toMatchObject({ driverError: { code: '22023' } });
    const [row] = await ds.query(
      `SELECT wms_services, legislation, max_bytes FROM consultation.project WHERE mname = 'ok'`,
    );
    expect(row).toEqual({ wms_services: [], legislation: [], max_bytes: '10485760' });

    await ds.query(`DELETE FROM consultation.category`);
    expect(await ds.query(`SELECT count(*)::int AS n FROM consultation.project`)).toEqual([{ n: 0 }]);
  });
});
