import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notificationsAtom } from '@agora/platform';
import { adminUser, click, LocationProbe, mockFetch, renderWeb } from '../../../scripts/jest/web';
import App from '../App';
import { messages } from '../i18n';
import { category, CATEGORY_RULES, layoutRows, TOKEN_C1, TOKEN_C2 } from '../projects/testdata';

const NEW_TOKEN = '33333333-3333-4333-8333-333333333333';
const rules = { 'GET /api/validation/scope/category': { status: 200, body: CATEGORY_RULES } };
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** Opens the new category form in Greek and saves it; the server refuses with `status` and `body`. */
async function createRefusedInGreek(status: number, body: object) {
  document.cookie = 'token=t1';
  mockFetch({
    ...rules,
    'GET /api/category': { status: 200, body: [] },
    'GET /api/checkIfExists/scope/category/field/mname/value/nea': { status: 200, body: false },
    'POST /api/category': { status, body },
  });
  const rendered = await renderWeb(<App basePath="" />, {
    route: '/admin/administration/category/add',
    user: adminUser,
    messages,
    locale: 'el',
  });
  await screen.findByTestId('category-form');
  type('Τίτλος *', 'Νέα');
  await click(screen.getByTestId('category-save'));
  return rendered;
}

describe('category form', () => {
  it("creates a category with 'Save and make Active' and then opens its edit route", async () => {
    document.cookie = 'token=t1';
    const created = category(2, {
      token: NEW_TOKEN,
      mname: 'kentro-athinas',
      title: 'Κέντρο Αθήνας',
      active: true,
    });
    const calls = mockFetch({
      ...rules,
      'GET /api/category': { status: 200, body: [] },
      'GET /api/checkIfExists/scope/category/field/mname/value/kentro-athinas': { status: 200, body: false },
      'POST /api/category': { status: 200, body: created },
      [`GET /api/category/token/${NEW_TOKEN}`]: { status: 200, body: created },
    });
    const { store } = await renderWeb(
      <>
        <App basePath="" />
        <LocationProbe />
      </>,
      { route: '/admin/administration/category/add', user: adminUser, messages },
    );
    await screen.findByTestId('category-form');
    type('Title *', 'Κέντρο Αθήνας');
    expect(input('Short name *').value).toBe('kentro-athinas');
    type('Summary', 'Η πλατεία και οι δρόμοι γύρω της');
    await click(screen.getByTestId('category-save-active'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.filter((c) => c.url.startsWith('/api/checkIfExists')).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Κέντρο Αθήνας',
      mname: 'kentro-athinas',
      summary: 'Η πλατεία και οι δρόμοι γύρω της',
      summary_img: '',
      summary_img_alt: '',
      autosubscribe: false,
      forum_welcome_message: '',
      active: true,
    });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/admin/administration/category/${NEW_TOKEN}/edit`,
      ),
    );
    expect(store.get(notificationsAtom).map((n) => n.body)).toEqual(['data posted']);
    // the edit route loads the category in put mode: its short name is no longer derived
    await waitFor(() => expect(input('Title *').value).toBe('Κέντρο Αθήνας'));
    type('Title *', 'Κέντρο Αθήνας (νέο)');
    expect(input('Short name *').value).toBe('kentro-athinas');
  });

  it("refuses a short name that exists: 'This value already exists!'", async () => {
    document.cookie = 'token=t1';
    const calls = mockFetch({
      ...rules,
      'GET /api/category': { status: 200, body: [category(1)] },
      'GET /api/checkIfExists/scope/category/field/mname/value/cat1': { status: 200, body: true },
    });
    await renderWeb(<App basePath="" />, {
      route: '/admin/administration/category/add',
      user: adminUser,
      messages,
    });
    await screen.findByTestId('category-form');
    type('Title *', 'Cat 1');
    type('Short name *', 'cat1');
    await click(screen.getByTestId('category-save'));
    expect(await screen.findByText('This value already exists!')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a 409 on create says nothing but shows the message under the short name, in Greek', async () => {
    const { store } = await createRefusedInGreek(409, {
      Error: 'mname: This value already exists!',
      code: 'CONSULTATION.EXISTS',
      field: 'mname',
      rule: 'unique',
    });
    expect(await screen.findByText('Η τιμή υπάρχει ήδη!')).toBeTruthy();
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it("shows a field's refusal under the field in Greek, never the server's English", async () => {
    await createRefusedInGreek(400, {
      Error: 'title: Maximum size is 200.',
      code: 'CONSULTATION.INVALID_FIELD',
      field: 'title',
      rule: 'max',
      values: { n: 200 },
    });
    expect(await screen.findByText('Το μέγιστο μέγεθος είναι 200.')).toBeTruthy();
    expect(screen.queryByText(/Maximum size/)).toBeNull();
  });

  it("edits: sends only the changed fields; 'Save and make Active' alone sends {active: true}", async () => {
    document.cookie = 'token=t1';
    const calls = mockFetch({
      ...rules,
      'GET /api/category': { status: 200, body: [category(1), category(2)] },
      [`GET /api/category/token/${TOKEN_C2}`]: { status: 200, body: category(2) },
      [`PUT /api/category/token/${TOKEN_C2}`]: (call) => ({
        status: 200,
        body: category(2, call.body as object),
      }),
    });
    await renderWeb(<App basePath="" />, {
      route: `/admin/administration/category/${TOKEN_C2}/edit`,
      user: adminUser,
      messages,
    });
    await screen.findByTestId('category-form');
    expect(input('Title *').value).toBe('Category 2');
    type('Forum welcome message', 'Καλώς ήρθατε');
    await click(screen.getByTestId('category-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    await click(screen.getByTestId('category-save-active'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { forum_welcome_message: 'Καλώς ήρθατε' },
      { active: true },
    ]);
    expect(calls.some((c) => c.url.startsWith('/api/checkIfExists'))).toBe(false);
  });

  it('shows every field of a category and its projects on the details page', async () => {
    mockFetch({
      'GET /api/category': { status: 200, body: [category(1)] },
      'GET /api/category/mname/cat1': {
        status: 200,
        body: category(1, { projects: [{ token: 'p', mname: 'proj1', title: 'Project 1' }] }),
      },
    });
    await renderWeb(<App basePath="" />, {
      route: '/admin/administration/category/cat1',
      user: adminUser,
      messages,
    });
    const details = await screen.findByTestId('category-details');
    expect(within(details).getByTestId('category-mname').textContent).toBe('cat1');
    expect(within(details).getByTestId('category-active').textContent).toBe('Yes');
    expect(within(details).getByRole('img').getAttribute('alt')).toBe('harbour');
    expect(within(screen.getByTestId('category-projects')).getByRole('link').getAttribute('href')).toBe(
      '/admin/administration/project/proj1/edit',
    );
  });
});

describe('categories tab', () => {
  let slot: HTMLElement;
  beforeEach(() => {
    slot = document.createElement('div');
    slot.id = 'sh-aside-slot';
    document.body.appendChild(slot);
  });
  afterEach(() => slot.remove());

  it('shows dimmed inactive cards in the aside; the checkbox makes one the only active or leaves none', async () => {
    document.cookie = 'token=t1';
    let list = [category(1), category(2)];
    const calls = mockFetch({
      'GET /api/category': () => ({ status: 200, body: list }),
      [`GET /api/project/category/${TOKEN_C1}`]: { status: 200, body: [] },
      [`PUT /api/category/token/${TOKEN_C2}`]: () => {
        list = [category(1, { active: false }), category(2, { active: true })];
        return { status: 200, body: list[1] };
      },
      [`PUT /api/category/token/${TOKEN_C1}`]: () => ({ status: 200, body: list[0] }),
    });
    const { store } = await renderWeb(<App basePath="" />, {
      route: '/admin/administration/project/list',
      user: adminUser,
      messages,
    });
    const tab = within(slot);
    const cards = await tab.findAllByTestId('category-card');
    expect(cards.map((c) => c.className)).toEqual(['st-cat-card', 'st-cat-card is-inactive']);
    expect(tab.getByTestId('category-add').getAttribute('href')).toBe('/admin/administration/category/add');
    const box2 = within(cards[1] as HTMLElement).getByRole('checkbox', { name: 'Active Category 2' });
    await click(box2);
    await waitFor(() =>
      expect(tab.getAllByTestId('category-card').map((c) => c.getAttribute('data-active'))).toEqual([
        'false',
        'true',
      ]),
    );
    await click(within(tab.getAllByTestId('category-card')[1] as HTMLElement).getByRole('checkbox'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      [`/api/category/token/${TOKEN_C2}`, { active: true }],
      [`/api/category/token/${TOKEN_C2}`, { active: false }],
    ]);
    // the second change's success replaces the first one's (the same message shows once, anew)
    expect(store.get(notificationsAtom).map((n) => n.body)).toEqual(['successful update']);
  });

  it('saves the order with PUT category/sortOrder after a drop in the reorder mode', async () => {
    const restore = layoutRows(60);
    try {
      document.cookie = 'token=t1';
      const calls = mockFetch({
        'GET /api/category': { status: 200, body: [category(1), category(2)] },
        [`GET /api/project/category/${TOKEN_C1}`]: { status: 200, body: [] },
        'PUT /api/category/sortOrder': { status: 200, body: { message: 'successful update' } },
      });
      await renderWeb(<App basePath="" />, {
        route: '/admin/administration/project/list',
        user: adminUser,
        messages,
      });
      // Cards are dragged only in the tab's reorder mode (spec part 2 §4).
      await within(slot).findAllByTestId('category-card');
      expect(within(slot).queryByTestId('category-handle')).toBeNull();
      await act(async () => {
        fireEvent.click(within(slot).getByTestId('categories-reorder'));
      });
      const handle = (await within(slot).findAllByTestId('category-handle'))[1] as HTMLElement;
      handle.focus();
      for (const key of [' ', 'ArrowUp', ' ']) {
        await act(async () => {
          fireEvent.keyDown(handle, { code: key === ' ' ? 'Space' : key, key });
        });
      }
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/api/category/sortOrder',
        body: { [TOKEN_C2]: 1, [TOKEN_C1]: 2 },
      });
    } finally {
      restore();
    }
  });
});
