// The members of the active category, end to end in Chromium on a fresh site: the administrator enrols two users at
// once from the Enrol page (searched and filtered), sees them in Members with their role, changes a role in its
// cell, sorts, downloads participants.csv and drops a member, who then no longer takes part in the category. An
// editor has no Members, Enrol or Invitations entries and gets the no-permission page on their addresses. Both
// pages in Greek and English, on a phone and a desktop, with axe. Screenshots when E2E_SCREENSHOTS names a folder.
import { readFile } from 'node:fs/promises';
import type { ApiClient } from '@agora/contracts';
import type { Page } from 'playwright-core';
import { createCategoryAndProject, openAdminSite, type AdminSite } from './support/admin.js';
import { typedApi } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { loginAs, newContext } from './support/browser.js';
import { snap } from './support/screenshots.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'members-admin-pw1';
const PASSWORD = 'Member-secret-41';
const MEMBERS = '/admin/administration/members';
const ENROL = '/admin/administration/enroll';
const INVITATIONS = '/admin/administration/invitations';

/** The users of the site besides the admin; the two `sea-` participants are the ones enrolled. */
const USERS = [
  { username: 'sea-anna', firstname: 'Anna', lastname: 'Zervou', role: 'authorized' },
  { username: 'sea-bill', firstname: 'Bill', lastname: 'Adams', role: 'authorized' },
  // found by the search too, but left out by the role filter
  { username: 'sea-editor', firstname: 'Eddie', lastname: 'Marsh', role: 'editor' },
  { username: 'inland', firstname: 'Iris', lastname: 'Land', role: 'authorized' },
] as const;

const T = {
  en: { expert: 'Expert', noPermission: 'No permission' },
  el: { expert: 'Ειδικός', noPermission: 'Δεν έχετε δικαίωμα πρόσβασης' },
} as const;

/** Waits until the usernames of the table's rows `testId`, top to bottom, are `expected`. */
const rowsAre = (page: Page, testId: string, expected: string[]) =>
  until(
    () =>
      page
        .getByTestId(testId)
        .evaluateAll((rows) =>
          rows.map((r) => r.querySelector('td[data-label="username"]')?.textContent ?? ''),
        ),
    (names) => names.join() === expected.join(),
    `the rows ${expected.join()}`,
  );

describe('members and enrolment of the active category', () => {
  let site: AdminSite;
  let page: Page;
  let api: ApiClient;
  let category: { token: string; mname: string };

  beforeAll(async () => {
    site = await openAdminSite('members', ADMIN_PASSWORD);
    ({ page, api } = site);
    // a category with a project open to participants
    ({ category } = await createCategoryAndProject(
      api,
      { title: 'Seafront', mname: 'seafront', summary: 'The seafront', autosubscribe: false },
      {
        title: 'Promenade',
        mname: 'promenade',
        start_date: '2020-01-01',
        end_date: '2099-12-31',
        active: true,
      },
    ));
    for (const u of USERS) {
      await api.POST('/api/users', {
        body: { ...u, email: `${u.username}@example.org`, password: PASSWORD },
      });
    }
  }, 180_000);

  afterAll(async () => {
    await site?.close();
  });

  it('enrols two users at once, changes a role, sorts, exports and drops a member, who then is out', async () => {
    await page.goto(ENROL);
    await page.getByLabel('Search').fill('sea-');
    await page.getByLabel('Role', { exact: true }).selectOption('authorized');
    await rowsAre(page, 'candidate-row', ['sea-bill', 'sea-anna']);
    await page.getByLabel('Select all on this page').check();
    await page.getByLabel('Enrolment role').selectOption({ label: 'Expert' });
    await page.getByRole('button', { name: 'Enrol selected (2)' }).click();
    await page.getByTestId('notification').filter({ hasText: '2 users enrolled.' }).first().waitFor();
    // they leave the candidates
    await page.getByText('There are no users to enrol.').waitFor();

    await page.goto(MEMBERS);
    // last name first
    await rowsAre(page, 'member-row', ['sea-bill', 'sea-anna']);
    const roleOf = (name: string) => page.getByLabel(`Enrolment role of ${name}`).inputValue();
    expect([await roleOf('sea-anna'), await roleOf('sea-bill')]).toEqual(['expert', 'expert']);
    await page.getByLabel('Enrolment role of sea-anna').selectOption({ label: 'Participant' });
    await page.getByTestId('notification').filter({ hasText: 'Successful update' }).first().waitFor();
    await page.reload();
    await rowsAre(page, 'member-row', ['sea-bill', 'sea-anna']);
    expect([await roleOf('sea-anna'), await roleOf('sea-bill')]).toEqual(['normal', 'expert']);

    // by username, then the other way round
    const byUsername = page.getByRole('button', { name: /^Username/ });
    await byUsername.click();
    await rowsAre(page, 'member-row', ['sea-anna', 'sea-bill']);
    await byUsername.click();
    await rowsAre(page, 'member-row', ['sea-bill', 'sea-anna']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('participants.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.trimEnd().split('\r\n')).toEqual([
      'username,firstname,lastname,email,enrol_role,weight',
      'sea-bill,Bill,Adams,sea-bill@example.org,expert,',
      'sea-anna,Anna,Zervou,sea-anna@example.org,normal,',
    ]);

    // the participant takes part, until dropped
    const participant = await newContext(site.browser, site.stack.url, { locale: 'en' });
    const own = await participant.newPage();
    await loginAs(own, 'sea-anna', PASSWORD);
    await own.goto(`/participate/category/${category.mname}`);
    await own.getByTestId('category-enrolment').getByText('You take part in this category.').waitFor();

    await page
      .getByTestId('member-row')
      .filter({ hasText: 'sea-anna' })
      .getByRole('button', { name: 'Delete' })
      .click();
    // the spec's 'unenroll confirm': the admin removes someone else, the dialog says so
    const dialog = page.getByRole('alertdialog', { name: 'Remove the member from the category?' });
    await dialog.getByText('Do you wish to continue?').waitFor();
    await snap(page, 'members-unenroll-confirm-en-1280');
    await dialog.getByTestId('confirm-yes').click();
    await page.getByTestId('notification').filter({ hasText: 'Data deleted' }).first().waitFor();
    await rowsAre(page, 'member-row', ['sea-bill']);

    // another user's session carries the change within the gateway's session cache time (decision 0042)
    await until(
      () =>
        typedApi(participant).GET('/api/category/mname/{mname}', {
          params: { path: { mname: category.mname } },
        }),
      (answer) => answer.enrolment === null,
      "the dropped enrolment in the participant's session",
    );
    await own.reload();
    await own.getByRole('heading', { name: 'Seafront' }).waitFor();
    expect(await own.getByTestId('category-enrolment').count()).toBe(0);
    await participant.close();
  });

  it.each(['el', 'en'] as const)(
    'shows the members and enrol pages in %s on a phone and a desktop, with nothing serious for axe',
    async (locale) => {
      for (const width of [390, 1280]) {
        const context = await newContext(site.browser, site.stack.url, { locale, width });
        const own = await context.newPage();
        await loginAs(own, 'admin', ADMIN_PASSWORD);
        await own.goto(MEMBERS);
        const row = own.getByTestId('member-row').filter({ hasText: 'sea-bill' });
        await expect(row.getByRole('combobox').locator('option:checked').textContent()).resolves.toBe(
          T[locale].expert,
        );
        expect(await seriousViolations(own)).toEqual([]);
        await snap(own, `members-${locale}-${width}`);
        await own.goto(ENROL);
        await own.getByTestId('candidate-row').filter({ hasText: 'inland' }).waitFor();
        expect(await seriousViolations(own)).toEqual([]);
        await snap(own, `enrol-${locale}-${width}`);
        await context.close();
      }
    },
  );

  it('offers an editor neither the members, enrol nor invitations pages (el)', async () => {
    const context = await newContext(site.browser, site.stack.url, { locale: 'el' });
    const own = await context.newPage();
    await loginAs(own, 'sea-editor', PASSWORD);
    const hrefs = await own
      .locator('#sh-sidebar a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toContain('/admin/dashboard');
    expect(hrefs.filter((h) => [MEMBERS, ENROL, INVITATIONS].includes(h ?? ''))).toEqual([]);
    for (const path of [MEMBERS, ENROL, INVITATIONS]) {
      await own.goto(path);
      await own.getByTestId('error-403').getByRole('heading', { name: T.el.noPermission }).waitFor();
      expect([path, await own.getByTestId('mf-members-page').count()]).toEqual([path, 0]);
    }
    await snap(own, 'members-403-editor-el-1280');
    await context.close();
  });
});
