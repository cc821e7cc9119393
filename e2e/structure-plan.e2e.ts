// The Plan Project screen end to end, in Chromium, on a fresh database (one process, real PostgreSQL + PostGIS):
// topics added in the modal (one with a boundary drawn by mouse on the map, one without geometry), attributes of
// each geometry type (the point one with predefined features imported from an EPSG:2100 GeoJSON file), drag and
// drop of topics and attributes, hide and show, a context imported in EPSG:3857 after an out-of-range file is
// refused (and the server refuses out-of-range coordinates too), edits in the three open modes (modal, new tab,
// same tab), threads opened on a topic, an attribute and a variable, deletes of a variable, an attribute and a
// topic with their confirmation; then the structure read back through the API is exactly what was built. Last,
// the screen at phone width.
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import type { ApiClient, GeoJsonGeometry } from '@agora/contracts';
import { toWgs84 } from '@agora/contracts/crs';
import { createCategoryAndProject, openAdminSite, type AdminSite } from './support/admin.js';
import { failureOf, uploadMarker } from './support/api.js';
import { loginAs, newContext } from './support/browser.js';
import { dragTo } from './support/drag.js';
import { clickPolygonVertices } from './support/draw.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'structure-plan-admin-pw';
const PLAN = '/admin/administration/project/odoi/plan';

/** Two lamp posts in the Greek Grid (EPSG:2100), near Syntagma square. */
const LAMPS_2100 = [
  [475920.27, 4203764.7],
  [476010.5, 4203820.25],
];
const LAMPS_FILE = JSON.stringify({
  type: 'FeatureCollection',
  crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::2100' } },
  features: LAMPS_2100.map((coordinates, i) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates },
    properties: { n: i + 1 },
  })),
});

/** A square in the web map system (EPSG:3857) near Syntagma square, as the context of the squares. */
const SQUARE_3857 = [
  [2641400, 4578900],
  [2641600, 4578900],
  [2641600, 4579100],
  [2641400, 4579100],
  [2641400, 4578900],
];
const contextFile = (ring: number[][], crs?: string) =>
  JSON.stringify({
    type: 'FeatureCollection',
    ...(crs ? { crs: { type: 'name', properties: { name: crs } } } : {}),
    features: [
      { type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { kind: 'square' } },
    ],
  });
const OUT_OF_RANGE = 'The coordinates are out of range for the chosen system. Nothing was changed.';
function pick<T extends object, K extends keyof T>(item: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, item[k]])) as Pick<T, K>;
}

function closeTo(actual: unknown, expected: unknown, digits: number): void {
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual) && actual.length === expected.length).toBe(true);
    expected.forEach((e, i) => closeTo((actual as unknown[])[i], e, digits));
  } else expect(actual as number).toBeCloseTo(expected as number, digits);
}

describe('structure: plan project screen', () => {
  let site: AdminSite;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let projectToken = '';
  /** the boundary the browser sent, to compare with what the server stored */
  let sentBoundary: GeoJsonGeometry | null = null;
  /** the marker picked as the icon of the lamps */
  let marker = '';

  beforeAll(async () => {
    site = await openAdminSite('structure_plan', ADMIN_PASSWORD);
    ({ context, page, api } = site);
    const { project } = await createCategoryAndProject(
      api,
      { title: 'Athens centre', mname: 'athens' },
      { title: 'Οδοί', mname: 'odoi' },
    );
    projectToken = project.token;
    marker = await uploadMarker(api, 'lamp', '#f59e0b');
    page.on('request', (r: Request) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/node')) {
        const body = r.postDataJSON() as { boundary?: GeoJsonGeometry | null };
        if (body.boundary) sentBoundary = body.boundary;
      }
    });
  }, 180_000);

  afterAll(async () => {
    await site?.close();
  });

  const notification = (p: Page, text: string | RegExp) =>
    p.getByTestId('notification').filter({ hasText: text }).first().waitFor();
  const topicRow = (title: string) =>
    page
      .getByTestId('plan-topic')
      .filter({ has: page.getByTestId('plan-topic-title').getByText(title, { exact: true }) });
  const attributeRow = (name: string) =>
    page
      .getByTestId('plan-attribute')
      .filter({ has: page.getByTestId('plan-attribute-title').getByText(name, { exact: true }) });
  const variableRow = (mname: string) =>
    page.getByTestId('plan-variable').filter({
      // a variable's row is titled by its label; its short name is shown beside when they differ
      has: page
        .locator('[data-testid="plan-variable-title"], [data-testid="plan-variable-mname"]')
        .getByText(mname, { exact: true }),
    });
  const titles = (kind: 'topic' | 'attribute', within: Locator | Page = page) =>
    within.getByTestId(`plan-${kind}-title`).allTextContents();

  async function menu(row: Locator, kind: 'topic' | 'attribute', action: string) {
    await row.getByTestId(`plan-${kind}-menu-button`).first().click();
    await page.getByTestId(`menu-${action}`).click();
  }

  async function settings(testId: string) {
    await page.getByTestId('plan-settings-button').click();
    await page.getByTestId(testId).click();
  }

  /** Drags `from` onto `to` at height `toY` and waits for the saved order; `zone`: see `dragTo`. */
  async function drag(
    from: Locator,
    to: Locator,
    toY: (box: { y: number; height: number }) => number,
    zone?: Locator,
  ) {
    await from.scrollIntoViewIfNeeded();
    const b = await to.boundingBox();
    if (!b) throw new Error('nothing to drop on');
    const moved = page.waitForResponse(
      (r) => r.url().endsWith('/sortOrder') && r.request().method() === 'PUT',
    );
    await dragTo(page, from, { x: b.x + b.width / 2, y: toY(b) }, zone);
    expect((await moved).status()).toBe(200);
  }

  async function addAttribute(
    topic: string,
    name: string,
    geomType: 'point' | 'line' | 'polygon',
    more?: () => Promise<void>,
  ) {
    await menu(topicRow(topic), 'topic', 'add');
    const form = page.getByTestId('plan-editor').getByTestId('attribute-form');
    await form.locator('input[name="name"]').fill(name);
    await form.locator('input[name="has_geometry"]').check();
    await form.locator('select[name="geom_type"]').selectOption(geomType);
    await form.locator('input[name="max_geom"]').fill('2');
    await more?.();
    await form.getByTestId('form-save').click();
    await notification(page, 'Data posted');
    await page.getByTestId('plan-editor').waitFor({ state: 'detached' });
    await attributeRow(name).waitFor();
  }

  it('adds a topic with a boundary drawn by mouse, one without geometry and a third one', async () => {
    await page.goto(PLAN);
    await page.getByTestId('plan-page').waitFor();
    await page.getByTestId('empty-state').waitFor();
    // the cookie notice is acknowledged, as a visitor would, so it covers nothing at the bottom of the page
    await page.getByTestId('cookie-accept').click();

    await page.getByTestId('plan-add-topic').click();
    const form = page.getByTestId('plan-editor').getByTestId('topic-form');
    await form.locator('input[name="title"]').fill('Δρόμοι');
    await expect(form.locator('input[name="mname"]').inputValue()).resolves.toBe('dromoi');
    await form.locator('textarea[name="description"]').fill('Οι δρόμοι της περιοχής');
    await form.locator('input[name="has_geometry"]').check();
    await form.locator('select[name="geom_type"]').selectOption('polygon');
    await form.locator('input[name="max_geom"]').fill('3');
    await form.getByTestId('topic-geom-color').fill('#2e7d32');
    // saving without a boundary is refused
    await form.getByTestId('form-save').click();
    await form.getByTestId('topic-boundary-error').waitFor();
    await notification(page, 'Please draw the boundary.');
    // draw a polygon: four clicks, then the first vertex again to close it
    const map = form.getByTestId('topic-boundary-map');
    await map.scrollIntoViewIfNeeded();
    const at = await clickPolygonVertices(page, map, [
      [0.35, 0.3],
      [0.65, 0.3],
      [0.65, 0.6],
      [0.35, 0.6],
    ]);
    const count = form.getByTestId('topic-boundary-count');
    await until(
      async () => {
        if ((await count.textContent()) !== '1 shape drawn.') await at(0.35, 0.3);
        return count.textContent();
      },
      (t) => t === '1 shape drawn.',
      'the closed polygon',
    );
    await form.getByTestId('form-save').click();
    await notification(page, 'Data posted');
    await page.getByTestId('plan-editor').waitFor({ state: 'detached' });
    await topicRow('Δρόμοι').waitFor();

    await page.getByTestId('plan-add-topic').click();
    const second = page.getByTestId('plan-editor').getByTestId('topic-form');
    await second.locator('input[name="title"]').fill('Parks');
    await second.getByTestId('topic-documents-add').click();
    await second.locator('input[name="topic-documents-title-0"]').fill('Master plan');
    await second.locator('input[name="topic-documents-file-0"]').fill('https://example.org/master-plan.pdf');
    await second.getByTestId('form-save').click();
    await page.getByTestId('plan-editor').waitFor({ state: 'detached' });

    await page.getByTestId('plan-add-topic').click();
    await page.getByTestId('plan-editor').locator('input[name="title"]').fill('Temporary');
    await page.getByTestId('plan-editor').getByTestId('form-save').click();
    await page.getByTestId('plan-editor').waitFor({ state: 'detached' });
    await until(
      () => titles('topic'),
      (t) => t.length === 3,
      'three topics',
    );
    expect(await titles('topic')).toEqual(['Δρόμοι', 'Parks', 'Temporary']);
  });

  it('adds attributes of each geometry type, the point one with predefined features from an EPSG:2100 file', async () => {
    await addAttribute('Δρόμοι', 'Lamps', 'point', async () => {
      const form = page.getByTestId('attribute-form');
      await form.getByTestId('attribute-geom-color').fill('#ff8800');
      await form.locator('input[name="allow_drag"]').check();
      await form.getByTestId('attribute-pick-icon').click();
      const markers = page.getByTestId('marker-select-modal');
      await markers.getByTestId('marker-choice').first().click();
      await markers.waitFor({ state: 'detached' });
      await expect(form.getByTestId('attribute-icon').getAttribute('src')).resolves.toBe(marker);
      await form.locator('input[name="icon_alt"]').fill('A street lamp');
      await form.locator('input[name="has_predefined"]').check();
      // a bad file changes nothing and says why
      await form.getByTestId('attribute-predefined-file').setInputFiles({
        name: 'broken.geojson',
        mimeType: 'application/geo+json',
        buffer: Buffer.from('{"type":"FeatureCollection",'),
      });
      await form.getByTestId('attribute-predefined-import-error').getByText('not valid JSON').waitFor();
      await form.getByTestId('attribute-predefined-file').setInputFiles({
        name: 'lamps.geojson',
        mimeType: 'application/geo+json',
        buffer: Buffer.from(LAMPS_FILE),
      });
      await form
        .getByTestId('attribute-predefined-imported')
        .getByText('2 features imported from lamps.geojson (EPSG:2100).')
        .waitFor();
      expect(await form.getByTestId('attribute-predefined-count').textContent()).toBe('2 shapes drawn.');
    });
    await addAttribute('Δρόμοι', 'Paths', 'line');
    await addAttribute('Δρόμοι', 'Squares', 'polygon', async () => {
      const form = page.getByTestId('attribute-form');
      await form.locator('input[name="allow_resize"]').check();
      await form.locator('input[name="has_context"]').check();
      const file = form.getByTestId('attribute-context-file');
      // the square in EPSG:3857 metres, said to be Greek Grid: out of EPSG:2100's ranges, refused, map unchanged
      await form.getByTestId('attribute-context-crs').selectOption('EPSG:2100');
      await file.setInputFiles({
        name: 'square.geojson',
        mimeType: 'application/geo+json',
        buffer: Buffer.from(contextFile(SQUARE_3857)),
      });
      await form.getByTestId('attribute-context-import-error').getByText(OUT_OF_RANGE).waitFor();
      expect(await form.getByTestId('attribute-context-count').textContent()).toBe('Nothing drawn yet.');
      // in the system it is in: taken
      await form.getByTestId('attribute-context-crs').selectOption('EPSG:3857');
      await file.setInputFiles({
        name: 'square.geojson',
        mimeType: 'application/geo+json',
        buffer: Buffer.from(contextFile(SQUARE_3857)),
      });
      await form
        .getByTestId('attribute-context-imported')
        .getByText('1 feature imported from square.geojson (EPSG:3857).')
        .waitFor();
      expect(await form.getByTestId('attribute-context-count').textContent()).toBe('1 shape drawn.');
    });
    expect(await titles('attribute', topicRow('Δρόμοι'))).toEqual(['Lamps', 'Paths', 'Squares']);
  });

  it('refuses, on the server, geometry outside the ranges of the system it is sent in, saving nothing', async () => {
    const roads = (
      await api.GET('/api/node/project/{project}', { params: { path: { project: projectToken } } })
    ).find((t) => t.mname === 'dromoi');
    const before = await api.GET('/api/attribute/project/{project}', {
      params: { path: { project: projectToken } },
    });
    // the same square sent as EPSG:2100 (a client that skipped the check in the browser)
    const attribute = await failureOf(
      api.POST('/api/attribute', {
        body: {
          node: roads!.token,
          name: 'Outside',
          mname: 'outside',
          has_context: true,
          geometry_crs: 'EPSG:2100',
          context: JSON.parse(contextFile(SQUARE_3857)) as object,
        },
      }),
    );
    expect(attribute).toEqual({
      status: 400,
      body: {
        Error:
          'context: coordinates out of range for EPSG:2100: x -34387.67 to 1056496.843, y 3691163.514 to 4641211.322',
        code: 'CONSULTATION.GEOMETRY',
        field: 'context',
        rule: 'coordinates',
      },
    });
    // a boundary in Paris, in degrees: outside the ranges of EPSG:4326 over Greece
    const boundary = await failureOf(
      api.PUT('/api/node/token/{topic}', {
        params: { path: { topic: roads!.token } },
        body: {
          boundary: {
            type: 'Polygon',
            coordinates: [
              [
                [2.34, 48.85],
                [2.36, 48.85],
                [2.36, 48.86],
                [2.34, 48.85],
              ],
            ],
          },
        },
      }),
    );
    expect(boundary.status).toBe(400);
    expect((boundary.body as { Error?: unknown }).Error).toBe(
      'boundary: coordinates out of range for EPSG:4326: longitude 18.27 to 29.97, latitude 33.23 to 41.77',
    );
    expect(
      await api.GET('/api/attribute/project/{project}', { params: { path: { project: projectToken } } }),
    ).toEqual(before);
    const after = (
      await api.GET('/api/node/project/{project}', { params: { path: { project: projectToken } } })
    ).find((t) => t.mname === 'dromoi');
    expect(after).toEqual(roads);
  });

  it('reorders topics and attributes by drag and drop, within and between topics', async () => {
    // Parks above Δρόμοι
    await drag(
      topicRow('Parks').getByTestId('plan-topic-handle').first(),
      topicRow('Δρόμοι').getByTestId('plan-topic-handle').first(),
      (b) => b.y + 2,
    );
    await until(
      () => titles('topic'),
      (t) => t[0] === 'Parks',
      'Parks first',
    );
    // Squares to the top of its topic
    await drag(
      attributeRow('Squares').getByTestId('plan-attribute-handle'),
      attributeRow('Lamps').getByTestId('plan-attribute-handle'),
      (b) => b.y + 2,
    );
    await until(
      () => titles('attribute', topicRow('Δρόμοι')),
      (t) => t[0] === 'Squares',
      'Squares first',
    );
    // Paths into the (empty) attribute list of Parks
    await drag(
      attributeRow('Paths').getByTestId('plan-attribute-handle'),
      topicRow('Parks').getByTestId('plan-attributes'),
      (b) => b.y + b.height / 2,
      topicRow('Parks').getByTestId('plan-attributes'),
    );
    await until(
      () => titles('attribute', topicRow('Parks')),
      (t) => t.join() === 'Paths',
      'Paths in Parks',
    );
    expect(await titles('attribute', topicRow('Δρόμοι'))).toEqual(['Squares', 'Lamps']);
    await page.getByTestId('plan-refresh').click();
    await until(
      () => titles('topic'),
      (t) => t.join() === 'Parks,Δρόμοι,Temporary',
      'the order after a refresh',
    );
  });

  it('hides and shows attributes', async () => {
    await menu(attributeRow('Squares'), 'attribute', 'toggle');
    await until(
      () => attributeRow('Squares').getAttribute('data-visible'),
      (v) => v === 'false',
      'Squares hidden',
    );
    await menu(attributeRow('Squares'), 'attribute', 'toggle');
    await until(
      () => attributeRow('Squares').getAttribute('data-visible'),
      (v) => v === 'true',
      'Squares shown',
    );
    await menu(attributeRow('Lamps'), 'attribute', 'toggle');
    await until(
      () => attributeRow('Lamps').getAttribute('data-visible'),
      (v) => v === 'false',
      'Lamps hidden',
    );
  });

  it('nests variables in their attributes, moves them within and between attributes, hides one', async () => {
    const attrs = await api.GET('/api/attribute/project/{project}', {
      params: { path: { project: projectToken } },
    });
    const lamps = attrs.find((a) => a.mname === 'lamps');
    for (const mname of ['brightness', 'height']) {
      await api.POST('/api/variable', {
        body: {
          attribute: lamps!.token,
          mname,
          description: '',
          tooltip: '',
          icon: '',
          variable_type: [{ kind: 'string', options: { required: true, label: mname } }],
        },
      });
    }
    await page.getByTestId('plan-refresh').click();
    const variables = (row: Locator) => row.getByTestId('plan-variable-title').allTextContents();
    await until(
      () => variables(attributeRow('Lamps')),
      (v) => v.join() === 'brightness,height',
      'the variables',
    );
    await drag(
      variableRow('height').getByTestId('plan-variable-handle'),
      variableRow('brightness').getByTestId('plan-variable-handle'),
      (b) => b.y + 2,
    );
    await until(
      () => variables(attributeRow('Lamps')),
      (v) => v.join() === 'height,brightness',
      'height first',
    );
    await drag(
      variableRow('brightness').getByTestId('plan-variable-handle'),
      attributeRow('Squares').getByTestId('plan-variables'),
      (b) => b.y + b.height / 2,
    );
    await until(
      () => variables(attributeRow('Squares')),
      (v) => v.join() === 'brightness',
      'brightness in Squares',
    );
    await variableRow('height').getByTestId('plan-variable-menu-button').click();
    await page.getByTestId('menu-toggle').click();
    await until(
      () => variableRow('height').getAttribute('data-visible'),
      (v) => v === 'false',
      'height hidden',
    );
  });

  it('edits in a modal, in a new tab and in the same tab', async () => {
    // modal (the default)
    await menu(topicRow('Parks'), 'topic', 'edit');
    const modal = page.getByTestId('plan-editor');
    await modal.locator('input[name="title"]').fill('Parks and gardens');
    await modal.getByTestId('form-save').click();
    await notification(page, 'Successful update');
    await topicRow('Parks and gardens').waitFor();

    // new tab: the plan refreshes when its window regains focus
    await settings('settings-mode-tab');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      menu(attributeRow('Paths'), 'attribute', 'edit'),
    ]);
    await tab.getByTestId('attribute-form').waitFor();
    expect(new URL(tab.url()).pathname).toMatch(
      /\/project\/odoi\/topic\/[0-9a-f-]{36}\/attribute\/[0-9a-f-]{36}\/edit$/,
    );
    await tab.locator('input[name="name"]').fill('Footpaths');
    await tab.getByTestId('form-save').click();
    await tab.waitForURL(/\/project\/odoi\/plan$/);
    await tab.close();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await attributeRow('Footpaths').waitFor();

    // same tab
    await settings('settings-mode-same');
    await menu(topicRow('Δρόμοι'), 'topic', 'edit');
    await page.waitForURL(/\/project\/odoi\/topic\/[0-9a-f-]{36}\/edit$/);
    await page.getByTestId('topic-form').locator('textarea[name="description"]').fill('Οι κεντρικοί δρόμοι');
    await page.getByTestId('topic-form').getByTestId('form-save').click();
    await page.waitForURL(/\/project\/odoi\/plan$/);
    await topicRow('Δρόμοι').waitFor();
    // the choice is remembered
    await page.reload();
    await page.getByTestId('plan-settings-button').click();
    expect(await page.getByTestId('settings-mode-same').getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
  });

  it('opens a discussion thread on a topic, an attribute and a variable from their menus', async () => {
    const open = async (row: Locator, kind: 'topic' | 'attribute' | 'variable', title: string) => {
      await row.getByTestId(`plan-${kind}-menu-button`).first().click();
      await page.getByTestId('menu-thread').click();
      const modal = page.getByTestId('create-thread-modal');
      await modal.getByLabel(/^Title/).fill(title);
      await modal.getByLabel(/^Message/).fill(`Tell us what you think about ${title.toLowerCase()}.`);
      await modal.getByTestId('thread-create').click();
      await modal.waitFor({ state: 'detached' });
      await notification(page, 'Data posted');
      await row.getByTestId(`plan-${kind}-forum`).first().waitFor();
      // one thread per item: the menu no longer offers another
      await row.getByTestId(`plan-${kind}-menu-button`).first().click();
      expect(await page.getByTestId('menu-thread').count()).toBe(0);
      await page.keyboard.press('Escape');
    };
    await open(topicRow('Δρόμοι'), 'topic', 'The streets of the centre');
    await open(attributeRow('Lamps'), 'attribute', 'Where the lamps should go');
    await open(variableRow('height'), 'variable', 'How high the lamp posts are');
    const href = await attributeRow('Lamps').getByTestId('plan-attribute-forum').getAttribute('href');
    expect(href).toMatch(/^\/forum\/\d+$/);
  });

  it('deletes a variable, an attribute and a topic from their menus after the confirmation', async () => {
    await settings('settings-mode-modal');
    await addAttribute('Temporary', 'Scratch', 'point');
    const scratch = (
      await api.GET('/api/attribute/project/{project}', { params: { path: { project: projectToken } } })
    ).find((a) => a.mname === 'scratch');
    await api.POST('/api/variable', {
      body: {
        attribute: scratch!.token,
        mname: 'note',
        variable_type: [{ kind: 'string', options: { label: 'Note' } }],
      },
    });
    await page.getByTestId('plan-refresh').click();
    await variableRow('note').waitFor();

    await variableRow('note').getByTestId('plan-variable-menu-button').click();
    await page.getByTestId('menu-delete').click();
    await page.getByTestId('confirm-dialog').getByText('Do you wish to continue?').waitFor();
    await page.getByTestId('confirm-yes').click();
    await notification(page, 'Data deleted');
    await variableRow('note').waitFor({ state: 'detached' });
    expect(
      await api.GET('/api/variable/attribute/{token}', { params: { path: { token: scratch!.token } } }),
    ).toEqual([]);

    await menu(attributeRow('Scratch'), 'attribute', 'delete');
    await page.getByTestId('confirm-dialog').getByText('Do you wish to continue?').waitFor();
    await page.getByTestId('confirm-yes').click();
    await attributeRow('Scratch').waitFor({ state: 'detached' });
    const left = await api.GET('/api/attribute/project/{project}', {
      params: { path: { project: projectToken } },
    });
    expect(left.map((a) => a.mname).sort()).toEqual(['lamps', 'paths', 'squares']);

    await menu(topicRow('Temporary'), 'topic', 'delete');
    await page.getByTestId('confirm-dialog').getByText('Do you wish to continue?').waitFor();
    await page.getByTestId('confirm-yes').click();
    await notification(page, 'Data deleted');
    await until(
      () => titles('topic'),
      (t) => t.join() === 'Parks and gardens,Δρόμοι',
      'Temporary gone',
    );
  });

  it('reads back exactly the structure that was built', async () => {
    const topics = await api.GET('/api/node/project/{project}', {
      params: { path: { project: projectToken } },
    });
    const attributes = await api.GET('/api/attribute/project/{project}', {
      params: { path: { project: projectToken } },
    });
    const roads = topics.find((t) => t.mname === 'dromoi');
    const parks = topics.find((t) => t.mname === 'parks');
    expect(
      topics.map((t) =>
        pick(t, [
          'title',
          'mname',
          'description',
          'has_geometry',
          'geom_type',
          'max_geom',
          'geom_color',
          'relative_documents',
          'sort_order',
        ]),
      ),
    ).toEqual([
      {
        title: 'Parks and gardens',
        mname: 'parks',
        description: '',
        has_geometry: false,
        geom_type: null,
        max_geom: null,
        geom_color: '#1a56db',
        relative_documents: [{ title: 'Master plan', file: 'https://example.org/master-plan.pdf' }],
        sort_order: 1,
      },
      {
        title: 'Δρόμοι',
        mname: 'dromoi',
        description: 'Οι κεντρικοί δρόμοι',
        has_geometry: true,
        geom_type: 'polygon',
        max_geom: 3,
        geom_color: '#2e7d32',
        relative_documents: [],
        sort_order: 2,
      },
    ]);
    // the threads opened from the menus, each with its first post
    const threadOf = async (url: string | null | undefined) => {
      expect(url).toMatch(/^\/forum\/\d+$/);
      const thread = await api.GET('/api/forumPosts/topicID/{id}', {
        params: { path: { id: url!.split('/').at(-1)! } },
      });
      return [thread.title, thread.posts.map((p) => p.content)];
    };
    expect(parks?.forum_topic_url).toBeNull();
    expect(await threadOf(roads?.forum_topic_url)).toEqual([
      'The streets of the centre',
      ['Tell us what you think about the streets of the centre.'],
    ]);
    expect(parks?.boundary).toBeNull();
    expect(roads?.boundary?.type).toBe('Polygon');
    expect(sentBoundary).not.toBeNull();
    closeTo(roads?.boundary?.coordinates, sentBoundary?.coordinates, 7);

    const shape = attributes
      .map((a) => ({
        topic: a.node === roads?.token ? 'dromoi' : a.node === parks?.token ? 'parks' : a.node,
        name: a.name,
        mname: a.mname,
        has_geometry: a.has_geometry,
        geom_type: a.geom_type,
        max_geom: a.max_geom,
        geom_color: a.geom_color,
        icon: a.icon,
        icon_alt: a.icon_alt,
        allow_drag: a.allow_drag,
        allow_resize: a.allow_resize,
        has_predefined: a.has_predefined,
        has_context: a.has_context,
        is_visible: a.is_visible,
        sort_order: a.sort_order,
      }))
      .sort((a, b) => a.topic.localeCompare(b.topic) || a.sort_order - b.sort_order);
    expect(shape).toEqual([
      {
        topic: 'dromoi',
        name: 'Squares',
        mname: 'squares',
        has_geometry: true,
        geom_type: 'polygon',
        max_geom: 2,
        geom_color: '#e02424',
        icon: '',
        icon_alt: '',
        allow_drag: false,
        allow_resize: true,
        has_predefined: false,
        has_context: true,
        is_visible: true,
        sort_order: 1,
      },
      {
        topic: 'dromoi',
        name: 'Lamps',
        mname: 'lamps',
        has_geometry: true,
        geom_type: 'point',
        max_geom: 2,
        geom_color: '#ff8800',
        icon: marker,
        icon_alt: 'A street lamp',
        allow_drag: true,
        allow_resize: false,
        has_predefined: true,
        has_context: false,
        is_visible: false,
        sort_order: 2,
      },
      {
        topic: 'parks',
        name: 'Footpaths',
        mname: 'paths',
        has_geometry: true,
        geom_type: 'line',
        max_geom: 2,
        geom_color: '#e02424',
        icon: '',
        icon_alt: '',
        allow_drag: false,
        allow_resize: false,
        has_predefined: false,
        has_context: false,
        is_visible: true,
        sort_order: 1,
      },
    ]);
    const variables = await api.GET('/api/variable/project/{project}', {
      params: { path: { project: projectToken } },
    });
    const nameOf = (token: string) => attributes.find((a) => a.token === token)?.mname;
    expect(
      variables
        .map((v) => ({
          attribute: nameOf(v.attribute),
          mname: v.mname,
          is_visible: v.is_visible,
          sort_order: v.sort_order,
        }))
        .sort((a, b) => a.mname.localeCompare(b.mname)),
    ).toEqual([
      { attribute: 'squares', mname: 'brightness', is_visible: true, sort_order: 1 },
      { attribute: 'lamps', mname: 'height', is_visible: false, sort_order: 1 },
    ]);
    expect(await threadOf(attributes.find((a) => a.mname === 'lamps')?.forum_topic_url)).toEqual([
      'Where the lamps should go',
      ['Tell us what you think about where the lamps should go.'],
    ]);
    const height = variables.find((v) => v.mname === 'height');
    expect(await threadOf(height?.forum_topic_url)).toEqual([
      'How high the lamp posts are',
      ['Tell us what you think about how high the lamp posts are.'],
    ]);
    // the context imported in EPSG:3857, reprojected by the server, with its properties
    const squares = attributes.find((a) => a.mname === 'squares');
    expect(squares?.context?.features.map((f) => [f.geometry.type, f.properties])).toEqual([
      ['Polygon', { kind: 'square' }],
    ]);
    closeTo(
      (squares?.context?.features[0]?.geometry.coordinates as number[][][] | undefined)?.[0],
      SQUARE_3857.map(([x = 0, y = 0]) => {
        const p = toWgs84({ x, y }, 'EPSG:3857');
        return [p.lng, p.lat];
      }),
      6,
    );
    // the imported EPSG:2100 points, reprojected by the server
    const lamps = attributes.find((a) => a.mname === 'lamps');
    expect(lamps?.predefined?.features.map((f) => f.geometry.type)).toEqual(['Point', 'Point']);
    const expected = LAMPS_2100.map(([x = 0, y = 0]) => {
      const p = toWgs84({ x, y }, 'EPSG:2100');
      return [p.lng, p.lat];
    });
    closeTo(
      lamps?.predefined?.features.map((f) => f.geometry.coordinates),
      expected,
      6,
    );
  });

  it('is usable at phone width', async () => {
    const phone = await newContext(site.browser, site.stack.url, { locale: 'el', width: 390 });
    const small = await phone.newPage();
    await loginAs(small, 'admin', ADMIN_PASSWORD);
    await small.goto(PLAN);
    await small.getByTestId('plan-topic').first().waitFor();
    expect(await small.getByTestId('plan-refresh').textContent()).toBe('Ανανέωση');
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const axe = await new AxeBuilder({ page: small }).analyze();
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await small.getByTestId('plan-topic-menu-button').nth(1).click();
    await small.getByRole('menuitem', { name: 'Επεξεργασία' }).click();
    const form = small.getByTestId('plan-editor').getByTestId('topic-form');
    await form.waitFor();
    // the drawing toolbar speaks Greek too, and the form fits the phone
    expect(await form.locator('.leaflet-draw-draw-polygon').getAttribute('title')).toBe('Σχεδίαση πολυγώνου');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
  });
});
