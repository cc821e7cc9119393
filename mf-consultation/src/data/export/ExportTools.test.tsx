import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { click, mockFetch, renderWeb, type FakeReply } from '../../../../scripts/jest/web';
import { messages } from '../../i18n';
import { areaFilterAtom } from '../areaFilter';
import { ExportTools } from './ExportTools';
import type { ExportJobAnswer } from './exportJob';

const PROJECT = '6a1b2c3d-4e5f-4a6b-8c7d-000000000001';
const START = `POST /api/export/project/${PROJECT}/job`;
const JOB = 'GET /api/export/job/j1';
const TRIANGLE = [
  [22.95, 40.61],
  [22.96, 40.61],
  [22.96, 40.62],
] as const;

const job = (over: Partial<ExportJobAnswer>): FakeReply => ({
  status: 200,
  body: { state: 'running', rows: 0, total: 0, percent: 0, file_name: null, code: null, ...over },
});

const show = (locale: 'el' | 'en' = 'en') =>
  renderWeb(<ExportTools project={PROJECT} />, { user: null, messages, locale });

const dialog = () => screen.queryByRole('dialog');

describe('export dialog', () => {
  it('starts the job with the chosen format, coordinate system and drawn area, shows its progress, then its file', async () => {
    let now: FakeReply = job({ state: 'running', rows: 50, total: 200, percent: 25 });
    const calls = mockFetch({ [START]: { status: 202, body: { job: 'j1' } }, [JOB]: () => now });
    const { store } = await show();
    act(() => store.set(areaFilterAtom, { project: PROJECT, polygons: [TRIANGLE] }));

    await click(screen.getByRole('button', { name: 'Export the answers as GeoJSON' }));
    expect(dialog()?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Export the answers' })).toBeTruthy();
    // the focus is in the dialog, on its first control: the format of the icon
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /GeoJSON/ }));
    expect((screen.getByRole('radio', { name: /GeoJSON/ }) as HTMLInputElement).checked).toBe(true);
    await click(screen.getByRole('radio', { name: 'CSV (for spreadsheets)' }));
    const crs = screen.getByRole('combobox', { name: 'Coordinate system' }) as HTMLSelectElement;
    expect([...crs.options].map((o) => o.textContent)).toEqual([
      'WGS 84: longitude and latitude in degrees, as GPS gives them (EPSG:4326)',
      'Greek Geodetic Reference System ΕΓΣΑ87, in metres (EPSG:2100)',
      'Web Mercator, as web maps use it, in metres (EPSG:3857)',
    ]);
    fireEvent.change(crs, { target: { value: '2100' } });
    const inside = screen.getByRole('checkbox', { name: 'Only the answers inside the drawn area' });
    expect((inside as HTMLInputElement).checked).toBe(true);
    await click(screen.getByRole('button', { name: 'Start the export' }));

    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      output_format: 'csv',
      crs: 2100,
      filter: '22.95,40.61_22.96,40.61_22.96,40.62',
    });
    await waitFor(() => expect(screen.getByTestId('export-rows').textContent).toBe('50 of 200 rows (25%)'));
    expect((screen.getByRole('progressbar', { name: 'Export progress' }) as HTMLProgressElement).value).toBe(25);
    expect(screen.getByTestId('export-state').textContent).toBe('Exporting…');
    expect(document.activeElement).toBe(screen.getByTestId('export-state'));

    // closed while it runs: the job goes on, and a button tells how far and opens the dialog again
    await click(screen.getByRole('button', { name: 'Close (the export goes on)' }));
    expect(dialog()).toBeNull();
    expect(screen.getByTestId('export-reopen').textContent).toBe('Export 25%');
    now = job({ state: 'done', rows: 200, total: 200, percent: 100, file_name: 'buses.csv' });
    await waitFor(() => expect(screen.getByTestId('export-reopen').textContent).toBe('Export ready'), {
      timeout: 4000,
    });
    await click(screen.getByTestId('export-reopen'));
    const download = screen.getByRole('link', { name: 'Download buses.csv' });
    expect(download.getAttribute('href')).toBe('/api/export/job/j1/file');
    expect(download.getAttribute('download')).toBe('buses.csv');
    expect(screen.getByTestId('export-rows').textContent).toBe('200 rows exported.');
    // alongside the file: the data dictionary and, for a CSV, its types for GDAL as a sidecar of the same name
    const dictionary = screen.getByRole('link', { name: 'Data dictionary (JSON)' });
    expect(dictionary.getAttribute('href')).toBe(`/api/export/project/${PROJECT}/dictionary`);
    expect(dictionary.getAttribute('download')).toBe('buses-dictionary.json');
    const csvt = screen.getByRole('link', { name: /^Column types for GDAL and QGIS/ });
    expect(csvt.getAttribute('href')).toBe(`/api/export/project/${PROJECT}/csvt`);
    expect(csvt.getAttribute('download')).toBe('buses.csvt');
    expect(screen.queryByRole('progressbar')).toBeNull();

    // a new export starts from the form again
    await click(screen.getByRole('button', { name: 'New export' }));
    expect(screen.getByRole('button', { name: 'Start the export' })).toBeTruthy();
  });

  it('offers no drawn-area choice without a drawn area, and sends no filter', async () => {
    const calls = mockFetch({
      [START]: { status: 202, body: { job: 'j1' } },
      [JOB]: job({ state: 'queued' }),
    });
    const { store } = await show();
    // an area drawn on another project's map does not count
    act(() => store.set(areaFilterAtom, { project: 'another', polygons: [TRIANGLE] }));
    await click(screen.getByTestId('export-csv'));
    expect((screen.getByRole('radio', { name: /CSV/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('checkbox')).toBeNull();
    await click(screen.getByRole('button', { name: 'Start the export' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ output_format: 'csv', crs: 4326 });
    await waitFor(() => expect(screen.getByTestId('export-state').textContent).toBe('Waiting to start…'));
  });

  it.each([
    ['en', 'The export failed.', 'The export was not found or has expired.'],
    ['el', 'Η εξαγωγή απέτυχε.', 'Η εξαγωγή δεν βρέθηκε ή έχει λήξει.'],
  ] as const)('tells why a job failed, by its code (%s)', async (locale, state, why) => {
    mockFetch({
      [START]: { status: 202, body: { job: 'j1' } },
      [JOB]: job({ state: 'failed', code: 'CONSULTATION.EXPORT_NOT_FOUND' }),
    });
    await show(locale);
    await click(screen.getByTestId('export-geojson'));
    await click(screen.getByTestId('export-start'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(why));
    expect(screen.getByTestId('export-state').textContent).toBe(state);
    expect(screen.queryByTestId('export-download')).toBeNull();
  });

  it.each([
    [
      'en',
      "In the CSV, a text that starts with =, +, -, @, a tab or a line break gets a leading ' so that spreadsheets do not run it as a formula (the data dictionary says so too). The GeoJSON keeps every value exactly as given.",
    ],
    [
      'el',
      "Στο CSV, ένα κείμενο που αρχίζει με =, +, -, @, tab ή αλλαγή γραμμής παίρνει ένα ' μπροστά, ώστε τα λογιστικά φύλλα να μην το εκτελέσουν ως τύπο (το λέει και το λεξικό δεδομένων). Το GeoJSON κρατά κάθε τιμή ακριβώς όπως δόθηκε.",
    ],
  ] as const)('tells of the CSV formula guard and the short keys (%s)', async (locale, guard) => {
    mockFetch({});
    await show(locale);
    await click(screen.getByTestId('export-geojson'));
    expect(screen.queryByTestId('export-csv-guard')).toBeNull();
    expect(screen.getByTestId('export-keys').textContent).toMatch(locale === 'en' ? /at most 10 characters/ : /έως 10 χαρακτήρες/);
    await click(screen.getByTestId('export-format-csv'));
    expect(screen.getByTestId('export-csv-guard').textContent).toBe(guard);
  });

  it.each([
    [
      'en',
      { problem: 'too_many_decimals', polygon: 1, vertex: 3, coordinate: 'lat', max: 8 },
      'The latitude of vertex 3 of polygon 1 has more than 8 decimals.',
    ],
    [
      'el',
      { problem: 'too_many_decimals', polygon: 1, vertex: 3, coordinate: 'lat', max: 8 },
      'Το γεωγραφικό πλάτος της κορυφής 3 του πολυγώνου 1 έχει περισσότερα από 8 δεκαδικά.',
    ],
    ['en', { problem: 'not_simple', polygon: 2 }, 'Polygon 2 is not simple: its sides cross. Draw it again without crossings.'],
    [
      'el',
      { problem: 'out_of_range', polygon: 1, vertex: 2, coordinate: 'lon', min: -180, max: 180 },
      'Το γεωγραφικό μήκος της κορυφής 2 του πολυγώνου 1 είναι εκτός του εύρους -180 έως 180 μοίρες.',
    ],
  ] as const)('names what is wrong with a refused drawn area (%s %j)', async (locale, values, text) => {
    mockFetch({
      [START]: {
        status: 400,
        body: { Error: 'invalid area filter', code: 'CONSULTATION.FILTER_INVALID', field: 'filter', values },
      },
    });
    const { store } = await show(locale);
    act(() => store.set(areaFilterAtom, { project: PROJECT, polygons: [TRIANGLE] }));
    await click(screen.getByTestId('export-geojson'));
    await click(screen.getByTestId('export-start'));
    expect(screen.getByRole('alert').textContent).toBe(text);
  });

  it('shows a refused start in the dialog, which stays open to try again', async () => {
    mockFetch({
      [START]: { status: 400, body: { Error: 'bad crs', code: 'CONSULTATION.EXPORT_CRS' } },
    });
    await show('el');
    await click(screen.getByTestId('export-geojson'));
    await click(screen.getByTestId('export-start'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Αυτό το σύστημα συντεταγμένων δεν υποστηρίζεται· επιλέξτε EPSG:4326, 2100 ή 3857.',
    );
    expect(screen.getByTestId('export-start')).toBeTruthy();
    expect(screen.queryByTestId('export-reopen')).toBeNull();
  });
});
