// Password recovery by mail and the OpenID Connect login, end to end in Chromium, on a fresh database: a real
// mail catcher (maildev, read over its JSON API) and a real OpenID Connect provider (oidc-provider with its
// development login and consent pages) on loopback ports.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { typedApi, typedApiAs } from './support/api.js';
import { launchBrowser, loginAs, newContext } from './support/browser.js';
import { linkIn, type MailCatcher } from './support/mail.js';
import { startOidcSite, type OidcSite } from './support/oidc-site.js';
import type { TestSite } from './support/site.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'recovery-admin-pw1';
const OIDC_TITLE = 'Municipality login';
/**
 * Who recovers a password in each language: in English a user added by the admin (account mails in Greek by
 * default) who then picks English in the header; in Greek a visitor who registered in Greek.
 */
const RECOVERING = {
  en: {
    username: 'nikos',
    firstname: 'Νίκος',
    lastname: 'Δημητρίου',
    email: 'nikos@example.org',
    password: 'Old-secret-42',
    newPassword: 'New-secret-43',
    subject: 'Password recovery',
    greeting: 'Hello Νίκος Δημητρίου,',
    sent: 'You will soon receive an email',
    wrong: 'Wrong credentials',
    usedLink: 'This reset link is not valid or has already been used.',
  },
  el: {
    username: 'maria',
    firstname: 'Μαρία',
    lastname: 'Παπαδάκη',
    email: 'maria@example.org',
    password: 'Old-secret-44',
    newPassword: 'New-secret-45',
    subject: 'Ανάκτηση κωδικού',
    greeting: 'Γεια σας Μαρία Παπαδάκη,',
    sent: 'Σύντομα θα λάβετε ένα email',
    wrong: 'Λάθος στοιχεία σύνδεσης',
    usedLink: 'Ο σύνδεσμος επαναφοράς δεν είναι έγκυρος ή έχει ήδη χρησιμοποιηθεί.',
  },
} as const;

/** The provider's accounts (its development login form accepts any password). */
const OIDC_ACCOUNTS: Record<string, Record<string, string | boolean>> = {
  'anna-sub': {
    email: 'anna@example.org',
    email_verified: true,
    given_name: 'Anna',
    family_name: 'Karenina',
    name: 'Anna Karenina',
    preferred_username: 'anna',
  },
  'sofia-sub': {
    email: 'sofia.k@example.org',
    email_verified: true,
    given_name: 'Σοφία',
    family_name: 'Κωστή',
    name: 'Σοφία Κωστή',
    preferred_username: 'sofiak',
  },
};

/** The serious and critical axe violations of the page (or of the part under `selector`), one line each. */
async function seriousViolations(page: Page, name: string, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (selector) builder.include(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Logs the admin in through the API of a browser context and returns the typed client of the session. */
function adminApi(context: BrowserContext) {
  return typedApiAs(context, 'admin', ADMIN_PASSWORD);
}

describe('password recovery by mail and OpenID Connect login', () => {
  let site: OidcSite;
  let stack: TestSite;
  let mail: MailCatcher;
  let issuer: string;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    site = await startOidcSite('recovery_oidc', ADMIN_PASSWORD, OIDC_ACCOUNTS, OIDC_TITLE);
    ({ site: stack, mail } = site);
    issuer = site.oidc.issuer;
    expect(stack.url).toBe(site.publicUrl);
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await site?.stop();
  });

  it.each(['en', 'el'] as const)(
    "recovers a password through the mailed link, in the user's language; the old password is refused (%s)",
    async (locale) => {
      const r = RECOVERING[locale];
      // both start with the interface in Greek
      const context = await newContext(browser, stack.url, { locale: 'el' });
      const page = await context.newPage();
      if (locale === 'en') {
        const admin = await newContext(browser, stack.url, { locale: 'en' });
        const api = await adminApi(admin);
        const created = await api.POST('/api/users', {
          body: {
            username: r.username,
            firstname: r.firstname,
            lastname: r.lastname,
            email: r.email,
            password: r.password,
            role: 'editor',
          },
        });
        expect(created).toMatchObject({ username: r.username, role: 'editor' });
        await admin.close();
        // logged in with the interface in Greek, the user picks English in the header
        await loginAs(page, r.username, r.password);
        await page.getByTestId('language-select').selectOption('en');
        await until(
          async () => (await typedApi(context).GET('/api/profile')).locale,
          (l) => l === 'en',
          'the stored language',
        );
        await page.getByTestId('user-menu-toggle').click();
        await page.getByTestId('logout').click();
        await page.waitForURL('**/login');
      } else {
        await page.goto('/register');
        await page.locator('input[name="username"]').fill(r.username);
        await page.locator('input[name="firstname"]').fill(r.firstname);
        await page.locator('input[name="lastname"]').fill(r.lastname);
        await page.locator('input[name="email"]').fill(r.email);
        await page.locator('input[name="password"]').fill(r.password);
        await page.locator('input[name="password_repeat"]').fill(r.password);
        await page.getByTestId('register-submit').click();
        await page.getByTestId('notification').filter({ hasText: 'Επιτυχής εγγραφή' }).first().waitFor();
      }

      await page.goto('/password_recovery');
      await page.locator('input[name="username"]').fill(r.username);
      await page.getByTestId('recovery-submit').click();
      await page.getByTestId('notification').filter({ hasText: r.sent }).first().waitFor();

      const message = await mail.mailTo(r.email, 'the recovery mail');
      // one language only: the user's
      expect(message.subject).toBe(r.subject);
      expect(message.text).toContain(r.greeting);
      expect(message.text).not.toContain(locale === 'en' ? 'Γεια σας' : 'Hello');
      const link = linkIn(message, '/password_recovery/reset/');
      expect(link?.startsWith(`${stack.url}/password_recovery/reset/`)).toBe(true);

      await page.goto(link!);
      await page.getByTestId('reset-form').waitFor();
      await page.locator('input[name="password"]').fill(r.newPassword);
      await page.locator('input[name="password_repeat"]').fill(r.newPassword);
      await page.getByTestId('reset-submit').click();
      await page.getByTestId('reset-done').waitFor();

      // the old password is refused
      await page.goto('/login');
      await page.locator('input[name="username"]').fill(r.username);
      await page.locator('input[name="password"]').fill(r.password);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-error').textContent()).resolves.toBe(r.wrong);
      // the new one logs in
      await loginAs(page, r.username, r.newPassword);
      await expect(page.getByTestId('user-name').textContent()).resolves.toBe(`${r.firstname} ${r.lastname}`);
      // the link is used up
      await page.goto(link!);
      await page.locator('input[name="password"]').fill('Third-secret-44');
      await page.locator('input[name="password_repeat"]').fill('Third-secret-44');
      await page.getByTestId('reset-submit').click();
      await page.getByTestId('reset-invalid').getByText(r.usedLink).waitFor();
      await context.close();
    },
  );

  it('lets the admin add a user at /admin/users/add, then view, edit and deactivate it from the list', async () => {
    const context = await newContext(browser, stack.url, { locale: 'en' });
    const page = await context.newPage();
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/admin/users');
    await page.getByTestId('user-add').click();
    await page.waitForURL('**/admin/users/add');
    const form = page.getByTestId('user-form-post');
    await form.locator('input[name="username"]').fill('sofia');
    await form.locator('input[name="firstname"]').fill('Σοφία');
    await form.locator('input[name="lastname"]').fill('Αλεξίου');
    await form.locator('input[name="email"]').fill('sofia@example.org');
    await form.locator('input[name="password"]').fill('Sofia-secret-7');
    await form.locator('input[name="password_repeat"]').fill('Sofia-secret-7');
    await form.locator('select[name="role"]').selectOption('reviewer');
    await page.getByTestId('user-form-save').click();
    await page.waitForURL((url) => url.pathname === '/admin/users');

    const row = page.getByTestId('user-row').filter({ hasText: 'sofia' });
    await row.waitFor();
    await row.getByRole('button', { name: 'View' }).click();
    const details = page.getByTestId('user-details');
    await expect(details.getByTestId('user-detail-role').textContent()).resolves.toContain('Reviewer');
    await details.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByTestId('user-edit');
    await dialog.locator('input[name="phone"]').fill('2107654321');
    // the address with the map picker, as on the profile page
    await dialog.locator('.ag-address-map').waitFor();
    await dialog.locator('input[name="street"]').fill('Ερμού');
    await dialog.locator('input[name="house_number"]').fill('12');
    await dialog.locator('input[name="town"]').fill('Αθήνα');
    await dialog.locator('input[name="zip"]').fill('105 63');
    // closing with unsaved changes asks first; No keeps the modal and what was typed
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'You have unsaved changes' });
    await question.getByRole('button', { name: 'No' }).click();
    await question.waitFor({ state: 'detached' });
    await expect(dialog.locator('input[name="phone"]').inputValue()).resolves.toBe('2107654321');
    await dialog.getByTestId('user-form-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('notification')
      .filter({ hasText: /updated|update/i })
      .first()
      .waitFor();
    await row.filter({ hasText: '2107654321' }).waitFor();

    await row.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await row.getByRole('button', { name: 'Activate', exact: true }).waitFor();
    const user = await typedApi(context).GET(
      '/api/users/page/{page}/sort/{field}/sort_method/{method}/query/{query}',
      { params: { path: { page: '1', field: 'lastname', method: 'asc', query: 'sofia' } } },
    );
    expect(user.values).toEqual([
      expect.objectContaining({
        username: 'sofia',
        role: 'reviewer',
        phone: '2107654321',
        address: 'Ερμού+12+Αθήνα+105 63',
        active: false,
      }),
    ]);
    await context.close();
  });

  it.each([
    ['en', 1280],
    ['el', 1280],
    ['el', 390],
    ['en', 390],
  ] as const)(
    'fits the users table and its modals in the page, with no serious axe violations (%s, %i px)',
    async (locale, width) => {
      const context = await newContext(browser, stack.url, { locale, width });
      const page = await context.newPage();
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.goto('/admin/users/list');
      const row = page.getByTestId('user-row').filter({ hasText: 'sofia' });
      await row.waitFor();
      const fit = await page.evaluate(() => {
        const wrap = document.querySelector('.ag-table-wrap') as HTMLElement;
        const actions = [...document.querySelectorAll('.ag-grid-actions')].map((td) =>
          td.getBoundingClientRect(),
        );
        const box = wrap.getBoundingClientRect();
        return {
          page: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
          table: Math.max(0, wrap.scrollWidth - wrap.clientWidth),
          actionsInside: actions.every((r) => r.right <= box.right + 1),
        };
      });
      // the page never scrolls sideways; the table fits its container with every row button in view
      expect(fit).toEqual({ page: 0, table: 0, actionsInside: true });
      const problems = await seriousViolations(page, 'list');
      if (width === 1280) {
        const headings = await page.locator('.ag-table th:visible').allTextContents();
        // username, first and last name, e-mail, role, active and the buttons; the rest is in the details
        expect(headings.length).toBeGreaterThanOrEqual(7);
      }
      // the buttons work at this width too, and the modals fit it and pass axe
      const modalFits = () =>
        page.evaluate(() => {
          const box = document.querySelector('.ag-modal')?.getBoundingClientRect();
          return (
            !!box &&
            box.left >= 0 &&
            box.right <= window.innerWidth + 1 &&
            document.documentElement.scrollWidth <= window.innerWidth
          );
        });
      await row.getByRole('button', { name: locale === 'en' ? 'View' : 'Προβολή' }).click();
      const details = page.getByTestId('user-details');
      await details.waitFor();
      expect(await modalFits()).toBe(true);
      problems.push(...(await seriousViolations(page, 'details')));
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });
      await row.getByRole('button', { name: locale === 'en' ? 'Edit' : 'Επεξεργασία' }).click();
      const edit = page.getByTestId('user-edit');
      await edit.locator('.ag-address-map .leaflet-container').waitFor();
      expect(await modalFits()).toBe(true);
      problems.push(...(await seriousViolations(page, 'edit')));
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ['en', 'anna-sub', 'Anna Karenina', 'anna@example.org'],
    ['el', 'sofia-sub', 'Σοφία Κωστή', 'sofia.k@example.org'],
  ] as const)(
    'logs a new user in with the OpenID Connect provider, through its login and consent pages (%s)',
    async (locale, account, name, email) => {
      const admin = await newContext(browser, stack.url, { locale: 'en' });
      const api = await adminApi(admin);
      const saved = await api.POST('/api/settings/scope/general', {
        body: { isOpenAuthEnabled: true, openAuthTitle: OIDC_TITLE },
      });
      expect(saved).toEqual({ message: 'settings updated' });
      await admin.close();

      const context = await newContext(browser, stack.url, { locale, width: locale === 'el' ? 390 : 1280 });
      const page = await context.newPage();
      await page.goto('/login');
      const link = page.getByTestId('login-oauth');
      await expect(link.textContent()).resolves.toContain(OIDC_TITLE);
      await link.click();

      // the provider's own pages, on its origin: its login form, then its consent form
      await page.waitForURL((url) => url.origin === issuer);
      const prompts: string[] = [];
      while (new URL(page.url()).origin === issuer && prompts.length < 4) {
        const prompt = (await page.locator('input[name="prompt"]').getAttribute('value')) ?? '';
        prompts.push(prompt);
        if (prompt === 'login') {
          await page.locator('input[name="login"]').fill(account);
          await page.locator('input[name="password"]').fill('anything');
        }
        await Promise.all([page.waitForNavigation(), page.locator('button[type="submit"]').click()]);
      }
      expect(prompts).toEqual(['login', 'consent']);
      await page.waitForURL((url) => url.origin === new URL(stack.url).origin && url.pathname === '/');
      await expect(page.getByTestId('user-name').textContent()).resolves.toBe(name);
      // back in the site's language
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      const profile = await typedApi(context).GET('/api/profile');
      expect(profile).toMatchObject({ email, role: 'authorized' });
      await context.close();
    },
  );
});
