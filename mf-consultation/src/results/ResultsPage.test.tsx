import { screen, within } from '@testing-library/react';
import type { OpenDataFeaturesAnswer, OpenDataStatisticsAnswer } from '@agora/contracts/api';
import { click, mockFetch, renderWeb, type FakeRoutes } from '../../../scripts/jest/web';
import App from '../App';
import { categoryCard, projectCard } from '../categories/testdata';
import { CSV_HEADER, statisticsRows, type PublishedResults } from './results';

const PROJECT = projectCard(1, 'closed');
const OPEN_DATA = `/api/opendata/project/${PROJECT.token}`;
const ROUTE = '/participate/category/category-1/project/project-1/results';
const CATEGORY = 'GET /api/category/mname/category-1';

const published = { ...PROJECT, is_public: true, public_date: '2026-07-01' };
const categoryPage = (project = published) => ({
  status: 200,
  body: { category: categoryCard(1), projects: [project], enrolment: null, can_enrol: false },
});

const cell = (count: number | null, percent: number | null) => ({
  count,
  weighted: count,
  percent,
  weighted_percent: percent,
  suppressed: count === null,
});

const STATISTICS: OpenDataStatisticsAnswer = {
  id: 'places.points',
  title: 'Points',
  topic: 'Places',
  count: 4,
  respondents: 4,
  weighted_respondents: 4,
  min_cell: 3,
  suppressed: true,
  geometry: { type: 'point', count: 4, length_m: null, area_m2: null },
  variables: [
    {
      variable: '20000000-0000-4000-8000-000000000001',
      mname: 'rating',
      label: 'Rating',
      kinds: [
        {
          variable_type: 'radio',
          type: 'percentage',
          count: 4,
          weighted_count: 4,
          dist: [
            { value: 'Good', choice: 'a', ...cell(3, 75) },
            { value: 'Bad', choice: 'b', ...cell(null, null) },
          ],
        },
        {
          variable_type: 'number',
          type: 'number',
          count: 4,
          weighted_count: 4,
          dist: [],
          min: '2',
          max: '5',
          mean: 3.5,
          weighted_mean: 3.5,
          median: 3.5,
        },
      ],
    },
  ],
};

const COMMENTS: OpenDataStatisticsAnswer = {
  ...STATISTICS,
  suppressed: false,
  geometry: { type: null, count: 0, length_m: null, area_m2: null },
  variables: [{ ...STATISTICS.variables[0]!, kinds: [STATISTICS.variables[0]!.kinds[1]!] }],
};

const feature = (id: string, lon: number) => ({
  type: 'Feature' as const,
  id,
  geometry: { type: 'Point' as const, coordinates: [lon, 37.9] },
  properties: { topic: 'Places', answered_on: '2026-06-02', drawn_as: 'point', rating: 'Good' },
});

const items = (features: OpenDataFeaturesAnswer['features']): OpenDataFeaturesAnswer => ({
  type: 'FeatureCollection',
  features,
  links: [],
  numberMatched: 2,
  numberReturned: features.length,
  timeStamp: '2026-07-02T10:00:00.000Z',
});

const OPEN_DATA_ROUTES: FakeRoutes = {
  [`GET ${OPEN_DATA}`]: {
    status: 200,
    body: { title: 'Project 1', description: 'Summary of project 1', links: [] },
  },
  [`GET ${OPEN_DATA}/area`]: {
    status: 200,
    body: {
      center: { lat: 37.9, lng: 23.7 },
      zoom: 14,
      topics: [
        {
          title: 'Places',
          boundary: {
            type: 'Polygon',
            coordinates: [
              [
                [23.69, 37.89],
                [23.72, 37.89],
                [23.72, 37.91],
                [23.69, 37.89],
              ],
            ],
          },
        },
      ],
    },
  },
  [`GET ${OPEN_DATA}/collections`]: {
    status: 200,
    body: {
      links: [],
      collections: [
        { id: 'places.points', title: 'Points', description: '', links: [], itemType: 'feature', crs: [] },
      ],
    },
  },
  [`GET ${OPEN_DATA}/statistics`]: {
    status: 200,
    body: {
      attributes: [
        { id: 'places.points', title: 'Points', topic: 'Places' },
        { id: 'opinions.comments', title: 'Comments', topic: 'Opinions' },
      ],
    },
  },
  [`GET ${OPEN_DATA}/statistics/places.points`]: { status: 200, body: STATISTICS },
  // an attribute without a place: statistics, no collection
  [`GET ${OPEN_DATA}/statistics/opinions.comments`]: {
    status: 200,
    body: { ...COMMENTS, id: 'opinions.comments', title: 'Comments', topic: 'Opinions' },
  },
  // two pages of the items: the page follows them to the end
  [`GET ${OPEN_DATA}/collections/places.points/items?limit=1000`]: {
    status: 200,
    body: items([feature('a'.repeat(32), 23.7)]),
  },
  [`GET ${OPEN_DATA}/collections/places.points/items?limit=1000&offset=1`]: {
    status: 200,
    body: items([feature('b'.repeat(32), 23.71)]),
  },
};

/** A blob's text (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('mf-consultation public results page', () => {
  it("shows a visitor each attribute's statistics as charts and tables, the map's legend and the downloads", async () => {
    mockFetch({ [CATEGORY]: categoryPage(), ...OPEN_DATA_ROUTES });
    await renderWeb(<App basePath="" />, { route: ROUTE, user: null });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Results: Project 1');
    const [collection, comments] = screen.getAllByTestId('results-collection');
    expect(within(comments!).getByRole('heading', { level: 2 }).textContent).toBe('Comments (Opinions)');
    expect(within(comments!).getByTestId('stats-kind-number')).toBeTruthy();
    expect(within(collection!).getByRole('heading', { level: 2 }).textContent).toBe('Points (Places)');
    // the choice: a chart and its table, the hidden cell as "fewer than 3" in both
    const radio = within(collection!).getByTestId('stats-kind-radio');
    expect(within(radio).getByTestId('stats-dist-chart').textContent).toContain('fewer than 3');
    const table = within(radio).getByRole('table');
    expect(within(table).getByText('Distribution: Rating: Choice', { selector: 'caption' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.querySelector('th')?.textContent),
    ).toEqual(['Value', 'Good', 'Bad']);
    expect(within(collection!).getByTestId('stats-suppressed')).toBeTruthy();
    // the number: its range, mean and median
    expect(within(collection!).getByTestId('stats-kind-number').textContent).toContain('3.5');
    // the map's legend counts the points of every page
    expect(
      within(screen.getByTestId('results-legend'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(["The project's area", 'Points: 2 points']);
    // the open data's address, with how to open it in QGIS and GDAL
    const address = screen.getByTestId('results-opendata');
    expect(address.getAttribute('href')).toBe(`http://localhost${OPEN_DATA}`);
    expect(screen.getByText(/Add WFS \/ OGC API - Features Layer/)).toBeTruthy();
    expect(screen.getByText(`ogrinfo OAPIF:http://localhost${OPEN_DATA}`)).toBeTruthy();
    expect(screen.getByTestId('results-geojson').textContent).toBe('Points (GeoJSON)');
  });

  it('downloads a collection as GeoJSON with every feature', async () => {
    mockFetch({ [CATEGORY]: categoryPage(), ...OPEN_DATA_ROUTES });
    await renderWeb(<App basePath="" />, { route: ROUTE, user: null, locale: 'el' });
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:results';
    });
    URL.revokeObjectURL = jest.fn();
    await click(await screen.findByRole('button', { name: 'Points (GeoJSON)' }));
    expect(blobs).toHaveLength(1);
    const geojson = JSON.parse(await textOf(blobs[0]!)) as OpenDataFeaturesAnswer;
    expect(geojson.features.map((f) => f.id)).toEqual(['a'.repeat(32), 'b'.repeat(32)]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Αποτελέσματα: Project 1');
  });

  it('is "not found" for a project whose results are not public, or not in the category', async () => {
    mockFetch({
      [CATEGORY]: categoryPage(),
      [`GET ${OPEN_DATA}`]: {
        status: 404,
        body: { Error: 'project not found', code: 'CONSULTATION.PROJECT_NOT_FOUND' },
      },
    });
    const first = await renderWeb(<App basePath="" />, { route: ROUTE, user: null });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByTestId('results-collection')).toBeNull();
    first.unmount();

    mockFetch({ [CATEGORY]: categoryPage() });
    await renderWeb(<App basePath="" />, {
      route: '/participate/category/category-1/project/project-9/results',
      user: null,
    });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('links the results from the project card once they are public', async () => {
    mockFetch({ [CATEGORY]: categoryPage() });
    const first = await renderWeb(<App basePath="" />, {
      route: '/participate/category/category-1',
      user: null,
    });
    expect((await screen.findByTestId('project-results')).getAttribute('href')).toBe(ROUTE);
    first.unmount();

    mockFetch({ [CATEGORY]: categoryPage({ ...published, public_date: '2999-01-01' }) });
    await renderWeb(<App basePath="" />, { route: '/participate/category/category-1', user: null });
    await screen.findAllByTestId('project-card');
    expect(screen.queryByTestId('project-results')).toBeNull();
  });
});

describe('the statistics as CSV', () => {
  it('gives a row per summary number and per value, a hidden cell empty', () => {
    const results: PublishedResults = {
      title: 'Project 1',
      area: { center: null, zoom: 14, topics: [] },
      statistics: [STATISTICS],
      collections: [],
    };
    const rows = statisticsRows(results);
    expect(CSV_HEADER).toHaveLength(rows[0]!.length);
    const key = (r: unknown[]) => `${String(r[4])}/${String(r[5])}`;
    expect(rows.map((r) => [key(r), r[6], r[7]])).toEqual([
      ['radio/respondents', 4, null],
      ['radio/count', 'Good', 3],
      ['radio/count', 'Bad', null],
      ['number/respondents', 4, null],
      ['number/min', '2', null],
      ['number/max', '5', null],
      ['number/mean', 3.5, null],
      ['number/median', 3.5, null],
    ]);
  });
});
