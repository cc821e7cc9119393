// The public results page of a published project, end to end in Chromium on a fresh site (decision 0087): a
// visitor without an account finds it from the category's project card, sees each attribute's charts and their
// tables (a cell of too few respondents hidden), the map with the topic's outline, the published points and its
// legend, and downloads a collection's GeoJSON and the statistics' CSV; in Greek and English, on a phone and a
// desktop, with axe. Screenshots when E2E_SCREENSHOTS names a folder.
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newContext } from './support/browser.js';
import { seedPublishedProject } from './support/open-data.js';
import { snap } from './support/screenshots.js';
import { startTestSite, type TestSite } from './support/site.js';
import { until } from './support/wait.js';

const RESULTS = '/participate/category/open/project/squares/results';

const T = {
  en: {
    title: 'Results: Πλατείες',
    fewer: 'fewer than 2',
    area: "The project's area",
    points: 'Σημεία: 4 points',
    routes: 'Διαδρομές: 2 points',
  },
  el: {
    title: 'Αποτελέσματα: Πλατείες',
    fewer: 'λιγότεροι από 2',
    area: 'Η περιοχή του έργου',
    points: 'Σημεία: 4 σημεία',
    routes: 'Διαδρομές: 2 σημεία',
  },
} as const;

describe('the public results page of a published project', () => {
  let site: TestSite;
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    site = await startTestSite('results', 'results-admin-password', {
      AGORA_DEMO_DATA: 'false',
      CONSULTATION_MIN_CELL: '2',
      MAIL_WORKER: 'off',
    });
    await seedPublishedProject(site.db);
    ({ browser, close } = await launchBrowser());
  }, 180_000);

  afterAll(async () => {
    await close?.();
    await site?.stop();
  });

  it.each(['el', 'en'] as const)(
    'shows a visitor the charts, their tables and the map in %s on a phone and a desktop, with nothing serious for axe',
    async (locale) => {
      for (const width of [390, 1280]) {
        const context = await newContext(browser, site.url, { locale, width });
        const page = await context.newPage();
        // from the category's page, where the project's card links its results
        await page.goto('/participate/category/open');
        await page.getByTestId('project-results').click();
        await page.waitForURL((url) => url.pathname === RESULTS);
        await page.getByRole('heading', { level: 1, name: T[locale].title }).waitFor();

        const spots = page.getByTestId('results-collection').first();
        const mood = spots.getByTestId('stats-kind-radio');
        await mood.getByTestId('stats-dist-chart').waitFor();
        const table = mood.getByTestId('stats-dist-table');
        expect(await table.locator('caption').count()).toBe(1);
        // three gave the first choice; the one who gave the other is a cell too small to show
        const rows = await table
          .locator('tbody tr')
          .evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(0, 2).map((c) => c.textContent)));
        expect(rows).toEqual([
          ['Καλή', '3'],
          ['Κακή', T[locale].fewer],
        ]);
        // the number's range (each value was given by one respondent: no distribution to show)
        const score = await spots.getByTestId('stats-kind-number').textContent();
        expect([score?.includes('1.5'), score?.includes('4.5')]).toEqual([true, true]);

        // the topic's boundary and the published points (four at one place, two routes' points), never the lone
        // answer elsewhere
        await until(
          () => page.locator('.cons-results-map .leaflet-overlay-pane path').count(),
          (n) => n === 7,
          "the topic's boundary and the six published points on the map",
        );
        expect(await page.getByTestId('results-legend').locator('li').allTextContents()).toEqual([
          T[locale].area,
          T[locale].points,
          T[locale].routes,
        ]);

        expect(await seriousViolations(page)).toEqual([]);
        await snap(page, `results-${locale}-${width}`);

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('results-geojson').first().click(),
        ]);
        expect(download.suggestedFilename()).toBe('squares.spots.geojson');
        const geojson = JSON.parse(await readFile(await download.path(), 'utf8')) as {
          type: string;
          features: Array<{ geometry: { type: string } }>;
        };
        expect(geojson.type).toBe('FeatureCollection');
        expect(geojson.features.map((f) => f.geometry.type)).toEqual(['Point', 'Point', 'Point', 'Point']);

        const [csv] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('results-csv').click(),
        ]);
        const lines = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
        expect(lines[0]).toBe(
          'collection,topic,attribute,variable,kind,statistic,value,respondents,percent,weighted,weighted_percent',
        );
        // the hidden cell's numbers are empty
        expect(lines).toContain('squares.spots,Πλατείες,Σημεία,Διάθεση,radio,count,Κακή,,,,');
        await context.close();
      }
    },
  );

  it('says "not found" for a project whose results are not public yet', async () => {
    await site.db.query(`UPDATE consultation.project SET public_date = '2999-01-01' WHERE mname = 'squares'`);
    const context = await newContext(browser, site.url, { locale: 'en' });
    const page = await context.newPage();
    await page.goto(RESULTS);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByTestId('results-collection').count()).toBe(0);
    await context.close();
  });
});
