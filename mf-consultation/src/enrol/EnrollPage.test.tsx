import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { notificationsAtom, sessionUserAtom } from '@agora/platform';
import {
  adminUser,
  clearCookies,
  click,
  mockFetch,
  participantUser,
  renderWeb,
} from '../../../scripts/jest/web';
import App from '../App';
import { categoryCard } from '../categories/testdata';

/** The query of the current URL (where the login page is asked to bring the visitor back). */
function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}

const enrolled = { ...participantUser, enrolments: [{ category: categoryCard(2).token, role: 'normal' }] };
const list = { status: 200, body: { values: [categoryCard(1), categoryCard(2)] } };

beforeEach(() => {
  // a logged-in browser holds the CSRF cookie: the enrolment's POST and the session's reload need it
  document.cookie = 'token=csrf-token; path=/';
});
afterEach(clearCookies);

describe('mf-consultation /enroll', () => {
  it('lists the categories to join as cards', async () => {
    mockFetch({ 'GET /api/category/scope/enroll': list });
    await renderWeb(<App basePath="" />, { route: '/enroll', user: participantUser });
    const cards = await screen.findAllByTestId('enroll-card');
    expect(cards.map((c) => c.querySelector('h2')?.textContent)).toEqual(['Category 1', 'Category 2']);
    expect(screen.getByAltText('Picture of category 1')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Other categories');
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('enrols after confirmation, reloads the session and opens the category page', async () => {
    const calls = mockFetch({
      'GET /api/category/scope/enroll': list,
      'POST /api/enrolment': { status: 200, body: { enrolments: enrolled.enrolments } },
      'GET /api/profile': { status: 200, body: enrolled },
    });
    const { store } = await renderWeb(<App basePath="" />, {
      route: '/enroll',
      user: participantUser,
      probe: true,
    });
    const cards = await screen.findAllByTestId('enroll-card');
    await click(within(cards[1]!).getByRole('button', { name: 'Join' }));
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Join «Category 2»?');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await click(within(dialog).getByTestId('confirm-yes'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/participate/category/category-2'),
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/enrolment');
    expect(post?.body).toEqual({ category: categoryCard(2).token });
    expect(store.get(sessionUserAtom)?.enrolments).toEqual(enrolled.enrolments);
    expect(store.get(notificationsAtom).map((n) => [n.type, n.body])).toEqual([
      ['success', 'You have joined «Category 2».'],
    ]);
  });

  it('asks nothing when the confirmation is declined', async () => {
    const calls = mockFetch({ 'GET /api/category/scope/enroll': list });
    await renderWeb(<App basePath="" />, { route: '/enroll', user: participantUser });
    await click((await screen.findAllByRole('button', { name: 'Join' }))[0]!);
    await click(screen.getByTestId('confirm-no'));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it.each([
    ['en', 'Autosubscribe error: you could not join this category.'],
    ['el', 'Σφάλμα αυτόματης εγγραφής: η εγγραφή στην κατηγορία δεν έγινε.'],
  ] as const)('warns of the autosubscribe error when the enrolment fails (%s)', async (locale, text) => {
    mockFetch({
      'GET /api/category/scope/enroll': list,
      'POST /api/enrolment': { status: 403, body: { Error: 'not open', code: 'ACCOUNTS.ENROL_NOT_OPEN' } },
    });
    const { store } = await renderWeb(<App basePath="" />, {
      route: '/enroll',
      user: participantUser,
      locale,
      probe: true,
    });
    await click((await screen.findAllByTestId('enrol-button'))[0]!);
    await click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(store.get(notificationsAtom)).toHaveLength(1));
    expect(store.get(notificationsAtom).map((n) => [n.type, n.body])).toEqual([['warning', text]]);
    expect(screen.getByTestId('location').textContent).toBe('/enroll');
    expect(store.get(sessionUserAtom)).toEqual(participantUser);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('opens the confirmation of /enroll/category/{category} at once, and leaves that URL when declined', async () => {
    mockFetch({ 'GET /api/category/scope/enroll': list });
    await renderWeb(<App basePath="" />, {
      route: '/enroll/category/category-2',
      user: participantUser,
      locale: 'el',
      probe: true,
    });
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Εγγραφή στην κατηγορία «Category 2»;');
    await click(within(dialog).getByRole('button', { name: 'Ακύρωση' }));
    expect(screen.getByTestId('location').textContent).toBe('/enroll');
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('shows an empty list, and sends administrators and visitors away', async () => {
    mockFetch({ 'GET /api/category/scope/enroll': { status: 200, body: { values: [] } } });
    const first = await renderWeb(<App basePath="" />, { route: '/enroll', user: participantUser });
    expect((await screen.findByTestId('empty-state')).textContent).toContain(
      'There is no other category to join right now.',
    );
    first.unmount();
    const second = await renderWeb(<App basePath="" />, { route: '/enroll', user: adminUser, probe: true });
    expect(screen.getByTestId('location').textContent).toBe('/admin/data');
    second.unmount();
    await renderWeb(
      <>
        <App basePath="" />
        <SearchProbe />
      </>,
      { route: '/enroll/category/x', user: null, probe: true },
    );
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('search').textContent).toBe('?next=%2Fenroll%2Fcategory%2Fx');
  });
});
