// "Delete my account" on /profile, in Chromium at phone width (390 px), in Greek and in English: a participant
// reads what will be erased and kept, is refused with a wrong password, deletes the account with the right one
// and lands logged out on the front page; logging in again fails. The administrator then sees the deletions in
// the overview of the requests, naming no one. Decision 0088.
import type { BrowserContext } from 'playwright-core';
import { openAdminSite, type AdminSite } from './support/admin.js';
import { loginAs, newContext } from './support/browser.js';
import { snap } from './support/screenshots.js';

const ADMIN_PASSWORD = 'deletion-admin-pw';
const PASSWORD = 'participant-pw-1';

const T = {
  en: {
    title: 'Delete my account',
    open: 'Delete my account…',
    erased: 'These are erased for good:',
    password: 'Your current password',
    wrong: 'The current password is wrong.',
    confirm: 'Delete my account permanently',
    done: 'Your account has been deleted.',
  },
  el: {
    title: 'Διαγραφή του λογαριασμού μου',
    open: 'Διαγραφή του λογαριασμού μου…',
    erased: 'Διαγράφονται οριστικά:',
    password: 'Ο τρέχων κωδικός σας',
    wrong: 'Ο τρέχων κωδικός είναι λάθος.',
    confirm: 'Οριστική διαγραφή του λογαριασμού μου',
    done: 'Ο λογαριασμός σας διαγράφηκε.',
  },
} as const;

describe('delete my account', () => {
  let site: AdminSite;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    site = await openAdminSite('account_deletion', ADMIN_PASSWORD);
    for (const username of ['leaving_el', 'leaving_en']) {
      await site.api.POST('/api/users', {
        body: {
          username,
          firstname: 'Φεύγω',
          lastname: 'Σύντομα',
          email: `${username}@example.org`,
          password: PASSWORD,
          password_repeat: PASSWORD,
          role: 'authorized',
        },
      });
    }
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await site?.close();
  });

  it.each(['el', 'en'] as const)(
    'a participant deletes their account at 390 px (%s) and cannot log in again',
    async (locale) => {
      const context = await newContext(site.browser, site.stack.url, {
        locale,
        width: 390,
        height: 844,
        touch: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      const username = `leaving_${locale}`;
      await loginAs(page, username, PASSWORD);
      await page.goto('/profile');
      const section = page.getByTestId('delete-account');
      await section.getByRole('heading', { name: T[locale].title }).waitFor();
      await section.getByRole('button', { name: T[locale].open }).click();
      // the statement, fetched from the server, before anything is deleted
      await section.getByText(T[locale].erased).waitFor();
      await section.getByTestId('delete-account-kept').waitFor();
      const box = (await section.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await snap(page, `account-deletion-statement-${locale}`);

      const password = section.getByLabel(T[locale].password);
      await password.fill('not the password');
      await section.getByRole('button', { name: T[locale].confirm }).click();
      await section.getByText(T[locale].wrong).waitFor();
      await snap(page, `account-deletion-wrong-${locale}`);

      await password.fill(PASSWORD);
      const deleted = page.waitForResponse(
        (r) => r.url().endsWith('/api/profile') && r.request().method() === 'DELETE',
      );
      await section.getByRole('button', { name: T[locale].confirm }).click();
      expect((await deleted).status()).toBe(200);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText(T[locale].done).waitFor();
      await snap(page, `account-deletion-done-${locale}`);
      // logged out: the session is gone on the server too
      expect((await page.request.get('/api/profile')).status()).toBe(401);

      // logging in again fails
      await page.goto('/login');
      await page.getByLabel(/username|όνομα χρήστη/i).fill(username);
      await page.getByLabel(/password|κωδικός/i).fill(PASSWORD);
      const login = page.waitForResponse(
        (r) => r.url().endsWith('/api/login') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: /log in|login|σύνδεση|είσοδος/i }).click();
      expect((await login).status()).toBe(401);
      expect(new URL(page.url()).pathname).toBe('/login');
    },
    120_000,
  );

  it('the administrator sees the deletions in the overview of the requests, naming no one', async () => {
    const page = site.page;
    await page.goto('/admin/users/list');
    await page.getByTestId('users-requests').click();
    await page.waitForURL((url) => url.pathname === '/admin/users/requests');
    await page.getByRole('heading', { name: 'Requests for personal data' }).waitFor();
    const rows = page.getByTestId('request-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await page.getByTestId('request-deleted-user').count()).toBe(2);
    const text = (await page.getByTestId('mf-members-page').textContent()) ?? '';
    expect(text).not.toContain('leaving_');
    expect(text).not.toContain('Φεύγω');
    await snap(page, 'account-deletion-requests-en');

    // in Greek, at phone width
    const phone = await newContext(site.browser, site.stack.url, {
      locale: 'el',
      width: 390,
      height: 844,
      touch: true,
    });
    contexts.push(phone);
    const small = await phone.newPage();
    await loginAs(small, 'admin', ADMIN_PASSWORD);
    await small.goto('/admin/users/requests');
    await small.getByRole('heading', { name: 'Αιτήματα για προσωπικά δεδομένα' }).waitFor();
    await small.getByTestId('request-row').first().waitFor();
    expect(await small.getByText('διαγραμμένος λογαριασμός').count()).toBe(2);
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await snap(small, 'account-deletion-requests-el');
  }, 90_000);
});
