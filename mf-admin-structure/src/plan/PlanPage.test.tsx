import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmHost } from '@agora/platform';
import { adminUser, click, mockFetch, renderWeb, type FakeRoutes } from '../../../scripts/jest/web';
import App from '../App';
import { editOnAtom, openModeAtom } from './settings';
import type { AttributeAnswer, ProjectAnswer, TopicAnswer, VariableAnswer } from '@agora/contracts/api';

jest.mock('../../../packages/platform/src/map/DrawMapCanvas', () => ({
  __esModule: true,
  default: (props: { center?: { lat: number; lng: number }; zoom?: number }) => (
    <div data-testid="draw-map-stub" data-view={JSON.stringify([props.center ?? null, props.zoom ?? null])} />
  ),
}));

const P = '11111111-1111-4111-8111-111111111111';
const project = {
  token: P,
  mname: 'roads',
  title: 'Roads',
  forum_topic_url: null,
} as unknown as ProjectAnswer;
const topic = (token: string, title: string, sort_order: number) =>
  ({
    token,
    title,
    mname: token,
    project: P,
    sort_order,
    forum_topic_url: null,
    has_geometry: false,
  }) as TopicAnswer;
const attribute = (token: string, node: string, name: string, sort_order: number, is_visible = true) =>
  ({ token, node, name, mname: token, sort_order, is_visible, forum_topic_url: null }) as AttributeAnswer;
const variable = (token: string, attr: string, sort_order: number) =>
  ({
    token,
    attribute: attr,
    mname: `var-${token}`,
    sort_order,
    is_visible: true,
    forum_topic_url: null,
  }) as VariableAnswer;

function routes(extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/project/mname/roads': { status: 200, body: project },
    [`GET /api/node/project/${P}`]: {
      status: 200,
      body: [topic('T2', 'Second topic', 2), topic('T1', 'First topic', 1)],
    },
    [`GET /api/attribute/project/${P}`]: {
      status: 200,
      body: [attribute('A2', 'T1', 'Lamps', 2, false), attribute('A1', 'T1', 'Potholes', 1)],
    },
    [`GET /api/variable/project/${P}`]: { status: 200, body: [variable('V1', 'A1', 1)] },
    'GET /api/validation/scope/node': { status: 200, body: { title: { required: true } } },
    ...extra,
  };
}

const PLAN = '/admin/administration/project/roads/plan';

async function openMenu(row: HTMLElement, kind: string) {
  await click(within(row).getAllByTestId(`plan-${kind}-menu-button`)[0] as HTMLElement);
}

describe('plan screen', () => {
  beforeEach(() => localStorage.clear());

  it('shows what each variable asks: its label, its types and its icon, with the short name beside', async () => {
    const asking = {
      ...variable('V1', 'A1', 1),
      mname: 'travel-mode',
      icon: '/api/library/files/icons/bus.svg',
      variable_type: [
        {
          kind: 'radio',
          options: {
            label: 'How do you travel?',
            required: true,
            choices: [
              { id: 'bus', label: 'Bus' },
              { id: 'foot', label: 'Foot' },
            ],
          },
        },
        { kind: 'geom_point', options: { label: 'Where do you start?' } },
      ],
    } as VariableAnswer;
    const bare = {
      ...variable('V2', 'A1', 2),
      mname: 'no-label',
      icon: '',
      variable_type: [],
    } as VariableAnswer;
    mockFetch(routes({ [`GET /api/variable/project/${P}`]: { status: 200, body: [asking, bare] } }));
    await renderWeb(<App basePath="" />, { route: PLAN, user: adminUser });
    const [first, second] = await screen.findAllByTestId('plan-variable');
    expect(within(first!).getByTestId('plan-variable-title').textContent).toBe('How do you travel?');
    expect(within(first!).getByTestId('plan-variable-types').textContent).toBe(
      'Single choice (radio), Points',
    );
    expect(within(first!).getByTestId('plan-variable-mname').textContent).toBe('travel-mode');
    expect(within(first!).getByTestId('plan-variable-icon').getAttribute('src')).toBe(
      '/api/library/files/icons/bus.svg',
    );
    // without a label the short name is the title; without an icon or types nothing else is shown
    expect(within(second!).getByTestId('plan-variable-title').textContent).toBe('no-label');
    expect(within(second!).queryByTestId('plan-variable-icon')).toBeNull();
    expect(within(second!).queryByTestId('plan-variable-mname')).toBeNull();
  });

  it("opens the topic's boundary map on the project's centre and zoom, in the modal and on the edit page", async () => {
    const placed = { ...project, center: { lat: 40.6401, lng: 22.9444 }, zoom: 13 } as ProjectAnswer;
    const withGeometry = {
      ...topic('T1', 'First topic', 1),
      has_geometry: true,
      geom_type: 'polygon',
      max_geom: 1,
      geom_color: '#1a56db',
      boundary: null,
      relative_documents: [],
    };
    mockFetch(
      routes({
        'GET /api/project/mname/roads': { status: 200, body: placed },
        [`GET /api/node/project/${P}/token/T1`]: { status: 200, body: withGeometry },
      }),
    );
    const { unmount } = await renderWeb(<App basePath="" />, { route: PLAN, user: adminUser });
    await openMenu(screen.getAllByTestId('plan-topic')[0] as HTMLElement, 'topic');
    await click(screen.getByTestId('menu-edit'));
    const map = await screen.findByTestId('draw-map-stub');
    expect(JSON.parse(map.getAttribute('data-view') ?? '')).toEqual([{ lat: 40.6401, lng: 22.9444 }, 13]);
    unmount();

    await renderWeb(<App basePath="" />, {
      route: '/admin/administration/project/roads/topic/T1/edit',
      user: adminUser,
    });
    const onPage = await screen.findByTestId('draw-map-stub');
    expect(JSON.parse(onPage.getAttribute('data-view') ?? '')).toEqual([{ lat: 40.6401, lng: 22.9444 }, 13]);
  });

  it('shows topics > attributes > variables in their sort order, hidden ones marked', async () => {
    mockFetch(routes());
    await renderWeb(<App basePath="" />, { route: PLAN, user: adminUser });
    const topics = await screen.findAllByTestId('plan-topic');
    expect(topics.map((t) => within(t).getAllByTestId('plan-topic-title')[0]?.textContent)).toEqual([
      'First topic',
      'Second topic',
    ]);
    const attrs = within(topics[0] as HTMLElement).getAllByTestId('plan-attribute');
    expect(attrs.map((a) => a.getAttribute('data-token'))).toEqual(['A1', 'A2']);
    expect(attrs.map((a) => a.getAttribute('data-visible'))).toEqual(['true', 'false']);
    expect(within(attrs[0] as HTMLElement).getByTestId('plan-variable-title').textContent).toBe('var-V1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Roads');
  });

  it('loads the structure again when the window regains focus', async () => {
    const calls = mockFetch(routes());
    await renderWeb(<App basePath="" />, { route: PLAN, user: adminUser });
    await screen.findAllByTestId('plan-topic');
    const loads = () => calls.filter((c) => c.url.startsWith(`/api/variable/project/`)).length;
    const before = loads();
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(loads()).toBe(before + 1));
  });

  it('opens add and edit in a modal by default, in a new tab or in this tab as chosen', async () => {
    mockFetch(
      routes({
        [`GET /api/node/project/${P}/token/T1`]: {
          status: 200,
          body: { ...topic('T1', 'First topic', 1), relative_documents: [] },
        },
      }),
    );
    const { store } = await renderWeb(<App basePath="" />, { route: PLAN, user: adminUser, probe: true });
    await click(await screen.findByTestId('plan-add-topic'));
    expect(within(screen.getByTestId('plan-editor')).getByTestId('topic-form')).toBeTruthy();
    await click(screen.getByTestId('form-cancel'));
    expect(screen.queryByTestId('plan-editor')).toBeNull();

    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    act(() => store.set(openModeAtom, 'tab'));
    const first = screen.getAllByTestId('plan-topic')[0] as HTMLElement;
    await openMenu(first, 'topic');
    await click(screen.getByTestId('menu-edit'));
    expect(open).toHaveBeenCalledWith(
      '/admin/administration/project/roads/topic/T1/edit',
      '_blank',
      'noopener',
    );
    expect(screen.queryByTestId('plan-editor')).toBeNull();

    act(() => store.set(openModeAtom, 'same'));
    await openMenu(screen.getAllByTestId('plan-attribute')[0] as HTMLElement, 'attribute');
    await click(screen.getByTestId('menu-add'));
    expect(screen.getByTestId('location').textContent).toBe(
      '/admin/administration/project/roads/topic/T1/attribute/A1/variable/add',
    );
    open.mockRestore();
  });

  it('chooses the open mode and editing in the settings menu; editing off hides the controls', async () => {
    mockFetch(routes());
    const { store } = await renderWeb(<App basePath="" />, { route: PLAN, user: adminUser });
    await click(await screen.findByTestId('plan-settings-button'));
    expect(screen.getByTestId('settings-mode-modal').getAttribute('aria-checked')).toBe('true');
    await click(screen.getByTestId('settings-mode-same'));
    expect(store.get(openModeAtom)).toBe('same');
    expect(localStorage.getItem('agora.structure.openMode')).toBe('"same"');
    expect(screen.getAllByTestId('plan-topic-handle')).toHaveLength(2);
    await click(screen.getByTestId('plan-settings-button'));
    await click(screen.getByTestId('settings-edit-on'));
    expect(store.get(editOnAtom)).toBe(false);
    expect(screen.queryAllByTestId('plan-topic-handle')).toHaveLength(0);
    expect(screen.queryByTestId('plan-add-topic')).toBeNull();
    expect(screen.queryAllByTestId('plan-topic-menu-button')).toHaveLength(0);
  });

  it('hides and shows attributes and deletes after the confirmation, then reloads', async () => {
    const calls = mockFetch(
      routes({
        'PUT /api/attribute/token/A1': { status: 200, body: attribute('A1', 'T1', 'Potholes', 1, false) },
        'PUT /api/attribute/token/A2': { status: 200, body: attribute('A2', 'T1', 'Lamps', 2) },
        'DELETE /api/node/token/T2': { status: 200, body: { message: 'data deleted' } },
      }),
    );
    await renderWeb(
      <>
        <App basePath="" />
        <ConfirmHost />
      </>,
      { route: PLAN, user: adminUser },
    );
    const [a1, a2] = (await screen.findAllByTestId('plan-attribute')) as HTMLElement[];
    // a right click on the row opens its menu too
    await act(async () => {
      fireEvent.contextMenu(
        within(a1 as HTMLElement).getAllByTestId('plan-attribute-title')[0] as HTMLElement,
      );
    });
    expect(screen.getByTestId('menu-toggle').textContent).toBe('Hide');
    await click(screen.getByTestId('menu-toggle'));
    await openMenu(a2 as HTMLElement, 'attribute');
    expect(screen.getByTestId('menu-toggle').textContent).toBe('Show');
    await click(screen.getByTestId('menu-toggle'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/attribute/token/A1', { is_visible: false }],
      ['/api/attribute/token/A2', { is_visible: true }],
    ]);
    // the menu is keyboard accessible: End and arrows move, Enter selects
    const second = screen.getAllByTestId('plan-topic')[1] as HTMLElement;
    await openMenu(second, 'topic');
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByTestId('menu-thread'));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    const del = screen.getByTestId('menu-delete');
    expect(document.activeElement).toBe(del);
    await act(async () => {
      fireEvent.keyDown(del, { key: 'Enter' });
    });
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Delete this entry?');
    expect(dialog.textContent).toContain('Do you wish to continue?');
    await click(within(dialog).getByTestId('confirm-no'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await openMenu(second, 'topic');
    await click(screen.getByTestId('menu-delete'));
    await click(within(screen.getByTestId('confirm-dialog')).getByTestId('confirm-yes'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/node/token/T2']),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.url === `/api/node/project/${P}`).length).toBeGreaterThan(1),
    );
  });

  it('creates a thread for a topic from its menu and then shows its forum link', async () => {
    let created = false;
    const calls = mockFetch(
      routes({
        [`GET /api/node/project/${P}`]: () => ({
          status: 200,
          body: [
            {
              ...topic('T1', 'First topic', 1),
              forum_topic_id: created ? 7 : null,
              forum_topic_url: created ? '/forum/7' : null,
            },
          ],
        }),
        'POST /api/node/createThread/T1': () => {
          created = true;
          return { status: 200, body: { forum_topic_id: 7, forum_topic_url: '/forum/7' } };
        },
      }),
    );
    await renderWeb(<App basePath="" />, { route: PLAN, user: adminUser });
    await openMenu(await screen.findByTestId('plan-topic'), 'topic');
    await click(screen.getByTestId('menu-thread'));
    const modal = screen.getByTestId('create-thread-modal');
    fireEvent.change(within(modal).getByLabelText(/Title/), {
      target: { value: 'Where should the paths go?' },
    });
    fireEvent.change(within(modal).getByLabelText(/Message/), {
      target: { value: 'Tell us which streets need paths.' },
    });
    await click(within(modal).getByTestId('thread-create'));
    await waitFor(() => expect(screen.queryByTestId('create-thread-modal')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Where should the paths go?',
      raw: 'Tell us which streets need paths.',
    });
    const link = await screen.findByTestId('plan-topic-forum');
    expect(link.getAttribute('href')).toBe('/forum/7');
    await openMenu(screen.getByTestId('plan-topic'), 'topic');
    expect(screen.queryByTestId('menu-thread')).toBeNull();
  });
});
