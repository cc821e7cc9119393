// The audit log, end to end in Chromium on a fresh site: the administrator changes a user's role and a category,
// then finds both changes on /admin/audit (who, from where, what, the values before and after), searches by user
// and action, shows older entries, and downloads the same filtered log as CSV; in Greek and English, on a phone and
// a desktop, with axe. An editor has no audit entry in the menu and gets the no-permission page on its address.
// Screenshots when E2E_SCREENSHOTS names a folder.
import { readFile } from 'node:fs/promises';
import type { ApiClient } from '@agora/contracts';
import type { Page } from 'playwright-core';
import { openAdminSite, type AdminSite } from './support/admin.js';
import { seriousViolations } from './support/axe.js';
import { loginAs, newContext } from './support/browser.js';
import { snap } from './support/screenshots.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'audit-admin-pw1';
const PASSWORD = 'Audit-secret-41';
const AUDIT = '/admin/audit';

const T = {
  en: {
    title: 'Audit log',
    action: 'Action (e.g. users.update)',
    user: 'User (name or id)',
    search: 'Search',
    noPermission: 'No permission',
  },
  el: {
    title: 'Αρχείο ενεργειών',
    action: 'Ενέργεια (π.χ. users.update)',
    user: 'Χρήστης (όνομα ή αναγνωριστικό)',
    search: 'Αναζήτηση',
    noPermission: 'Δεν έχετε δικαίωμα πρόσβασης',
  },
} as const;

/** The action codes of the rows shown, top to bottom. */
const actionsShown = (page: Page) =>
  page
    .getByTestId('audit-row')
    .evaluateAll((rows) => rows.map((r) => r.querySelector('code')?.textContent ?? ''));

describe('the audit log of staff actions', () => {
  let site: AdminSite;
  let api: ApiClient;
  let editorUuid: string;

  beforeAll(async () => {
    site = await openAdminSite('audit', ADMIN_PASSWORD);
    ({ api } = site);
    const made = await api.POST('/api/users', {
      body: {
        username: 'audit-editor',
        firstname: 'Eva',
        lastname: 'Ntoula',
        email: 'audit-editor@example.org',
        password: PASSWORD,
        role: 'authorized',
      },
    });
    editorUuid = made.uuid;
    // the change the log must show with its values before and after
    await api.PUT('/api/users/uuid/{uuid}', {
      params: { path: { uuid: editorUuid } },
      body: { role: 'editor' },
    });
    await api.POST('/api/category', {
      body: {
        title: 'Harbour',
        mname: 'harbour',
        summary: 'The harbour',
        autosubscribe: false,
        active: true,
      },
    });
  }, 180_000);

  afterAll(async () => {
    await site?.close();
  });

  it('shows who changed a role, from where, and the values before and after; searches and exports them', async () => {
    const { page } = site;
    await page.goto(AUDIT);
    await page.getByRole('heading', { name: T.en.title }).waitFor();
    const actions = await actionsShown(page);
    expect(actions).toEqual(expect.arrayContaining(['users.role', 'users.create']));
    // newest first: the role change came after the user was made
    expect(actions.indexOf('users.role')).toBeLessThan(actions.indexOf('users.create'));

    await page.getByLabel(T.en.action).fill('users.role');
    await page.getByLabel(T.en.user).fill('admin');
    await page.getByRole('button', { name: T.en.search }).click();
    await until(
      () => actionsShown(page),
      (shown) => shown.length > 0 && shown.every((a) => a === 'users.role'),
      'only the role changes by the admin',
    );
    const row = page.getByTestId('audit-row').filter({ hasText: editorUuid });
    await row.getByText('admin').first().waitFor();
    await row.locator('summary').click();
    expect(await row.getByTestId('audit-before').textContent()).toContain('"authorized"');
    expect(await row.getByTestId('audit-after').textContent()).toContain('"editor"');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('audit-csv').click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toContain('at,service,id');
    expect(lines.slice(1).length).toBeGreaterThan(0);
    expect(lines.slice(1).every((l) => l.includes('users.role'))).toBe(true);
    expect(csv).toContain(editorUuid);
  });

  it.each(['el', 'en'] as const)(
    'reads in %s on a phone and a desktop, with nothing serious for axe',
    async (locale) => {
      for (const width of [390, 1280]) {
        const context = await newContext(site.browser, site.stack.url, { locale, width });
        const own = await context.newPage();
        await loginAs(own, 'admin', ADMIN_PASSWORD);
        await own.goto(AUDIT);
        await own.getByRole('heading', { name: T[locale].title }).waitFor();
        await own.getByTestId('audit-row').first().waitFor();
        expect(await seriousViolations(own)).toEqual([]);
        await snap(own, `audit-${locale}-${width}`);
        await context.close();
      }
    },
  );

  it('offers an editor no audit log (el)', async () => {
    const context = await newContext(site.browser, site.stack.url, { locale: 'el' });
    const own = await context.newPage();
    await loginAs(own, 'audit-editor', PASSWORD);
    const hrefs = await own
      .locator('#sh-sidebar a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toContain('/admin/dashboard');
    expect(hrefs).not.toContain(AUDIT);
    await own.goto(AUDIT);
    await own.getByTestId('error-403').getByRole('heading', { name: T.el.noPermission }).waitFor();
    expect(await own.getByTestId('mf-members-page').count()).toBe(0);
    await context.close();
  });
});
