import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { startTestSite, type TestSite } from '../../../../e2e/support/site.js';

// GDAL as the independent client of the open data (decision 0085): `ogrinfo OAPIF:<url>` against the whole site
// (the services and the gateway in this process, on a fresh database), as an anonymous visitor, lists the
// collections of a published project and reads their features. Runs from the servers' build
// (`npx tsc -b tsconfig.build.json`), like every test that starts the site.

const run = promisify(execFile);

let site: TestSite;
const project = randomUUID();

/** ogrinfo on the open data of the project, all collections or `layer`'s features (loopback: no proxy). */
async function ogrinfo(layer?: string, ...options: string[]): Promise<string> {
  const url = `OAPIF:http://127.0.0.1:${new URL(site.url).port}/api/opendata/project/${project}`;
  const { stdout } = await run('ogrinfo', ['-ro', ...options, url, ...(layer ? [layer] : [])], {
    env: { ...process.env, NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1' },
  });
  return stdout;
}

beforeAll(async () => {
  site = await startTestSite('opendata', 'open-data-admin-password', {
    AGORA_DEMO_DATA: 'false',
    CONSULTATION_MIN_CELL: '2',
    MAIL_WORKER: 'off',
    HOST: '127.0.0.1',
  });
  const db = site.db;
  const [category, topic, spots, routes, score] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  await db.query(`INSERT INTO consultation.category (token, mname, title) VALUES ($1, 'open', 'Ανοιχτά')`, [
    category,
  ]);
  await db.query(
    `INSERT INTO consultation.project (token, mname, title, start_date, end_date, category, is_public, public_date)
     VALUES ($1, 'squares', 'Πλατείες', '2026-01-01', '2026-02-01', $2, true, '2026-02-02')`,
    [project, category],
  );
  await db.query(
    `INSERT INTO consultation.node (token, project, title, mname) VALUES ($1, $2, 'Πλατείες', 'squares')`,
    [topic, project],
  );
  await db.query(
    `INSERT INTO consultation.attribute (token, node, name, mname, has_geometry, geom_type, sort_order)
     VALUES ($1, $3, 'Σημεία', 'spots', true, 'point', 0), ($2, $3, 'Διαδρομές', 'routes', true, 'line', 1)`,
    [spots, routes, topic],
  );
  await db.query(
    `INSERT INTO consultation.variable (token, attribute, mname, variable_type)
     VALUES ($1, $2, 'score', '[{"kind": "number", "options": {}}]')`,
    [score, spots],
  );
  // four respondents at one place and one alone elsewhere (left out); two routes through one place
  const answer = (attribute: string, geom: string) =>
    db.query<{ token: string }>(
      `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
       VALUES ($1, $2, $3, $4, public.ST_SetSRID(public.ST_GeomFromText($5), 4326)) RETURNING token`,
      [project, topic, attribute, randomUUID(), geom],
    );
  for (const n of [1.5, 2.5, 3.5, 4.5]) {
    const [{ token }] = await answer(spots, 'POINT(22.9444 40.6401)');
    await db.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, number_value) VALUES ($1, $2, 'number', $3)`,
      [token, score, n],
    );
  }
  await answer(spots, 'POINT(22.96 40.62)');
  for (let k = 0; k < 2; k++) await answer(routes, 'LINESTRING(22.9440 40.6400, 22.9441 40.6400)');
});

afterAll(() => site?.stop());

describe('the open data in GDAL (ogrinfo OAPIF:)', () => {
  it('lists the collections of the published project', async () => {
    const out = await ogrinfo();
    expect(out).toMatch(/^1: squares\.spots\b/m);
    expect(out).toMatch(/^2: squares\.routes\b/m);
    expect(out).not.toMatch(/^3: /m);
  });

  it('reads the published features with their typed properties', async () => {
    const spots = await ogrinfo('squares.spots');
    expect(spots).toMatch(/^Feature Count: 4$/m);
    expect(spots).toMatch(/^score: Real \(/m);
    expect(spots).toMatch(/^answered_on: Date \(/m);
    expect([...spots.matchAll(/^OGRFeature\(squares\.spots\):/gm)]).toHaveLength(4);
    expect([...spots.matchAll(/^ {2}score \(Real\) = ([0-9.]+)$/gm)].map((m) => Number(m[1])).sort()).toEqual(
      [1.5, 2.5, 3.5, 4.5],
    );
    expect([...spots.matchAll(/^ {2}POINT \(/gm)]).toHaveLength(4);

    const routes = await ogrinfo('squares.routes');
    expect(routes).toMatch(/^Feature Count: 2$/m);
    expect([...routes.matchAll(/^ {2}drawn_as \(String\) = line$/gm)]).toHaveLength(2);
  });

  it('filters by a bounding box (GDAL sends it as bbox)', async () => {
    const around = await ogrinfo('squares.spots', '-so', '-spat', '22.94', '40.63', '22.95', '40.65');
    expect(around).toMatch(/^Feature Count: 4$/m);
    const elsewhere = await ogrinfo('squares.spots', '-so', '-spat', '21', '39', '21.1', '39.1');
    expect(elsewhere).toMatch(/^Feature Count: 0$/m);
  });
});
