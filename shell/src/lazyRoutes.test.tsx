import { preloadRoutes } from '@agora/platform';
import { shellRoutes } from './App';

// Which of the shell's lazy pages have been loaded: each module records itself when it is first evaluated (a
// function declaration: a module imported with App itself is recorded before this file's own lines run).
function mockLoad(page: string, path: string): unknown {
  const holder = globalThis as { shellPagesLoaded?: string[] };
  (holder.shellPagesLoaded ??= []).push(page);
  return jest.requireActual(path);
}
const loaded = (): string[] => (globalThis as { shellPagesLoaded?: string[] }).shellPagesLoaded ?? [];
jest.mock('./pages/DashboardPage', () => mockLoad('dashboard', './pages/DashboardPage'));
jest.mock('./pages/ProfilePage', () => mockLoad('profile', './pages/ProfilePage'));
jest.mock('./settings/GeneralSettingsPage', () =>
  mockLoad('general settings', './settings/GeneralSettingsPage'),
);
jest.mock('./settings/SiteTextsPage', () => mockLoad('site texts', './settings/SiteTextsPage'));

// One sequence: a module, once loaded, stays loaded.
describe("the shell's lazy pages", () => {
  it('are not loaded with the shell, nor for a remote route or a page of a visitor', async () => {
    await preloadRoutes(shellRoutes(), '/');
    await preloadRoutes(shellRoutes(), '/participate/category/urban-mobility');
    await preloadRoutes(shellRoutes(), '/login');
    expect(loaded()).toEqual([]);
  });

  it("are loaded by the start's preload of their own route only", async () => {
    await preloadRoutes(shellRoutes(), '/admin/dashboard');
    expect(loaded()).toEqual(['dashboard']);
    await preloadRoutes(shellRoutes(), '/admin/settings/frontpage');
    expect(loaded()).toEqual(['dashboard', 'site texts']);
    await preloadRoutes(shellRoutes(), '/profile');
    await preloadRoutes(shellRoutes(), '/admin/settings/general');
    expect(loaded()).toEqual(['dashboard', 'site texts', 'profile', 'general settings']);
  });
});
