// The experts' data views end to end, in Chromium, on a fresh database with the demo data (the seafront
// questionnaire's thousands of answers): an enrolled expert draws a filter area with the mouse on the
// questionnaire map, reads the answers inside it, an attribute's statistics weighted and unweighted (the numbers
// the API gives for the same area), and downloads the answers inside as CSV and GeoJSON through the export
// dialog. An administrator goes from /admin/data to the project's map of every answer (clusters drawn). A normal
// participant gets none of it. axe finds no serious or critical violation, in Greek on a phone and in English on
// a desktop.
import { readFile } from 'node:fs/promises';
import { AnswerPointsAnswer, EnsembleAnswer } from '@agora/contracts/api';
import type { Browser, Locator, Page } from 'playwright-core';
import { typedApi } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, loginAs, newContext } from './support/browser.js';
import { clickPolygonVertices } from './support/draw.js';
import { DEMO_EXPERT, openSeafront, SEAFRONT, SEAFRONT_ATTRIBUTE } from './support/demo.js';
import { startTestSite, type TestSite } from './support/site.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'expert-data-admin-pw1';
const NORMAL = 'citizen05';
const DATA_PROJECT = `/admin/data/category/${SEAFRONT.category}/project/${SEAFRONT.project}`;

/** The number of CSV records (a quoted cell may hold line breaks); the header included. */
function csvRecords(text: string): number {
  let records = 0;
  let quoted = false;
  let empty = true;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === '\n') {
      if (!empty) records++;
      empty = true;
    } else if (ch !== '\r') empty = false;
  }
  return empty ? records : records + 1;
}

/** The CSV header's cells (none of the fixed ones is quoted). */
const headerOf = (text: string) => text.slice(1, text.search(/\r?\n/)).split(',');

describe('the experts’ data views', () => {
  let stack: TestSite;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    stack = await startTestSite('expert-data', ADMIN_PASSWORD, { AGORA_DEMO_DATA: 'true' });
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await stack?.stop();
  });

  /** A demo user's session (browser context and typed API) on the seafront questionnaire's screen. */
  const openScreen = (username: string, opts: Parameters<typeof newContext>[2]) =>
    openSeafront(browser, stack.url, username, opts);

  /**
   * Opens an attribute's answers list (through the mode dialog when the user may also answer) and its
   * statistics window; `act` clicks (or taps).
   */
  async function openStats(
    page: Page,
    attribute: string,
    act: (l: Locator) => Promise<void>,
  ): Promise<Locator> {
    await act(page.getByTestId(`attribute-${attribute}`));
    const list = page.getByTestId('answer-list');
    const mode = page.getByTestId('mode-dialog');
    await until(
      async () => (await mode.isVisible()) || (await list.isVisible()),
      Boolean,
      'the answers list or the mode dialog',
    );
    if (await mode.isVisible()) await act(page.getByTestId('mode-see'));
    await act(list.getByTestId('answers-stats'));
    const modal = page.getByTestId('stats-modal');
    await modal.getByTestId('stats-total').waitFor();
    return modal;
  }

  /** Draws a polygon with leaflet-draw's tool and the mouse (each vertex clicked until leaflet-draw has it). */
  async function drawPolygon(page: Page, corners: Array<[number, number]>): Promise<void> {
    const map = page.getByTestId('questionnaire-map');
    const at = await clickPolygonVertices(page, map, corners);
    const vertices = map.locator('.leaflet-marker-icon.leaflet-editing-icon');
    // the first vertex again closes the polygon (the drawing's markers go away)
    await until(
      async () => {
        if ((await vertices.count()) > 0) await at(corners[0]![0], corners[0]![1]);
        return vertices.count();
      },
      (n) => n === 0,
      'the closed polygon',
    );
  }

  /** Runs the export dialog to its download (the format chosen in the form) and answers the file's text. */
  async function exportFile(page: Page, format: 'csv' | 'geojson'): Promise<string> {
    const dialog = page.getByTestId('export-dialog');
    await dialog.getByTestId(`export-format-${format}`).check();
    // a drawn area: "only the answers inside it" is offered and checked
    expect(await dialog.locator('input[type="checkbox"]').isChecked()).toBe(true);
    await dialog.getByTestId('export-start').click();
    const link = dialog.getByTestId('export-download');
    await link.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
    const file = await download.path();
    return readFile(file, 'utf8');
  }

  it('lets an enrolled expert filter by a drawn area, read its statistics and export it', async () => {
    const { context, page, api } = await openScreen(DEMO_EXPERT, { locale: 'en' });
    const map = page.getByTestId('questionnaire-map');
    await page.getByTestId('map-analytics').waitFor();
    expect(await page.getByTestId('filter-summary').textContent()).toBe(
      'No area drawn: every answer is counted.',
    );

    // the area: the middle of the map, where the seafront's answers are
    const within = page.waitForRequest((r) =>
      /\/api\/data\/scope\/points\/project\/[^/]+\/within\//.test(r.url()),
    );
    await drawPolygon(page, [
      [0.3, 0.2],
      [0.75, 0.2],
      [0.75, 0.85],
      [0.3, 0.85],
    ]);
    const filter = decodeURIComponent((await within).url().split('/within/')[1]!);
    const project = (
      await api.GET('/api/data/scope/questionnaire/category/{category}/project/{project}', {
        params: { path: SEAFRONT },
      })
    ).project.token;
    // the `/within/{filter}` reads are checked against their contracts too
    const points = AnswerPointsAnswer.parse(
      await api.GET('/api/data/scope/points/project/{project}/within/{filter}', {
        params: { path: { project, filter } },
      }),
    );
    const inside = points.attributes.reduce((n, a) => n + a.count, 0);
    expect(inside).toBeGreaterThan(0);
    const summary = await until(
      () => page.getByTestId('filter-summary').textContent(),
      (t) => t !== null && /inside/.test(t),
      'the answers inside the area',
    );
    expect(summary).toBe(
      `1 area drawn, ${inside.toLocaleString('en')} answer${inside === 1 ? '' : 's'} inside`,
    );

    // the statistics of the bicycle parkings inside the area, as the API gives them
    const attribute = (
      await api.GET('/api/data/scope/questionnaire/category/{category}/project/{project}', {
        params: { path: SEAFRONT },
      })
    ).topics
      .flatMap((t) => t.attributes)
      .find((a) => a.mname === SEAFRONT_ATTRIBUTE)!;
    const stats = EnsembleAnswer.parse(
      await api.GET('/api/data/scope/ensemble/attribute/{attribute}/within/{filter}', {
        params: { path: { attribute: attribute.token, filter } },
      }),
    );
    expect(stats.filtered).toBe(true);
    expect(stats.count).toBeGreaterThan(0);
    const modal = await openStats(page, SEAFRONT_ATTRIBUTE, (l) => l.click());
    await modal.getByTestId('stats-filtered').waitFor();
    const total = modal.getByTestId('stats-total');
    expect(await total.locator('dd').first().textContent()).toBe(stats.count!.toLocaleString('en'));
    // the kind of stand (a radio): its first shown choice, unweighted then weighted
    const variable = stats.variables.find((v) => v.mname === 'stand-type')!;
    const kind = variable.kinds[0]!;
    const row = kind.dist.findIndex((d) => d.count !== null);
    expect(row).toBeGreaterThanOrEqual(0);
    const cell = kind.dist[row]!;
    await modal.getByRole('tab', { name: variable.label || variable.mname }).click();
    const value = modal.getByTestId('stats-dist-chart').locator('.cons-ans-bar-value').nth(row);
    const percent = (p: number) =>
      (p / 100).toLocaleString('en', { style: 'percent', maximumFractionDigits: 1 });
    expect(await modal.getByTestId('stats-weighting-unweighted').getAttribute('aria-pressed')).toBe('true');
    expect(await value.textContent()).toBe(`${cell.count!.toLocaleString('en')} (${percent(cell.percent!)})`);
    await modal.getByTestId('stats-weighting-weighted').click();
    const weighted = `${cell.weighted!.toLocaleString('en', { maximumFractionDigits: 2 })} (${percent(cell.weighted_percent!)})`;
    expect(
      await until(
        () => value.textContent(),
        (t) => t === weighted,
        'the weighted number',
      ),
    ).toBe(weighted);
    expect(await modal.getByTestId('stats-weighting-weighted').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // both exports of the answers inside the area
    await page.getByTestId('export-csv').click();
    const csv = await exportFile(page, 'csv');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const header = headerOf(csv);
    expect(header.slice(0, 6)).toEqual(['answer', 'respondent', 'topic', 'attribute', 'created', 'updated']);
    expect(header.slice(-4)).toEqual(['weight', 'wkt', 'x', 'y']);
    expect(csvRecords(csv) - 1).toBe(inside);
    await page.getByTestId('export-again').click();
    const geojson = JSON.parse(await exportFile(page, 'geojson')) as {
      type: string;
      features: Array<{ geometry: unknown }>;
    };
    expect(geojson.type).toBe('FeatureCollection');
    expect(geojson.features).toHaveLength(inside);
    expect(geojson.features.every((f) => f.geometry !== null)).toBe(true);
    await page.getByTestId('export-close').click();
    expect(await map.locator('.leaflet-draw-draw-polygon').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 240_000);

  it('shows an administrator every answer from /admin/data, as clusters', async () => {
    const context = await newContext(browser, stack.url, { locale: 'en' });
    const page = await context.newPage();
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    const api = typedApi(context);
    const category = await api.GET('/api/category/mname/{mname}', {
      params: { path: { mname: SEAFRONT.category } },
    });
    const project = category.projects.find((p) => p.mname === SEAFRONT.project)!;
    await page.goto('/admin/data');
    await page.getByTestId('category-row').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: category.title, exact: true }).click();
    await page.waitForURL(`**/admin/data/category/${SEAFRONT.category}`);
    await page.getByTestId('project-card').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('project-card').getByRole('link', { name: project.title, exact: true }).click();
    await page.waitForURL(`**${DATA_PROJECT}`);
    const map = page.getByTestId('questionnaire-map');
    await map.locator('.leaflet-control-zoom').waitFor();
    expect(await page.getByTestId('questionnaire').getAttribute('data-role')).toBe('staff');
    await page.getByTestId('export-csv').waitFor();
    await page.getByTestId('map-view-clusters').check();
    // the cluster layer tells on the map's element how many clusters and single answers it drew
    const drawn = await until(
      async () => Number((await map.getAttribute('data-clusters-drawn')) ?? 0),
      (n) => n > 0,
      'the clusters drawn',
    );
    expect(drawn).toBeGreaterThan(0);
    expect(await map.locator('.cons-cluster-count').count()).toBeGreaterThan(0);
    // the clusters hold every answer with a place: their numbers add up to the points' count
    const points = await api.GET('/api/data/scope/points/project/{project}', {
      params: { path: { project: project.token } },
    });
    expect(points.attributes.reduce((n, a) => n + a.count, 0)).toBeGreaterThan(1000);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('gives a normal participant no draw control, no export and no Data tab', async () => {
    const { context, page } = await openScreen(NORMAL, { locale: 'en' });
    expect(await page.getByTestId('questionnaire').getAttribute('data-role')).toBe('normal');
    const map = page.getByTestId('questionnaire-map');
    expect(await map.locator('.leaflet-draw-draw-polygon').count()).toBe(0);
    expect(await page.getByTestId('export-csv').count()).toBe(0);
    expect(await page.getByTestId('export-geojson').count()).toBe(0);
    expect(await page.getByTestId('map-analytics').count()).toBe(0);
    expect(await page.getByTestId('aside-tabs').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  /** Opens the aside when it is a drawer (on a phone). */
  async function openDrawer(page: Page): Promise<Locator> {
    const toggle = page.getByTestId('drawer-toggle');
    if (await toggle.isVisible()) await toggle.tap();
    const aside = page.getByTestId('questionnaire').getByTestId('aside');
    await aside.waitFor();
    return aside;
  }

  it('passes axe in Greek on a phone: the expert’s screen, its dialogs and the Data tab, the data pages', async () => {
    const { context, page } = await openScreen(DEMO_EXPERT, {
      locale: 'el',
      width: 390,
      height: 844,
      touch: true,
    });
    expect(await page.getByTestId('questionnaire').getAttribute('data-role')).toBe('expert');
    expect(await seriousViolations(page)).toEqual([]);
    const aside = await openDrawer(page);
    await aside.getByTestId('map-analytics').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await openStats(page, SEAFRONT_ATTRIBUTE, (l) => l.tap());
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('stats-modal').waitFor({ state: 'detached' });
    await page.getByTestId('export-geojson').tap();
    await page.getByTestId('export-dialog').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('export-dialog').waitFor({ state: 'detached' });
    // the Data tab: the categories as images, each to its data page
    const drawer = await openDrawer(page);
    await drawer.getByRole('tab', { name: 'Δεδομένα' }).tap();
    await drawer.getByTestId('data-tab').getByTestId('data-tile').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    const admin = await newContext(browser, stack.url, {
      locale: 'el',
      width: 390,
      height: 844,
      touch: true,
    });
    const adminPage = await admin.newPage();
    await loginAs(adminPage, 'admin', ADMIN_PASSWORD);
    for (const path of ['/admin/data', `/admin/data/category/${SEAFRONT.category}`, DATA_PROJECT]) {
      await adminPage.goto(path);
      await adminPage
        .getByTestId('mf-consultation-page')
        .or(adminPage.getByTestId('questionnaire'))
        .first()
        .waitFor();
      if (path === DATA_PROJECT)
        await adminPage.getByTestId('questionnaire-map').locator('.leaflet-control-zoom').waitFor();
      else
        await adminPage
          .getByTestId(path === '/admin/data' ? 'category-row' : 'project-card')
          .first()
          .waitFor();
      expect(await seriousViolations(adminPage)).toEqual([]);
    }
    await admin.close();
  }, 240_000);
});
