import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Paged } from '@agora/contracts';
import { ConfirmHost, notificationsAtom } from '@agora/platform';
import { searchUrl } from '../../../packages/platform/src/map/geocoder';
import type { PointMapProps } from '../../../packages/platform/src/map/PointMap';
import { adminUser, click, mockFetch, renderWeb, type FakeRoutes } from '../../../scripts/jest/web';
import App from '../App';
import type { UserRow } from './types';

// Leaflet needs a real browser: the map is replaced by a stand-in that shows the marker and can "drag" it.
jest.mock('../../../packages/platform/src/map/PointMap', () => ({
  __esModule: true,
  default: (props: PointMapProps) => (
    <div data-testid="point-map">
      <output data-testid="marker">{props.point ? `${props.point.lat};${props.point.lng}` : 'none'}</output>
      <button type="button" onClick={() => props.onMove({ lat: 37.9755, lng: 23.7348 })}>
        drag
      </button>
    </div>
  ),
}));

const GEO = 'https://geo.example.org';
const SETTINGS_WITH_GEOCODER = { 'GET /api/settings': { status: 200, body: { geocoderUrl: GEO } } };

const USERS_URL = '/api/users/page/1/sort/lastname/sort_method/asc';
const RULES_URL = '/api/validation/scope/users/fields/username;firstname;lastname;email;phone;password';
const RULES = {
  username: { required: true, min_size: 3, max_size: 30, unique: true },
  firstname: { required: true, min_size: 1, max_size: 50 },
  lastname: { required: true, min_size: 1, max_size: 50 },
  email: { required: true, unique: true, validation: '^[^@\\s]+@[^@\\s]+$', message: 'not an email' },
  phone: { required: false, max_size: 20 },
  password: { required: true, min_size: 8, max_size: 128 },
};

const maria: UserRow = {
  uuid: 'u-maria',
  username: 'kostas',
  firstname: 'Κώστας',
  lastname: 'Νικολάου',
  email: 'kostas@example.org',
  role: 'editor',
  active: true,
  created: '2026-02-03T09:00:00Z',
  last_login: '2026-03-04T10:00:00Z',
  phone: '2101234567',
  address: 'Ερμού+12Α+Αθήνα+105 63',
  location: { lat: 37.9762, lon: 23.7281 },
  locale: 'el',
  results_mail: false,
};
const self: UserRow = {
  ...maria,
  uuid: adminUser.uuid,
  username: 'maria',
  role: 'admin',
  phone: null,
  address: null,
  location: null,
};
const page = (values: UserRow[]): Paged<UserRow> => ({ values, page: 1, total_pages: 1 });

async function render(routes: FakeRoutes, route = '/admin/users') {
  document.cookie = 'token=tok';
  const calls = mockFetch({
    [`GET ${USERS_URL}`]: { status: 200, body: page([maria, self]) },
    [`GET ${RULES_URL}`]: { status: 200, body: RULES },
    ...routes,
  });
  const result = await renderWeb(
    <>
      <App basePath="" />
      <ConfirmHost />
    </>,
    { route, user: adminUser, probe: true },
  );
  return { ...result, calls };
}

function rowOf(username: string): HTMLElement {
  const row = screen.getAllByTestId('user-row').find((r) => within(r).queryByText(username));
  if (!row) throw new Error(`no row for ${username}`);
  return row;
}

const lastNote = (store: Awaited<ReturnType<typeof render>>['store']) => store.get(notificationsAtom).at(-1);

describe('mf-members user actions', () => {
  it('shows the user details modal with every field', async () => {
    await render({});
    await screen.findAllByTestId('user-row');
    await click(within(rowOf('kostas')).getByRole('button', { name: 'View' }));
    const dialog = screen.getByTestId('user-details');
    const text = (key: string) => within(dialog).getByTestId(`user-detail-${key}`).textContent;
    expect(text('username')).toBe('Usernamekostas');
    expect(text('role')).toBe('RoleEditor');
    expect(text('active')).toBe('ActiveYes');
    expect(text('address')).toBe('AddressΕρμού 12Α, 105 63 Αθήνα');
    expect(text('phone')).toBe('Phone2101234567');
    expect(text('created')).toBe('Created03/02/2026');
    expect(text('last_login')).toBe('Last login04/03/2026');
    await click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('user-details')).toBeNull();
  });

  it('edits a user in a modal, sending only the changed fields, then notifies "successful update"', async () => {
    const { calls, store } = await render({
      'PUT /api/users/uuid/u-maria': {
        status: 200,
        body: { ...maria, lastname: 'Νικολαΐδης', role: 'reviewer' },
      },
    });
    await screen.findAllByTestId('user-row');
    await click(within(rowOf('kostas')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByTestId('user-edit');
    expect((within(dialog).getByLabelText(/Last name/) as HTMLInputElement).value).toBe('Νικολάου');
    expect((within(dialog).getByLabelText('Street') as HTMLInputElement).value).toBe('Ερμού');
    expect((within(dialog).getByLabelText('Postal code') as HTMLInputElement).value).toBe('105 63');
    expect((await within(dialog).findByTestId('marker')).textContent).toBe('37.9762;23.7281');
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: 'Νικολαΐδης' } });
      fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'reviewer' } });
      fireEvent.change(within(dialog).getByLabelText('Town'), { target: { value: 'Πάτρα' } });
    });
    await click(within(dialog).getByTestId('user-form-save'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      lastname: 'Νικολαΐδης',
      role: 'reviewer',
      address: 'Ερμού+12Α+Πάτρα+105 63',
    });
    expect(lastNote(store)).toMatchObject({ type: 'success', body: 'successful update' });
    expect(screen.queryByTestId('user-edit')).toBeNull();
    // the list is loaded again
    expect(calls.filter((c) => c.url === USERS_URL).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the translated message of the refusal and keeps the modal open', async () => {
    const { store } = await render({
      'PUT /api/users/uuid/u-maria': {
        status: 409,
        body: { Error: 'the last administrator cannot be demoted', code: 'ACCOUNTS.LAST_ADMIN' },
      },
    });
    await screen.findAllByTestId('user-row');
    await click(within(rowOf('kostas')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByTestId('user-edit');
    await act(async () => {
      fireEvent.click(within(dialog).getByLabelText('Active'));
    });
    await click(within(dialog).getByTestId('user-form-save'));
    expect(lastNote(store)).toMatchObject({ type: 'danger', body: 'platform.error.ACCOUNTS.LAST_ADMIN' });
    expect(screen.getByTestId('user-edit')).toBeTruthy();
  });

  it('on the own row hides the role, disables active and offers no activate or drop', async () => {
    await render({});
    await screen.findAllByTestId('user-row');
    const own = rowOf('maria');
    expect(within(own).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(within(own).queryByRole('button', { name: 'Delete' })).toBeNull();
    await click(within(own).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByTestId('user-edit');
    expect(within(dialog).queryByLabelText('Role')).toBeNull();
    expect((within(dialog).getByLabelText('Active') as HTMLInputElement).disabled).toBe(true);
  });

  it('refuses an invalid address part without sending', async () => {
    const { calls, store } = await render({});
    await screen.findAllByTestId('user-row');
    await click(within(rowOf('kostas')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByTestId('user-edit');
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Postal code'), { target: { value: 'abc' } });
    });
    await click(within(dialog).getByTestId('user-form-save'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(lastNote(store)).toMatchObject({ type: 'danger', body: 'form contains non valid elements' });
  });

  it('deactivates with the row button', async () => {
    const { calls, store } = await render({
      'PUT /api/users/uuid/u-maria': { status: 200, body: { ...maria, active: false } },
    });
    await screen.findAllByTestId('user-row');
    await click(within(rowOf('kostas')).getByRole('button', { name: 'Deactivate' }));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ active: false });
    expect(lastNote(store)).toMatchObject({ type: 'success', body: 'successful update' });
  });

  it('drops after "drop confirm", not before; cancel sends nothing', async () => {
    const { calls, store } = await render({
      'DELETE /api/users/uuid/u-maria': { status: 200, body: { message: 'data deleted' } },
    });
    await screen.findAllByTestId('user-row');
    await click(within(rowOf('kostas')).getByRole('button', { name: 'Delete' }));
    const first = await screen.findByRole('alertdialog');
    expect(first.textContent).toContain('Do you wish to continue');
    await click(within(first).getByRole('button', { name: /cancel|no/i }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await click(within(rowOf('kostas')).getByRole('button', { name: 'Delete' }));
    const second = await screen.findByRole('alertdialog');
    await click(within(second).getByRole('button', { name: /ok|yes|continue|confirm/i }));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/users/uuid/u-maria']);
    expect(lastNote(store)).toMatchObject({ type: 'success', body: 'data deleted' });
  });

  it('adds a user on /admin/users/add (POST /api/users) and goes back to the list', async () => {
    const created = { ...maria, uuid: 'u-new', username: 'eleni', role: 'reviewer' };
    const { calls, store } = await render(
      {
        'GET /api/checkIfExists/scope/users/field/username/value/eleni': { status: 200, body: false },
        'GET /api/checkIfExists/scope/users/field/email/value/eleni%40example.org': {
          status: 200,
          body: false,
        },
        'POST /api/users': { status: 200, body: created },
      },
      '/admin/users/add',
    );
    const form = await screen.findByTestId('user-form-post');
    const set = (label: RegExp | string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    await act(async () => {
      set(/Username/, 'eleni');
      set(/First name/, 'Ελένη');
      set(/Last name/, 'Γεωργίου');
      set(/Email/, 'eleni@example.org');
      set(/^Password/, 'secret123');
      set(/Repeat password/, 'secret124');
      set('Role', 'reviewer');
    });
    await click(within(form).getByTestId('user-form-save'));
    expect(lastNote(store)).toMatchObject({ type: 'danger', body: 'passwords do not match' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await act(async () => {
      set(/Repeat password/, 'secret123');
    });
    await click(within(form).getByTestId('user-form-save'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'eleni',
      firstname: 'Ελένη',
      lastname: 'Γεωργίου',
      email: 'eleni@example.org',
      password: 'secret123',
      password_repeat: 'secret123',
      role: 'reviewer',
    });
    expect(lastNote(store)).toMatchObject({ type: 'success', body: 'user added' });
    expect(screen.getByTestId('location').textContent).toBe('/admin/users');
  });

  it('speaks Greek in the add form', async () => {
    document.cookie = 'token=tok';
    mockFetch({ [`GET ${RULES_URL}`]: { status: 200, body: RULES } });
    await renderWeb(<App basePath="" />, { route: '/admin/users/add', user: adminUser, locale: 'el' });
    const form = await screen.findByTestId('user-form-post');
    expect(within(form).getByLabelText(/Επανάληψη κωδικού/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Προσθήκη χρήστη' })).toBeTruthy();
  });

  it('picks the address on the map: the marker fills the address, and both are sent', async () => {
    const reverse = `${GEO}/reverse?format=json&lat=37.9755&lon=23.7348&addressdetails=1&accept-language=el`;
    const { calls } = await render({
      ...SETTINGS_WITH_GEOCODER,
      [`GET ${reverse}`]: {
        status: 200,
        body: {
          address: { road: 'Βασιλίσσης Σοφίας', house_number: '2', city: 'Αθήνα', postcode: '106 74' },
        },
      },
      'PUT /api/users/uuid/u-maria': { status: 200, body: maria },
    });
    await screen.findAllByTestId('user-row');
    await click(within(rowOf('kostas')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByTestId('user-edit');
    await click(await within(dialog).findByRole('button', { name: 'drag' }));
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Street') as HTMLInputElement).value).toBe('Βασιλίσσης Σοφίας'),
    );
    expect(within(dialog).getByTestId('marker').textContent).toBe('37.9755;23.7348');
    await click(within(dialog).getByTestId('user-form-save'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      address: 'Βασιλίσσης Σοφίας+2+Αθήνα+106 74',
      location: '37.9755;23.7348',
    });
  });

  it('looks a typed address up with the geocoder and moves the marker there', async () => {
    const search = searchUrl(GEO, { street: 'Ερμού', house_number: '12Α', town: 'Πάτρα', zip: '262 21' });
    const { calls } = await render({
      ...SETTINGS_WITH_GEOCODER,
      [`GET ${search}`]: { status: 200, body: [{ lat: '38.2466', lon: '21.7346' }] },
    });
    await screen.findAllByTestId('user-row');
    await click(within(rowOf('kostas')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByTestId('user-edit');
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Town'), { target: { value: 'Πάτρα' } });
      fireEvent.change(within(dialog).getByLabelText('Postal code'), { target: { value: '262 21' } });
    });
    // the lookup waits for the typing to stop (700 ms)
    await waitFor(() => expect(within(dialog).getByTestId('marker').textContent).toBe('38.2466;21.7346'), {
      timeout: 3000,
    });
    expect(calls.filter((c) => c.url.startsWith(GEO)).map((c) => c.url)).toEqual([search]);
  });

  it('closes an unchanged edit modal at once, and asks before closing one with unsaved changes', async () => {
    const { calls } = await render({});
    await screen.findAllByTestId('user-row');
    await click(within(rowOf('kostas')).getByRole('button', { name: 'Edit' }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByTestId('user-edit')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await click(within(rowOf('kostas')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByTestId('user-edit');
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: 'Νικολαΐδης' } });
    });
    // the tab asks too
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'You have unsaved changes' });
    expect(question.textContent).toContain('If you close this window, your changes will be lost.');
    await click(within(question).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(
      (within(screen.getByTestId('user-edit')).getByLabelText(/Last name/) as HTMLInputElement).value,
    ).toBe('Νικολαΐδης');

    // Esc asks the same; a second Esc answers that question, not the form
    fireEvent.keyDown(within(dialog).getByLabelText(/Last name/), { key: 'Escape' });
    const again = await screen.findByRole('alertdialog');
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('user-edit')).toBeTruthy();

    fireEvent.keyDown(within(dialog).getByLabelText(/Last name/), { key: 'Escape' });
    await click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(screen.queryByTestId('user-edit')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('asks in Greek', async () => {
    document.cookie = 'token=tok';
    mockFetch({
      [`GET ${USERS_URL}`]: { status: 200, body: page([maria, self]) },
      [`GET ${RULES_URL}`]: { status: 200, body: RULES },
    });
    await renderWeb(
      <>
        <App basePath="" />
        <ConfirmHost />
      </>,
      { route: '/admin/users', user: adminUser, locale: 'el' },
    );
    await screen.findAllByTestId('user-row');
    await click(within(rowOf('kostas')).getByRole('button', { name: 'Επεξεργασία' }));
    const dialog = screen.getByTestId('user-edit');
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Πόλη'), { target: { value: 'Πάτρα' } });
    });
    await click(within(dialog).getByRole('button', { name: 'Ακύρωση' }));
    const question = await screen.findByRole('alertdialog', { name: 'Έχετε αλλαγές που δεν αποθηκεύτηκαν' });
    expect(question.textContent).toContain('Αν κλείσετε το παράθυρο, οι αλλαγές σας θα χαθούν.');
  });
});
