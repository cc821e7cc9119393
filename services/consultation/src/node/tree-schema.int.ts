// The StructureTree migration: its tables, geometry columns and constraints, and its reversal.
import { createMigrationTestBed, type MigrationTestBed } from '@agora/common/testing';
import type { DataSource } from 'typeorm';
import { consultationStorage } from '../index.js';
import { StructureTree1795400100000 } from '../migrations/1795400100000-StructureTree.js';
import { AnswerStorage1795400400000 } from '../migrations/1795400400000-AnswerStorage.js';

let bed: MigrationTestBed;
let ds: DataSource;

beforeAll(async () => {
  bed = await createMigrationTestBed(consultationStorage, 'agora_structure_schema');
  await bed.migrate();
  ds = await bed.dataSource();
});
afterAll(() => bed?.close());

const TREE = ['attribute', 'attribute_feature', 'node', 'variable'];
const tables = () => bed.tables(TREE);

const P = '00000000-0000-4000-8000-0000000000a1';
const N = '00000000-0000-4000-8000-0000000000b1';
const A = '00000000-0000-4000-8000-0000000000c1';
const polygon = `public.ST_GeomFromText('POLYGON((23 37, 24 37, 24 38, 23 37))', 4326)`;
const code = (e: unknown) => (e as { driverError?: { code?: string } }).driverError?.code;

it('makes geometry columns of SRID 4326 with GiST indexes', async () => {
  expect(await tables()).toEqual(TREE);
  expect(
    await ds.query(
      `SELECT f_table_name AS t, f_geometry_column AS c, srid FROM public.geometry_columns
       WHERE f_table_schema = 'consultation' AND f_table_name IN ('node', 'attribute_feature') ORDER BY 1`,
    ),
  ).toEqual([
    { t: 'attribute_feature', c: 'geom', srid: 4326 },
    { t: 'node', c: 'boundary', srid: 4326 },
  ]);
  const gist = await ds.query(
    `SELECT indexname FROM pg_indexes WHERE indexdef LIKE '%USING gist%' ORDER BY 1`,
  );
  expect(gist.map((r: { indexname: string }) => r.indexname)).toEqual(
    expect.arrayContaining(['attribute_feature_geom_gist', 'node_boundary_gist']),
  );
});

it('holds geometry consistent, short names unique per parent, and deletes down the tree', async () => {
  await ds.query(`INSERT INTO consultation.category (token, mname, title) VALUES ('${P}', 'c', 'C')`);
  await ds.query(
    `INSERT INTO consultation.project (token, mname, title, start_date, end_date, category)
     VALUES ('${P}', 'p', 'P', '2026-11-01', '2026-11-02', '${P}')`,
  );
  const node = (token: string, mname: string, geometry: string) =>
    ds.query(
      `INSERT INTO consultation.node (token, project, title, mname, has_geometry, boundary, geom_type, max_geom)
       VALUES ('${token}', '${P}', 'T', '${mname}', ${geometry})`,
    );
  await node(N, 'n', `true, ${polygon}, 'point', 1`);
  const errors = await Promise.all(
    [
      node('00000000-0000-4000-8000-0000000000b2', 'n', 'false, NULL, NULL, NULL'),
      node('00000000-0000-4000-8000-0000000000b3', 'x', `true, NULL, 'point', 1`),
      node('00000000-0000-4000-8000-0000000000b4', 'y', `false, ${polygon}, NULL, NULL`),
      node(
        '00000000-0000-4000-8000-0000000000b5',
        'z',
        `true, public.ST_GeomFromText('POINT(23 37)', 4326), 'point', 1`,
      ),
      node(
        '00000000-0000-4000-8000-0000000000b6',
        'w',
        `true, public.ST_GeomFromText('POLYGON((0 0, 1 0, 1 1, 0 0))', 2100), 'point', 1`,
      ),
    ].map((p) => p.then(() => 'ok', code)),
  );
  expect(errors).toEqual(['23505', '23514', '23514', '23514', '22023']);

  await ds.query(
    `INSERT INTO consultation.attribute (token, node, name, mname) VALUES ('${A}', '${N}', 'A', 'a')`,
  );
  await expect(
    ds.query(
      `INSERT INTO consultation.attribute (node, name, mname, has_predefined) VALUES ('${N}', 'B', 'b', true)`,
    ),
  ).rejects.toMatchObject({ driverError: { code: '23514' } });
  await ds.query(
    `INSERT INTO consultation.attribute_feature (attribute, kind, position, geom) VALUES ('${A}', 'context', 1, ${polygon})`,
  );
  await ds.query(
    `INSERT INTO consultation.variable (attribute, mname, variable_type) VALUES ('${A}', 'v', '[{"kind":"text"}]')`,
  );
  await expect(
    ds.query(
      `INSERT INTO consultation.variable (attribute, mname, variable_type) VALUES ('${A}', 'w', '{}')`,
    ),
  ).rejects.toMatchObject({ driverError: { code: '23514' } });

  await ds.query(`DELETE FROM consultation.project`);
  for (const table of TREE)
    expect(await ds.query(`SELECT count(*)::int AS n FROM consultation.${table}`)).toEqual([{ n: 0 }]);
});

it('is reversible', async () => {
  const runner = ds.createQueryRunner();
  // the answers refer to the tree: they go first and come back last
  const answers = new AnswerStorage1795400400000();
  try {
    await answers.down(runner);
    await new StructureTree1795400100000().down(runner);
    expect(await tables()).toEqual([]);
    await new StructureTree1795400100000().up(runner);
    expect(await tables()).toEqual(TREE);
    await answers.up(runner);
  } finally {
    await runner.release();
  }
});
