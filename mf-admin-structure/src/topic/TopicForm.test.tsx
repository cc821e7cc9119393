import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notificationsAtom } from '@agora/platform';
import { adminUser, click, mockFetch, renderWeb } from '../../../scripts/jest/web';
import { messages } from '../i18n';
import { TopicForm } from './TopicForm';
import { topicBody, topicValues, withTopicGeometry } from './values';
import type { TopicAnswer } from '@agora/contracts/api';

const drawn = {
  type: 'FeatureCollection' as const,
  features: [
    {
      type: 'Feature' as const,
      geometry: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [23, 38],
            [23.1, 38],
            [23.1, 38.1],
            [23, 38],
          ],
        ],
      },
      properties: null,
    },
  ],
};

jest.mock('../../../packages/platform/src/map/DrawMapCanvas', () => ({
  __esModule: true,
  default: (props: {
    onChange: (v: unknown) => void;
    value: { features: unknown[] } | null;
    testId: string;
  }) => (
    <button type="button" data-testid={`${props.testId}-draw`} onClick={() => props.onChange(drawn)}>
      {props.value?.features.length ?? 0}
    </button>
  ),
}));

const P = 'P1';

describe('topic form', () => {
  it('turning has_geometry off clears geom_type, max_geom and the boundary', () => {
    const values = {
      ...topicValues(null),
      title: 'A',
      mname: 'a',
      has_geometry: true,
      geom_type: 'point',
      max_geom: '3',
    };
    const off = withTopicGeometry(values, { map: drawn }, false);
    expect(off.values).toMatchObject({ has_geometry: false, geom_type: '', max_geom: '' });
    expect(off.boundary).toEqual({ map: null });
    expect(topicBody(off.values, off.boundary)).toMatchObject({
      has_geometry: false,
      geom_type: null,
      max_geom: null,
      boundary: null,
    });
    expect(topicBody(values, { map: drawn })).toMatchObject({
      geom_type: 'point',
      max_geom: 3,
      boundary: drawn.features[0]?.geometry,
    });
  });

  it('requires a drawn boundary with geometry, then posts the topic with its boundary', async () => {
    const saved: TopicAnswer = {
      token: 'T9',
      project: P,
      title: 'Roads and paths',
      mname: 'roads-and-paths',
      description: '',
      has_geometry: true,
      boundary: drawn.features[0]!.geometry,
      geom_type: 'line',
      max_geom: 2,
      geom_color: '#1a56db',
      relative_documents: [],
      forum_topic_id: null,
      forum_topic_url: null,
      sort_order: 1,
    };
    const calls = mockFetch({
      'GET /api/validation/scope/node': {
        status: 200,
        body: { title: { required: true }, mname: { required: true } },
      },
      'GET /api/checkIfExists/scope/node/field/mname/value/roads-and-paths?parent=P1': {
        status: 200,
        body: false,
      },
      'POST /api/node': { status: 200, body: saved },
      'GET /api/node/project/P1/token/T9': { status: 200, body: saved },
    });
    const onSaved = jest.fn<void, [TopicAnswer]>();
    await renderWeb(<TopicForm project={P} onSaved={onSaved} onCancel={() => undefined} />, {
      user: adminUser,
      messages,
    });
    const title = await screen.findByLabelText(/^Title/);
    fireEvent.change(title, { target: { value: 'Roads and paths' } });
    expect((screen.getByLabelText(/^Short name/) as HTMLInputElement).value).toBe('roads-and-paths');
    await click(screen.getByLabelText('Has geometry'));
    fireEvent.change(screen.getByLabelText(/^Geometry type/), { target: { value: 'line' } });
    fireEvent.change(screen.getByLabelText(/^Number of geometries/), { target: { value: '2' } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId('topic-form'));
    });
    expect((await screen.findByTestId('topic-boundary-error')).textContent).toBe('Please draw the boundary.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await click(screen.getByTestId('topic-boundary-map-draw'));
    await act(async () => {
      fireEvent.submit(screen.getByTestId('topic-form'));
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      title: 'Roads and paths',
      mname: 'roads-and-paths',
      description: '',
      has_geometry: true,
      geom_type: 'line',
      max_geom: 2,
      geom_color: '#1a56db',
      relative_documents: [],
      boundary: drawn.features[0]?.geometry,
      project: 'P1',
    });
    expect(onSaved.mock.calls[0]?.[0].token).toBe('T9');
  });

  it("refuses a short name taken in the project: 'This value already exists!', no POST", async () => {
    const calls = mockFetch({
      'GET /api/validation/scope/node': {
        status: 200,
        body: { title: { required: true }, mname: { required: true, unique: true } },
      },
      'GET /api/checkIfExists/scope/node/field/mname/value/roads?parent=P1': { status: 200, body: true },
    });
    const { store } = await renderWeb(
      <TopicForm project={P} onSaved={() => undefined} onCancel={() => undefined} />,
      { user: adminUser, messages },
    );
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'Roads' } });
    expect((screen.getByLabelText(/^Short name/) as HTMLInputElement).value).toBe('roads');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('topic-form'));
    });
    expect(await screen.findByText('This value already exists!')).toBeTruthy();
    expect(store.get(notificationsAtom)[0]?.body).toBe('form contains non valid elements');
    expect(calls.some((c) => c.url.startsWith('/api/checkIfExists/scope/node/field/mname/value/roads'))).toBe(
      true,
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('unticking has_geometry in the form empties its fields; an edit sends only what changed', async () => {
    const topic = {
      token: 'T1',
      project: P,
      title: 'Parks',
      mname: 'parks',
      description: '',
      has_geometry: true,
      boundary: drawn.features[0]?.geometry,
      geom_type: 'point',
      max_geom: 4,
      geom_color: '#1a56db',
      relative_documents: [{ title: 'Plan', file: 'https://example.org/plan.pdf' }],
      forum_topic_id: null,
      forum_topic_url: null,
      sort_order: 1,
    } as TopicAnswer;
    const calls = mockFetch({
      'GET /api/validation/scope/node': { status: 200, body: {} },
      'GET /api/node/project/P1/token/T1': { status: 200, body: topic },
      'PUT /api/node/token/T1': { status: 200, body: topic },
    });
    await renderWeb(
      <TopicForm project={P} token="T1" onSaved={() => undefined} onCancel={() => undefined} />,
      {
        user: adminUser,
        messages,
      },
    );
    expect(((await screen.findByLabelText(/^Number of geometries/)) as HTMLInputElement).value).toBe('4');
    await click(screen.getByLabelText('Has geometry'));
    expect(screen.queryByLabelText(/^Number of geometries/)).toBeNull();
    await click(screen.getByLabelText('Has geometry'));
    expect((screen.getByLabelText(/^Number of geometries/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Geometry type/) as HTMLSelectElement).value).toBe('');
    expect(screen.getByTestId('topic-boundary-map-draw').textContent).toBe('0');
    await click(screen.getByLabelText('Has geometry'));
    await act(async () => {
      fireEvent.submit(screen.getByTestId('topic-form'));
    });
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      has_geometry: false,
      geom_type: null,
      max_geom: null,
      boundary: null,
    });
  });
});
