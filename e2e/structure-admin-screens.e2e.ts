// The structure administration screens in Chromium with real data (one process, real PostgreSQL + PostGIS): the
// project centre typed in EPSG:2100, the topic boundary map opening on the project's centre and zoom, GeoJSON
// files as GIS tools write them (the OGC URI of EPSG:2100, a Z coordinate), a self-intersecting boundary refused
// before Save, an oversize municipal boundary simplified to fit and stored, and the plan tree and variable form
// showing what each variable asks, at 1280 px and at phone width (390 px), in English and Greek.
import type { Page } from 'playwright-core';
import type { ApiClient, ProjectWire, TopicWire } from '@agora/contracts';
import { createCategoryAndProject, openAdminSite, type AdminSite } from './support/admin.js';
import { loginAs, newContext } from './support/browser.js';
import { snap } from './support/screenshots.js';

const ADMIN_PASSWORD = 'structure-screens-admin-pw';
const PLAN = '/admin/administration/project/thessaloniki/plan';

/** A square around Thessaloniki's White Tower in the Greek Grid (EPSG:2100). */
const ring2100 = (d: number) => [
  [411100 - d, 4498300 - d],
  [411100 + d, 4498300 - d],
  [411100 + d, 4498300 + d],
  [411100 - d, 4498300 + d],
  [411100 - d, 4498300 - d],
];
const boundaryFile = (ring: number[][], crs?: string) =>
  Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      ...(crs ? { crs: { type: 'name', properties: { name: crs } } } : {}),
      features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: {} }],
    }),
  );
/** A full-resolution municipal boundary: 40,000 vertices, over the 1 MB the server takes. */
const municipal = () => {
  const n = 40_000;
  const ring = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    const r = 3000 + 25 * Math.sin(300 * a);
    return [411100 + r * Math.cos(a), 4498300 + r * Math.sin(a)];
  });
  ring.push(ring[0]!);
  return ring;
};

/** The slippy-map tile of a point at a zoom (what the map asks for at its centre). */
function tileOf(lat: number, lng: number, z: number): string {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return `/${z}/${x}/${y}`;
}

describe('structure: administration screens with real data', () => {
  let site: AdminSite;
  let page: Page;
  let api: ApiClient;
  let project: ProjectWire;

  beforeAll(async () => {
    site = await openAdminSite('structure_screens', ADMIN_PASSWORD);
    ({ page, api } = site);
    ({ project } = await createCategoryAndProject(
      api,
      { title: 'Θεσσαλονίκη', mname: 'thess' },
      { title: 'Παραλία Θεσσαλονίκης', mname: 'thessaloniki', zoom: 13 },
    ));
  }, 180_000);

  afterAll(async () => {
    await site?.close();
  });

  const topicForm = () => page.getByTestId('plan-editor').getByTestId('topic-form');

  async function newTopic(title: string, mname: string) {
    await page.goto(PLAN);
    await page.getByTestId('plan-page').waitFor();
    await page.getByTestId('plan-add-topic').click();
    const form = topicForm();
    await form.locator('input[name="title"]').fill(title);
    await form.locator('input[name="mname"]').fill(mname);
    await form.locator('input[name="has_geometry"]').check();
    await form.locator('select[name="geom_type"]').selectOption('polygon');
    await form.locator('input[name="max_geom"]').fill('1');
    return form;
  }

  async function saveTopic(): Promise<TopicWire> {
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/node') && r.request().method() === 'POST',
    );
    await topicForm().getByTestId('form-save').click();
    const res = await saved;
    expect(res.status()).toBe(200);
    await page.getByTestId('plan-editor').waitFor({ state: 'detached' });
    return (await res.json()) as TopicWire;
  }

  it('takes the project centre typed in EPSG:2100, the default system', async () => {
    await page.goto('/admin/administration/project/thessaloniki/edit');
    const form = page.getByTestId('project-form');
    await form.waitFor();
    const coords = form.getByTestId('project-center-coords');
    await expect(coords.getByLabel('Coordinate system').inputValue()).resolves.toBe('EPSG:2100');
    await coords.getByLabel(/^X \(easting\)/).fill('411100');
    await coords.getByLabel(/^Y \(northing\)/).fill('4498300');
    await snap(page, 'structure-project-centre-en');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/project/token/') && r.request().method() === 'PUT',
    );
    await page.getByTestId('project-save').click();
    expect((await saved).status()).toBe(200);
    const stored = await api.GET('/api/project/token/{token}', {
      params: { path: { token: project.token } },
    });
    expect(stored.center!.lat).toBeCloseTo(40.6333, 3);
    expect(stored.center!.lng).toBeCloseTo(22.9505, 3);
    project = stored;
  });

  it("opens the boundary map on the project's centre and zoom", async () => {
    const form = await newTopic('Παραλία', 'paralia');
    const tile = tileOf(project.center!.lat, project.center!.lng, 13);
    await form.locator(`.leaflet-tile[src*="${tile}"]`).first().waitFor({ state: 'attached' });
    await snap(page, 'structure-topic-map-en');
    await form.getByTestId('form-cancel').click();
  });

  it('imports a boundary named by the OGC URI of EPSG:2100 with a Z coordinate, and the server stores it', async () => {
    const form = await newTopic('Λευκός Πύργος', 'lefkos-pyrgos');
    const withZ = ring2100(200).map(([x, y]) => [x!, y!, 0]);
    await form.getByTestId('topic-boundary-file').setInputFiles({
      name: 'pyrgos.geojson',
      mimeType: 'application/geo+json',
      buffer: boundaryFile(withZ, 'http://www.opengis.net/def/crs/EPSG/0/2100'),
    });
    await form
      .getByTestId('topic-boundary-imported')
      .getByText('1 feature imported from pyrgos.geojson (EPSG:2100).')
      .waitFor();
    const topic = await saveTopic();
    const ring = (topic.boundary!.coordinates as number[][][])[0]!;
    expect(ring.every((p) => p.length === 2)).toBe(true);
    expect(ring[0]![0]).toBeCloseTo(22.945, 2);
  });

  it('refuses a self-intersecting boundary at import, before Save', async () => {
    const form = await newTopic('Παπιγιόν', 'papigion');
    const r = ring2100(200);
    await form.getByTestId('topic-boundary-file').setInputFiles({
      name: 'bow-tie.geojson',
      mimeType: 'application/geo+json',
      buffer: boundaryFile([r[0]!, r[2]!, r[1]!, r[3]!, r[0]!]),
    });
    await form
      .getByTestId('topic-boundary-import-error')
      .getByText('A polygon in the file crosses itself, which the server refuses. Nothing was changed.')
      .waitFor();
    await expect(form.getByTestId('topic-boundary-imported').count()).resolves.toBe(0);
    await form.getByTestId('form-cancel').click();
  });

  it('offers to simplify a municipal boundary over the limit, and the simplified one is stored', async () => {
    const form = await newTopic('Δήμος', 'dimos');
    await form.getByTestId('topic-boundary-file').setInputFiles({
      name: 'dimos.geojson',
      mimeType: 'application/geo+json',
      buffer: boundaryFile(municipal(), 'urn:ogc:def:crs:EPSG::2100'),
    });
    await form
      .getByTestId('topic-boundary-import-error')
      .getByText(/larger than the server accepts/)
      .waitFor();
    const simplify = form.getByTestId('topic-boundary-simplify');
    await expect(simplify.textContent()).resolves.toBe('Simplify the shape to fit (40,001 vertices now)');
    await simplify.scrollIntoViewIfNeeded();
    await snap(page, 'structure-topic-too-large-en');
    await simplify.click();
    const status = form.getByTestId('topic-boundary-imported');
    await status
      .getByText(/^dimos\.geojson: simplified from 40,001 to [\d,]+ vertices to fit the limit \(EPSG:2100\)/)
      .waitFor();
    const after = Number(
      /to ([\d,]+) vertices/.exec((await status.textContent()) ?? '')![1]!.replace(/,/g, ''),
    );
    expect(after).toBeGreaterThan(1000);
    expect(after).toBeLessThan(40_000);
    await status.scrollIntoViewIfNeeded();
    await snap(page, 'structure-topic-simplified-en');
    const topic = await saveTopic();
    expect((topic.boundary!.coordinates as number[][][])[0]!.length).toBe(after);
  });

  it('shows what each variable asks in the tree, and gives the variable form room', async () => {
    const topics = await api.GET('/api/node/project/{project}', {
      params: { path: { project: project.token } },
    });
    const attribute = await api.POST('/api/attribute', {
      body: { node: topics[0]!.token, name: 'Μετακίνηση', mname: 'metakinisi' },
    });
    await api.POST('/api/variable', {
      body: {
        attribute: attribute.token,
        mname: 'tropos',
        variable_type: [
          {
            kind: 'radio',
            options: {
              required: true,
              label: 'Πώς έρχεστε στην παραλία;',
              choices: ['Με τα πόδια', 'Με λεωφορείο'],
            },
          },
          { kind: 'text', options: { required: false, label: 'Σχόλια', placeholder: '' } },
        ],
      },
    });
    await page.goto(PLAN);
    const row = page.getByTestId('plan-variable').first();
    await row.getByTestId('plan-variable-title').getByText('Πώς έρχεστε στην παραλία;').waitFor();
    await expect(row.getByTestId('plan-variable-types').textContent()).resolves.toBe(
      'Single choice (radio), Text',
    );
    await expect(row.getByTestId('plan-variable-mname').textContent()).resolves.toBe('tropos');
    await snap(page, 'structure-plan-tree-en');
    await row.getByTestId('plan-variable-menu-button').click();
    await page.getByTestId('menu-edit').click();
    await page.getByTestId('variable-form').waitFor();
    const modal = page.locator('.ag-modal');
    const box = await modal.boundingBox();
    expect(box!.width).toBeGreaterThan(900);
    await snap(page, 'structure-variable-form-en');
  });

  it.each([
    ['en', 390],
    ['el', 390],
    ['el', 1280],
  ] as const)('shows the screens in %s at %i px without sideways scrolling', async (locale, width) => {
    const ctx = await newContext(site.browser, site.stack.url, { locale, width });
    const p = await ctx.newPage();
    await loginAs(p, 'admin', ADMIN_PASSWORD);
    const noOverflow = async () =>
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await p.goto('/admin/administration/project/thessaloniki/edit');
    await p.getByTestId('project-center-coords').locator('select').waitFor();
    await p.getByTestId('project-form').locator('.leaflet-container').waitFor();
    await noOverflow();
    await snap(p, `structure-project-centre-${locale}-${width}`);
    await p.goto(PLAN);
    await p.getByTestId('plan-variable').first().waitFor();
    await noOverflow();
    await snap(p, `structure-plan-tree-${locale}-${width}`);
    await p.getByTestId('plan-variable-menu-button').first().click();
    await p.getByTestId('menu-edit').click();
    await p.getByTestId('variable-form').waitFor();
    await noOverflow();
    await snap(p, `structure-variable-form-${locale}-${width}`);
    await p.locator('.st-chosen').scrollIntoViewIfNeeded();
    await snap(p, `structure-variable-options-${locale}-${width}`);
    await p.goto(PLAN);
    await p.getByTestId('plan-topic-menu-button').first().click();
    await p.getByTestId('menu-edit').click();
    await p.getByTestId('topic-form').locator('.leaflet-container').waitFor();
    await p.getByTestId('topic-boundary-file').scrollIntoViewIfNeeded();
    await noOverflow();
    await snap(p, `structure-topic-form-${locale}-${width}`);
    await ctx.close();
  });
});
