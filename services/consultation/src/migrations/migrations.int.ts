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
  'audit_anchor',
  'audit_log',
  'category',
  'node',
  'profile_answer',
  'profile_choice',
  'profile_question',
  'profile_weight',
  'project',
  'social_reaction',
  'statistics_change',
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

  /** Undoes the migrations after `name` (it included when `including`), newest first. */
  const undoTo = async (name: string, including: boolean) => {
    const names = consultationStorage.migrations.map((m) => new m().name);
    const keep = names.indexOf(name) + (including ? 0 : 1);
    for (let i = names.length; i > keep; i--) await ds.undoLastMigration({ transaction: 'each' });
  };

  /** A category, project, topic, attribute, variable and one answer of it: the answer's token and the variable's. */
  const answerOf = async (): Promise<{ answer: string; variable: string }> => {
    const [row] = await ds.query(`
      WITH c AS (INSERT INTO consultation.category (mname, title) VALUES ('values', 'V') RETURNING token),
      p AS (INSERT INTO consultation.project (mname, title, start_date, end_date, category)
        SELECT 'values', 'V', '2026-11-01', '2026-11-30', token FROM c RETURNING token),
      n AS (INSERT INTO consultation.node (project, title, mname) SELECT token, 'T', 't' FROM p
        RETURNING token, project),
      a AS (INSERT INTO consultation.attribute (node, name, mname) SELECT token, 'A', 'a' FROM n
        RETURNING token, node),
      v AS (INSERT INTO consultation.variable (attribute, mname) SELECT token, 'v' FROM a RETURNING token),
      ans AS (INSERT INTO consultation.answer (project, node, attribute, owner)
        SELECT n.project, n.token, a.token, gen_random_uuid() FROM n, a RETURNING token)
      SELECT ans.token AS answer, v.token AS variable FROM ans, v`);
    return row;
  };

  it('keep a geometric value once, as its FeatureCollection text, and bring the copy back on the way down', async () => {
    await undoTo('GeometricValueOnce1795400710000', true);
    const { answer, variable } = await answerOf();
    const points = `public.ST_SetSRID(public.ST_GeomFromText('MULTIPOINT((23.7 37.9),(23.701 37.9))'), 4326)`;
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [23.7, 37.9] },
          properties: { choice: 1 },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [23.701, 37.9] },
          properties: { choice: 0 },
        },
      ],
    });
    // as the service wrote it (the text and its copy), and a row with the copy alone
    await ds.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, text_value, geom)
       VALUES ($1, $2, 'geom_point', $3, ${points}), ($1, $2, 'geom_select', NULL, ${points})`,
      [answer, variable, text],
    );
    await ds.runMigrations({ transaction: 'each' });

    const columns = await ds.query(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = 'consultation' AND table_name = 'answer_value' AND column_name = 'geom'`,
    );
    expect(columns).toEqual([]);
    const stored = await ds.query(
      `SELECT kind, text_value FROM consultation.answer_value WHERE answer = $1 ORDER BY kind`,
      [answer],
    );
    const feature = (coordinates: number[], properties: object) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates },
      properties,
    });
    expect(
      stored.map((v: { kind: string; text_value: string }) => [v.kind, JSON.parse(v.text_value)]),
    ).toEqual([
      ['geom_point', JSON.parse(text)],
      [
        'geom_select',
        { type: 'FeatureCollection', features: [feature([23.7, 37.9], {}), feature([23.701, 37.9], {})] },
      ],
    ]);

    await undoTo('GeometricValueOnce1795400710000', true);
    const copies = await ds.query(
      `SELECT kind, public.ST_AsText(geom) AS wkt FROM consultation.answer_value WHERE answer = $1 ORDER BY kind`,
      [answer],
    );
    expect(copies).toEqual([
      { kind: 'geom_point', wkt: 'MULTIPOINT((23.7 37.9),(23.701 37.9))' },
      { kind: 'geom_select', wkt: 'MULTIPOINT((23.7 37.9),(23.701 37.9))' },
    ]);
    await ds.runMigrations({ transaction: 'each' });
    await ds.query(`DELETE FROM consultation.category`);
  });

  it('keep each value kind in its own columns, every other value column empty', async () => {
    const { answer, variable } = await answerOf();
    const [file] = await ds.query(
      `INSERT INTO consultation.answer_file (owner, answer, variable, name, mime, bytes, storage_key)
       VALUES (gen_random_uuid(), $1, $2, 'a.pdf', 'application/pdf', 3, 'answer-files/a') RETURNING id`,
      [answer, variable],
    );
    const point = `public.ST_SetSRID(public.ST_MakePoint(23.7, 37.9), 4326)`;
    /** One value row: `columns` maps a value column to its SQL. */
    const insert = (kind: string, columns: Record<string, string>) =>
      ds.query(
        `INSERT INTO consultation.answer_value (answer, variable, kind, ${Object.keys(columns).join(', ')})
         VALUES ($1, $2, '${kind}', ${Object.values(columns).join(', ')})`,
        [answer, variable],
      );
    const text = (t: string) => `'${t}'`;
    const right: Array<[string, Record<string, string>]> = [
      ['radio', { text_value: text('c1') }],
      ['text', { text_value: text('long') }],
      ['string', { text_value: text('short') }],
      ['checkbox', { list_value: `ARRAY['c1', 'c2']` }],
      ['library', { list_value: `ARRAY['${variable}']` }],
      ['number', { number_value: '7' }],
      ['date', { date_value: `'2026-11-02'` }],
      ['resource', { text_value: text('Egnatia+1+Thessaloniki+54630'), location: point }],
      ['geom_point', { text_value: text('{"type":"FeatureCollection","features":[]}') }],
      ['document', { file: `'${file.id}'` }],
    ];
    const wrong: Array<[string, Record<string, string>]> = [
      ['number', { text_value: text('7') }],
      ['radio', { list_value: `ARRAY['c1']` }],
      ['checkbox', { text_value: text('c1;c2') }],
      ['date', { date_value: `'2026-11-02'`, number_value: '7' }],
      ['text', { text_value: text('t'), location: point }],
      ['geom_polygon', { text_value: text('{}'), list_value: `ARRAY['x']` }],
      ['photo', { text_value: text('a.jpg') }],
      ['string', { text_value: 'NULL' }],
    ];
    for (const [kind, columns] of wrong)
      await expect(insert(kind, columns)).rejects.toMatchObject({
        driverError: { code: '23514', constraint: 'answer_value_column_check' },
      });
    for (const [kind, columns] of right) await insert(kind, columns);
    await insert('geom_line', { text_value: text('{}') });

    // a file value goes with its file
    await ds.query(`DELETE FROM consultation.answer_file WHERE id = $1`, [file.id]);
    const kinds = await ds.query(
      `SELECT kind FROM consultation.answer_value WHERE answer = $1 ORDER BY kind`,
      [answer],
    );
    expect(kinds.map((k: { kind: string }) => k.kind)).toEqual(
      [...right.map(([kind]) => kind).filter((k) => k !== 'document'), 'geom_line'].sort(),
    );
    await ds.query(`DELETE FROM consultation.category`);
  });
});
