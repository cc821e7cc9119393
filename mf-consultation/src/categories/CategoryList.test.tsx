import { screen } from '@testing-library/react';
import { adminUser, mockFetch, participantUser, renderWeb } from '../../../scripts/jest/web';
import App from '../App';
import type { Category } from './types';

const category = (n: number, projects: number): Category => ({
  token: `c${n}`,
  mname: `cat${n}`,
  title: `Category ${n}`,
  summary: `Summary of category ${n}`,
  summary_img: '',
  summary_img_alt: '',
  autosubscribe: false,
  active: false,
  consultation: false,
  forum_welcome_message: '',
  has_answered: false,
  sort_order: n,
  projects: Array.from({ length: projects }, (_, i) => ({
    token: `p${n}${i}`,
    mname: `p${n}${i}`,
    title: `Project ${n}.${i}`,
  })),
});

describe('mf-consultation categories', () => {
  it('renders a card per category with its summary and projects on /admin/data', async () => {
    const calls = mockFetch({ 'GET /api/category': { status: 200, body: [category(1, 2), category(2, 0)] } });
    await renderWeb(<App basePath="" />, { route: '/admin/data', user: adminUser });
    const rows = await screen.findAllByTestId('category-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Category 1');
    expect(rows[0]?.textContent).toContain('Summary of category 1');
    expect(screen.getAllByTestId('category-project').map((p) => p.textContent)).toEqual([
      'Project 1.0',
      'Project 1.1',
    ]);
    expect(rows[1]?.textContent).toContain('This category has no projects.');
    expect(calls.map((c) => c.url)).toEqual(['/api/category']);
    expect(screen.getByTestId('mf-consultation-page').getAttribute('data-remote-version')).toBe('test');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Data');
  });

  it("never shows a badge from an administrator's active category (interface state, not the category's)", async () => {
    mockFetch({ 'GET /api/category': { status: 200, body: [category(1, 1), category(2, 1)] } });
    await renderWeb(<App basePath="" />, { route: '/admin/data', user: adminUser });
    const rows = await screen.findAllByTestId('category-row');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.textContent).not.toContain('Inactive');
      expect(row.hasAttribute('data-active')).toBe(false);
    }
  });

  it('shows the empty message in Greek', async () => {
    mockFetch({ 'GET /api/category': { status: 200, body: [] } });
    await renderWeb(<App basePath="" />, { route: '/admin/data', user: adminUser, locale: 'el' });
    expect((await screen.findByTestId('empty-state')).textContent).toBe('Δεν υπάρχουν ακόμη κατηγορίες.');
  });

  it('sends administrators from /participate to /admin/data and visitors to /login', async () => {
    mockFetch({ 'GET /api/category': { status: 200, body: [] } });
    const { unmount } = await renderWeb(<App basePath="" />, {
      route: '/participate',
      user: adminUser,
      probe: true,
    });
    expect(screen.getByTestId('location').textContent).toBe('/admin/data');
    unmount();
    await renderWeb(<App basePath="" />, { route: '/participate', user: null, probe: true });
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('shows the front page to visitors and sends administrators to the dashboard', async () => {
    const { unmount } = await renderWeb(<App basePath="" />, { route: '/', user: null, probe: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Agora');
    expect(screen.getByRole('link', { name: 'Log in to take part' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('How it works');
    unmount();
    await renderWeb(<App basePath="" />, { route: '/', user: adminUser, probe: true });
    expect(screen.getByTestId('location').textContent).toBe('/admin/dashboard');
  });

  it('shows its 404 for other routes', async () => {
    await renderWeb(<App basePath="" />, { route: '/participate/nothing/else', user: participantUser });
    expect(screen.getByTestId('not-found')).toBeTruthy();
  });
});
