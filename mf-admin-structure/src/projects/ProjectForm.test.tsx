import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notificationsAtom } from '@agora/platform';
import { adminUser, click, LocationProbe, mockFetch, renderWeb } from '../../../scripts/jest/web';
import App from '../App';
import { messages } from '../i18n';
import { today, tomorrow } from './dates';
import { category, project, PROJECT_RULES, TOKEN_C1, TOKEN_P1 } from './testdata';

const ADD = '/admin/administration/project/add';
const EDIT = '/admin/administration/project/proj1/edit';

const base = {
  'GET /api/category': { status: 200, body: [category(1)] },
  'GET /api/validation/scope/project': { status: 200, body: PROJECT_RULES },
  'GET /api/settings': { status: 200, body: { map: { center: { lat: 38, lng: 23.7 }, zoom: 9 } } },
  'GET /api/project/limits': {
    status: 200,
    body: {
      max_bytes: { min: 1024, max: 10485760, default: 2097152 },
      open_data_grid_m: { min: 10, max: 10000, default: 50 },
    },
  },
};

/** Project 1 to edit: read by short name and token, updated with the body sent. */
const editing: Parameters<typeof mockFetch>[0] = {
  ...base,
  'GET /api/project/mname/proj1': { status: 200, body: project(1) },
  [`GET /api/project/token/${TOKEN_P1}`]: { status: 200, body: project(1) },
  [`PUT /api/project/token/${TOKEN_P1}`]: (call) => ({
    status: 200,
    body: project(1, call.body as never),
  }),
};

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function openAdd(extra: Parameters<typeof mockFetch>[0] = {}) {
  document.cookie = 'token=t1';
  const calls = mockFetch({
    ...base,
    'GET /api/checkIfExists/scope/project/field/mname/value/nea-agora-thessalonikis': {
      status: 200,
      body: false,
    },
    ...extra,
  });
  const rendered = await renderWeb(
    <>
      <App basePath="" />
      <LocationProbe />
    </>,
    { route: ADD, user: adminUser, messages },
  );
  await screen.findByTestId('project-form');
  return { calls, ...rendered };
}

describe('project form', () => {
  it('takes the map centre typed in EPSG:2100 (the default), EPSG:4326 or EPSG:3857', async () => {
    const { calls } = await openAdd({ 'POST /api/project': { status: 200, body: project(1) } });
    type(/^Title/, 'Νέα Αγορά Θεσσαλονίκης');
    const system = (await screen.findByLabelText('Coordinate system')) as HTMLSelectElement;
    expect(system.value).toBe('EPSG:2100');
    expect([...system.options].map((o) => o.value).sort()).toEqual(['EPSG:2100', 'EPSG:3857', 'EPSG:4326']);
    // the settings' centre (38, 23.7) shown in EPSG:2100
    expect(Number(input(/^X \(easting\)/).value)).toBeCloseTo(473_511.081, 3);
    // Thessaloniki's White Tower in EPSG:2100
    type(/^X \(easting\)/, '411100');
    type(/^Y \(northing\)/, '4498300');
    fireEvent.change(system, { target: { value: 'EPSG:4326' } });
    expect(Number(input(/^Latitude/).value)).toBeCloseTo(40.63, 1);
    fireEvent.change(system, { target: { value: 'EPSG:3857' } });
    expect(Number(input(/^X \(easting\)/).value)).toBeCloseTo(2_554_000, -4);
    await click(screen.getByTestId('project-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const center = (calls.find((c) => c.method === 'POST')?.body as { center: { lat: number; lng: number } })
      .center;
    expect(center.lat).toBeCloseTo(40.633, 2);
    expect(center.lng).toBeCloseTo(22.948, 2);
  });

  it('starts today, ends tomorrow, public date tomorrow but disabled, map from the settings', async () => {
    await openAdd();
    expect(input('Start date *').value).toBe(today());
    expect(input('End date *').value).toBe(tomorrow());
    expect(input('Publication date').value).toBe(tomorrow());
    expect(input('Publication date').disabled).toBe(true);
    expect(Number(input(/^Y \(northing\)/).value)).toBeCloseTo(4_205_569.56, 2);
    expect(input('Zoom').value).toBe('9');
    expect(input('Largest upload (bytes) *').value).toBe('2097152');
    expect(screen.getByTestId('project-map').getAttribute('aria-label')).toBe('Map centre and zoom');
    // settings without tiles of their own: OpenStreetMap's
    await waitFor(() =>
      expect(
        screen.getByTestId('project-map').querySelector('img.leaflet-tile')?.getAttribute('src'),
      ).toMatch(/^https:\/\/tile\.openstreetmap\.org\/9\//),
    );
  });

  it("draws the map with the deployment's tiles from the site settings", async () => {
    await openAdd({
      'GET /api/settings': {
        status: 200,
        body: {
          map: { center: { lat: 38, lng: 23.7 }, zoom: 9 },
          tileUrl: 'https://tiles.example.gov/osm/{z}/{x}/{y}.png',
          tileAttribution: 'Tiles: City of Example',
        },
      },
    });
    const map = screen.getByTestId('project-map');
    await waitFor(() => expect(map.querySelector('img.leaflet-tile')).not.toBeNull());
    // the tiles at the project's zoom come from the configured template
    for (const img of Array.from(map.querySelectorAll('img.leaflet-tile'))) {
      expect(img.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\.gov\/osm\/9\/\d+\/\d+\.png$/);
    }
    expect(map.querySelector('.leaflet-control-attribution')?.textContent).toContain(
      'Tiles: City of Example',
    );
  });

  it('derives the short name from a Greek title until the short name is edited by hand', async () => {
    await openAdd();
    type('Title *', 'Νέα Αγορά Θεσσαλονίκης');
    expect(input('Short name *').value).toBe('nea-agora-thessalonikis');
    type('Short name *', 'agora');
    type('Title *', 'Νέα Αγορά Θεσσαλονίκης 2');
    expect(input('Short name *').value).toBe('agora');
  });

  it('refuses an end date before the start date, with an error under the end date', async () => {
    const { calls, store } = await openAdd();
    type('Title *', 'Νέα Αγορά Θεσσαλονίκης');
    type('Start date *', '2026-05-10');
    type('End date *', '2026-05-09');
    expect(screen.getByText('The end date cannot be before the start date.')).toBeTruthy();
    await click(screen.getByTestId('project-save'));
    await waitFor(() => expect(store.get(notificationsAtom)).toHaveLength(1));
    expect(store.get(notificationsAtom)[0]?.body).toBe('form contains non valid elements');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    type('End date *', '2026-05-10');
    expect(screen.queryByText('The end date cannot be before the start date.')).toBeNull();
  });

  it("keeps max_bytes within the server's bounds", async () => {
    const { calls } = await openAdd();
    type('Title *', 'Νέα Αγορά Θεσσαλονίκης');
    type(/^Largest upload/, '20000000');
    expect(screen.getByText('Between 1024 and 10485760 bytes.')).toBeTruthy();
    await click(screen.getByTestId('project-save'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    type(/^Largest upload/, '10485760');
    expect(screen.queryByText('Between 1024 and 10485760 bytes.')).toBeNull();
  });

  it("enables the public date with 'Results will be published': ticking sets today, unticking clears it", async () => {
    await openAdd();
    await click(screen.getByLabelText('Results will be published'));
    expect(input('Publication date').disabled).toBe(false);
    expect(input('Publication date').value).toBe(today());
    await click(screen.getByLabelText('Results will be published'));
    expect(input('Publication date').disabled).toBe(true);
    expect(input('Publication date').value).toBe('');
  });

  it('creates a project in the active category with its WMS layer and legislation, then opens its edit route', async () => {
    const { calls, store } = await openAdd({
      'POST /api/project': (call) => ({
        status: 200,
        // the stored project: the body's fields, and its category as the answer names it
        body: project(1, {
          ...(call.body as object),
          token: TOKEN_P1,
          category: project(1).category,
        } as never),
      }),
      [`GET /api/project/mname/nea-agora-thessalonikis`]: { status: 200, body: project(1) },
      [`GET /api/project/token/${TOKEN_P1}`]: { status: 200, body: project(1) },
    });
    type('Title *', 'Νέα Αγορά Θεσσαλονίκης');
    await click(screen.getByTestId('add-wms'));
    const wms = within(screen.getByTestId('row-wms'));
    fireEvent.change(wms.getByLabelText('Title *'), { target: { value: 'Cadastre' } });
    fireEvent.change(wms.getByLabelText('WMS URL *'), { target: { value: 'http://127.0.0.1/wms' } });
    await click(screen.getByTestId('project-save'));
    // layers missing: refused, the cell says so
    expect(wms.getByText('This value is required.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(wms.getByLabelText('Layers *'), { target: { value: 'parcels' } });
    await click(screen.getByTestId('add-legislation'));
    const law = within(screen.getByTestId('row-legislation'));
    fireEvent.change(law.getByLabelText('Title *'), { target: { value: 'Law 4412/2016' } });
    fireEvent.change(law.getByLabelText('File URL *'), { target: { value: '/files/law.pdf' } });
    await click(screen.getByTestId('add-legislation')); // a blank row is dropped
    fireEvent.change(screen.getByLabelText('Coordinate system'), { target: { value: 'EPSG:4326' } });
    type(/^Latitude/, '40.5');
    await click(screen.getByTestId('project-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/project');
    expect(post?.body).toEqual({
      title: 'Νέα Αγορά Θεσσαλονίκης',
      mname: 'nea-agora-thessalonikis',
      summary: '',
      summary_img: '',
      summary_img_alt: '',
      start_date: today(),
      end_date: tomorrow(),
      retention_days: null,
      active: false,
      is_public: false,
      public_date: tomorrow(),
      max_bytes: 2097152,
      zoom: 9,
      center: { lat: 40.5, lng: 23.7 },
      wms_services: [{ title: 'Cadastre', WMSurl: 'http://127.0.0.1/wms', layers: 'parcels' }],
      legislation: [{ title: 'Law 4412/2016', file: '/files/law.pdf' }],
      open_data_free_text: false,
      erase_answers_on_account_deletion: false,
      open_data_grid_m: 50,
      category: TOKEN_C1,
    });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/admin/administration/project/nea-agora-thessalonikis/edit',
      ),
    );
    expect(store.get(notificationsAtom).map((n) => n.body)).toContain('data posted');
  });

  it("refuses a short name that exists: 'This value already exists!', no POST", async () => {
    const { calls, store } = await openAdd({
      'GET /api/checkIfExists/scope/project/field/mname/value/nea-agora-thessalonikis': {
        status: 200,
        body: true,
      },
      'GET /api/checkIfExists/scope/project/field/mname/value/nea-agora': { status: 200, body: false },
    });
    type('Title *', 'Νέα Αγορά Θεσσαλονίκης');
    await click(screen.getByTestId('project-save'));
    expect(await screen.findByText('This value already exists!')).toBeTruthy();
    await waitFor(() => expect(store.get(notificationsAtom)).toHaveLength(1));
    expect(store.get(notificationsAtom)[0]?.body).toBe('form contains non valid elements');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // another short name is free: the message goes
    type('Short name *', 'nea-agora');
    await waitFor(() => expect(screen.queryByText('This value already exists!')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends only the changed fields on update, and nothing when nothing changed', async () => {
    document.cookie = 'token=t1';
    const calls = mockFetch(editing);
    const { store } = await renderWeb(<App basePath="" />, { route: EDIT, user: adminUser, messages });
    await screen.findByTestId('project-form');
    expect(input('Title *').value).toBe('Project 1');
    await click(screen.getByTestId('project-save'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    type('Title *', 'Project one');
    type('Zoom', '13');
    // editing keeps the stored short name
    expect(input('Short name *').value).toBe('proj1');
    await click(screen.getByTestId('project-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { title: 'Project one', zoom: 13 },
    ]);
    expect(store.get(notificationsAtom).map((n) => [n.type, n.body])).toEqual([
      ['success', 'successful update'],
    ]);
  });

  it('edits the open-data settings, refusing a grid outside the bounds', async () => {
    document.cookie = 'token=t1';
    const calls = mockFetch(editing);
    await renderWeb(<App basePath="" />, { route: EDIT, user: adminUser, messages });
    await screen.findByTestId('project-form');
    expect(input('Open-data grid (metres)').value).toBe('50');
    expect(input('The open data include the free-text answers').checked).toBe(false);
    type('Open-data grid (metres)', '5');
    expect(screen.getByText('Between 10 and 10000 metres.')).toBeTruthy();
    await click(screen.getByTestId('project-save'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    type('Open-data grid (metres)', '100');
    await click(screen.getByLabelText('The open data include the free-text answers'));
    await click(screen.getByTestId('project-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { open_data_free_text: true, open_data_grid_m: 100 },
    ]);
  });

  it('edits the retention of the answers, refusing days outside 1 to 3650, empty for none', async () => {
    document.cookie = 'token=t1';
    const calls = mockFetch(editing);
    await renderWeb(<App basePath="" />, { route: EDIT, user: adminUser, messages });
    await screen.findByTestId('project-form');
    const label = 'Keep the answers linked to their people (days)';
    expect(input(label).value).toBe('');
    expect(screen.getByText(/days after the project's end date the answers are detached/)).toBeTruthy();
    expect(screen.queryByTestId('project-detached')).toBeNull();
    type(label, '0');
    expect(screen.getByText('Between 1 and 3650 days, or empty.')).toBeTruthy();
    await click(screen.getByTestId('project-save'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    type(label, '30');
    expect(screen.queryByText('Between 1 and 3650 days, or empty.')).toBeNull();
    await click(screen.getByTestId('project-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    type(label, '');
    await click(screen.getByTestId('project-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { retention_days: 30 },
      { retention_days: null },
    ]);
  });

  it('says when the answers were detached from their people', async () => {
    document.cookie = 'token=t1';
    const detached = project(1, {
      retention_days: 30,
      personal_links_removed_at: '2027-01-20T10:00:00.000Z',
    });
    mockFetch({ ...editing, [`GET /api/project/token/${TOKEN_P1}`]: { status: 200, body: detached } });
    await renderWeb(<App basePath="" />, { route: EDIT, user: adminUser, messages });
    await screen.findByTestId('project-form');
    expect(input('Keep the answers linked to their people (days)').value).toBe('30');
    expect(screen.getByTestId('project-detached').textContent).toBe(
      'Answers detached from their people on 20/01/2027.',
    );
  });

  it('edits whether a deleted account takes its answers in this project with it', async () => {
    document.cookie = 'token=t1';
    const calls = mockFetch(editing);
    await renderWeb(<App basePath="" />, { route: EDIT, user: adminUser, messages });
    await screen.findByTestId('project-form');
    const label = 'Deleting an account deletes its answers in this project too';
    expect(input(label).checked).toBe(false);
    expect(screen.getByText(/Otherwise they stay in the statistics, detached from the person/)).toBeTruthy();
    await click(screen.getByLabelText(label));
    await click(screen.getByTestId('project-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { erase_answers_on_account_deletion: true },
    ]);
  });

  it('fills a legislation row and the summary image from the library', async () => {
    const libraryItem = (n: number) => ({
      uuid: `l-${n}`,
      title: `Law ${n}`,
      tags: [],
      tooltip: '',
      description: '',
      documentation: '',
      alt_text: `alt ${n}`,
      resource: `/files/law-${n}.png`,
      thumbnail: null,
      created: '2026-01-01T10:00:00Z',
    });
    await openAdd({
      'GET /api/library/page/1': {
        status: 200,
        body: { values: [libraryItem(1), libraryItem(2)], page: 1, total_pages: 1 },
      },
    });
    await click(screen.getByTestId('add-legislation'));
    await click(screen.getByTestId('pick-legislation'));
    const modal = await screen.findByTestId('library-select-modal');
    await click((await within(modal).findAllByTestId('select-item'))[1] as HTMLElement);
    await click(within(modal).getByTestId('select-accept'));
    const law = within(screen.getByTestId('row-legislation'));
    expect((law.getByLabelText('Title *') as HTMLInputElement).value).toBe('Law 2');
    expect((law.getByLabelText('File URL *') as HTMLInputElement).value).toBe('/files/law-2.png');
    await click(screen.getByTestId('summary-img-pick'));
    const images = await screen.findByTestId('library-select-modal');
    await click((await within(images).findAllByTestId('select-item'))[0] as HTMLElement);
    await click(within(images).getByTestId('select-accept'));
    expect(screen.getByTestId('summary-img-preview').getAttribute('src')).toBe('/files/law-1.png');
    expect(input('Alternative text of the image').value).toBe('alt 1');
  });

  it("says 'action denied' when the server refuses", async () => {
    document.cookie = 'token=t1';
    mockFetch({
      ...base,
      [`GET /api/project/token/${TOKEN_P1}`]: { status: 200, body: project(1) },
      [`PUT /api/project/token/${TOKEN_P1}`]: {
        status: 400,
        body: {
          Error: 'max_bytes: from 1024 to 1000 bytes',
          code: 'CONSULTATION.INVALID_FIELD',
          field: 'max_bytes',
          rule: 'range',
          values: { min: 1024, max: 1000 },
        },
      },
    });
    const { store } = await renderWeb(<App basePath="" />, {
      route: `/admin/administration/project/${TOKEN_P1}/edit`,
      user: adminUser,
      messages,
    });
    await screen.findByTestId('project-form');
    type(/^Largest upload/, '2000');
    await click(screen.getByTestId('project-save'));
    await waitFor(() => expect(store.get(notificationsAtom)).toHaveLength(1));
    expect(store.get(notificationsAtom)[0]).toMatchObject({ type: 'warning', body: 'action denied' });
    // the server's message shows under the field until the value changes
    expect(screen.getByText('A value from 1024 to 1000.')).toBeTruthy();
    expect(screen.queryByText(/bytes$/)).toBeNull();
    type(/^Largest upload/, '3000');
    expect(screen.queryByText('A value from 1024 to 1000.')).toBeNull();
  });
});
