import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notificationsAtom } from '@agora/platform';
import { adminUser, click, mockFetch, renderWeb, type FakeRoutes } from '../../../scripts/jest/web';
import { messages } from '../i18n';
import { AttributeForm } from './AttributeForm';
import type { AttributeAnswer } from '@agora/contracts/api';

jest.mock('../../../packages/platform/src/map/DrawMapCanvas', () => ({
  __esModule: true,
  default: (props: { value: { features: unknown[] } | null; testId: string }) => (
    <output data-testid={`${props.testId}-features`}>{props.value?.features.length ?? 0}</output>
  ),
}));

const P = 'P1';
const N = 'N1';
const RULES = {
  name: { required: true, max_size: 200 },
  mname: { required: true, unique: true, validation: '[a-z0-9_-]+' },
};
const TOPIC = 'GET /api/node/project/P1/token/N1';

async function open(routes: FakeRoutes) {
  document.cookie = 'token=t1';
  const calls = mockFetch({
    'GET /api/validation/scope/attribute': { status: 200, body: RULES },
    [TOPIC]: { status: 200, body: { token: N, project: P, title: 'Πλατεία', boundary: null } },
    ...routes,
  });
  const onSaved = jest.fn<void, [AttributeAnswer]>();
  const rendered = await renderWeb(
    <AttributeForm project={P} node={N} onSaved={onSaved} onCancel={() => undefined} />,
    { user: adminUser, messages },
  );
  await screen.findByTestId('attribute-form');
  await waitFor(() => expect(calls.some((c) => c.url === '/api/validation/scope/attribute')).toBe(true));
  return { calls, onSaved, ...rendered };
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () =>
  act(async () => {
    fireEvent.submit(screen.getByTestId('attribute-form'));
  });
const posted = (calls: Array<{ method: string }>) => calls.some((c) => c.method === 'POST');

/** Imports a GeoJSON file into a geometry field, in the system chosen (auto: the file's own or a guess). */
async function importFile(which: 'predefined' | 'context', geojson: object, crs: string) {
  fireEvent.change(screen.getByTestId(`attribute-${which}-crs`), { target: { value: crs } });
  const text = JSON.stringify(geojson);
  // jsdom's File has no text(): the browser's is given here
  const file = Object.assign(new File([text], 'points.geojson', { type: 'application/geo+json' }), {
    text: () => Promise.resolve(text),
  });
  await act(async () => {
    fireEvent.change(screen.getByTestId(`attribute-${which}-file`), { target: { files: [file] } });
  });
}

const points = (...coordinates: number[][]) => ({
  type: 'FeatureCollection',
  features: coordinates.map((c) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: c },
    properties: {},
  })),
});

describe('attribute form', () => {
  it('requires the name, the short name, and with geometry its type, count and features; sends nothing', async () => {
    const { calls, store } = await open({});
    await submit();
    await waitFor(() =>
      expect(store.get(notificationsAtom)[0]?.body).toBe('form contains non valid elements'),
    );
    expect(screen.getAllByText('This value is required.')).toHaveLength(2);

    type(/^Name/, 'Παγκάκια');
    expect((screen.getByLabelText(/^Short name/) as HTMLInputElement).value).toBe('pagkakia');
    await click(screen.getByLabelText('Has geometry'));
    await click(screen.getByLabelText('Has predefined features'));
    await click(screen.getByLabelText('Has context'));
    await submit();
    // geometry type, number of geometries and context: each required
    await waitFor(() => expect(screen.getAllByText('This value is required.')).toHaveLength(3));
    expect(screen.getByTestId('attribute-context-error').textContent).toBe('This value is required.');
    // the predefined features' map shows once the type is chosen: required too
    fireEvent.change(screen.getByLabelText(/^Geometry type/), { target: { value: 'point' } });
    type(/^Number of geometries/, '2');
    await submit();
    await waitFor(() => expect(screen.getAllByText('This value is required.')).toHaveLength(2));
    expect(screen.getByTestId('attribute-predefined-error').textContent).toBe('This value is required.');
    expect(screen.getByTestId('attribute-context-error').textContent).toBe('This value is required.');
    expect(posted(calls)).toBe(false);
  });

  it('refuses an import outside the ranges of the chosen system with the message, keeping the map', async () => {
    const { calls } = await open({
      'GET /api/checkIfExists/scope/attribute/field/mname/value/context?parent=N1': {
        status: 200,
        body: false,
      },
    });
    type(/^Name/, 'Context');
    await click(screen.getByLabelText('Has context'));
    // WGS84 degrees read as Greek Grid metres: outside EPSG:2100's ranges
    await importFile('context', points([23.7, 37.9]), 'EPSG:2100');
    expect(screen.getByTestId('attribute-context-import-error').textContent).toBe(
      'The coordinates are out of range for the chosen system. Nothing was changed.',
    );
    expect(screen.getByTestId('attribute-context-map-features').textContent).toBe('0');
    // a point of the file just outside EPSG:4326's ranges (latitude above 41.77)
    await importFile('context', points([23.7, 37.9], [23.7, 41.78]), 'EPSG:4326');
    expect(screen.getByTestId('attribute-context-import-error').textContent).toBe(
      'The coordinates are out of range for the chosen system. Nothing was changed.',
    );
    // coordinates of no system over Greece, left to the file: the system must be chosen
    await importFile('context', points([-120, 10]), 'auto');
    expect(screen.getByTestId('attribute-context-import-error').textContent).toBe(
      'The coordinates do not match any of EPSG:4326, EPSG:2100, EPSG:3857 over Greece: choose the system. Nothing was changed.',
    );
    expect(screen.getByTestId('attribute-context-map-features').textContent).toBe('0');
    await submit();
    expect(screen.getByTestId('attribute-context-error').textContent).toBe('This value is required.');
    expect(posted(calls)).toBe(false);

    // in range: taken, and sent in its own system for the server to reproject
    await importFile('context', points([476000, 4206000]), 'EPSG:2100');
    expect(screen.queryByTestId('attribute-context-import-error')).toBeNull();
    expect(screen.getByTestId('attribute-context-map-features').textContent).toBe('1');
    await submit();
    await waitFor(() => expect(posted(calls)).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Context',
      mname: 'context',
      has_context: true,
      geometry_crs: 'EPSG:2100',
      context: points([476000, 4206000]),
      node: N,
    });
  });

  it("shows the server's refusal of out-of-range coordinates under the form, never its English", async () => {
    const error = {
      Error:
        'context: coordinates out of range for EPSG:4326: longitude 18.27 to 29.97, latitude 33.23 to 41.77',
      code: 'CONSULTATION.GEOMETRY',
      field: 'context',
      rule: 'coordinates',
    };
    const { onSaved } = await open({
      'GET /api/checkIfExists/scope/attribute/field/mname/value/edge?parent=N1': { status: 200, body: false },
      'POST /api/attribute': { status: 400, body: error },
    });
    type(/^Name/, 'Edge');
    await click(screen.getByLabelText('Has context'));
    await importFile('context', points([23.7, 37.9]), 'EPSG:4326');
    await submit();
    expect((await screen.findByTestId('form-server-error')).textContent).toBe(
      'The coordinates are outside the range of the coordinate system.',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("refuses a short name taken in the topic: 'This value already exists!', no POST", async () => {
    const { calls, store } = await open({
      'GET /api/checkIfExists/scope/attribute/field/mname/value/benches?parent=N1': {
        status: 200,
        body: true,
      },
    });
    type(/^Name/, 'Παγκάκια');
    type(/^Short name/, 'benches');
    await submit();
    expect(await screen.findByText('This value already exists!')).toBeTruthy();
    expect(store.get(notificationsAtom)[0]?.body).toBe('form contains non valid elements');
    expect(
      calls.some((c) => c.url.startsWith('/api/checkIfExists/scope/attribute/field/mname/value/benches')),
    ).toBe(true);
    expect(posted(calls)).toBe(false);
  });
});
