import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { seedPublishedProject } from '../../../../e2e/support/open-data.js';
import { startTestSite, type TestSite } from '../../../../e2e/support/site.js';

// GDAL as the independent client of the open data (decision 0085): `ogrinfo OAPIF:<url>` against the whole site
// (the services and the gateway in this process, on a fresh database), as an anonymous visitor, lists the
// collections of a published project and reads their features. Runs from the servers' build
// (`npx tsc -b tsconfig.build.json`), like every test that starts the site.

const run = promisify(execFile);

let site: TestSite;
let project: string;

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
  ({ project } = await seedPublishedProject(site.db));
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
