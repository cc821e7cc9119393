// The site frame and the account pages end to end, in Chromium, on a fresh database, in Greek and in English:
// login redirects per role, wrong password, the general settings (map picked on the map, flags, at phone width),
// registration, profile edit and password change (which ends the user's other sessions), logout, recovery
// requests, the language switch (remembered on the account), the session time-out modal, the cookie banner at
// phone width, error pages, and axe (no serious or critical violations) on every page in both languages.
// With E2E_SCREENSHOTS=<folder> the axe walk also saves each page at 1280 and 390 px.
import { createHash } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { failureOf, refusalStatus, typedApi, typedApiAs } from './support/api.js';
import { launchBrowser, loginAs, newContext } from './support/browser.js';
import { snap } from './support/screenshots.js';
import { startTestSite, type TestSite } from './support/site.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'accounts-admin-pw';

type Locale = 'el' | 'en';

/** What the pages say, per language. */
const T = {
  en: {
    wrong: 'Wrong credentials',
    invalid: 'The form contains invalid fields',
    min3: 'Minimum size is 3.',
    mismatch: 'Passwords do not match',
    registered: 'Successful registration',
    exists: 'This value already exists!',
    stay: 'Stay on the page',
    updated: 'Successful update',
    passwordChanged: 'Password changed',
    settingsUpdated: 'Settings updated',
    registration: 'Visitors can sign up',
    timeout: 'Your session has expired',
    otherUser: 'You are trying to log in with a different username',
    notFound: 'User not found',
    mailSoon: 'You will soon receive an email',
    noPermission: 'No permission',
    required: 'This value is required.',
    wrongCurrent: 'The current password is wrong.',
    usedLink: 'This reset link is not valid or has already been used.',
    newLink: 'Request a new link',
    notConfigured: 'The server has no credentials for this login: set them in its configuration first.',
    google: 'Log in with Google',
    coordRange: 'The value must be between 3691163.514 and 4641211.322.',
    dashboard: 'Dashboard',
    accept: 'OK',
    cookies: 'Cookies',
  },
  el: {
    wrong: 'Λάθος στοιχεία σύνδεσης',
    invalid: 'Η φόρμα περιέχει μη έγκυρα πεδία',
    min3: 'Το ελάχιστο μέγεθος είναι 3.',
    mismatch: 'Οι κωδικοί δεν ταιριάζουν',
    registered: 'Επιτυχής εγγραφή',
    exists: 'Η τιμή υπάρχει ήδη!',
    stay: 'Παραμονή στη σελίδα',
    updated: 'Επιτυχής ενημέρωση',
    passwordChanged: 'Ο κωδικός άλλαξε',
    settingsUpdated: 'Οι ρυθμίσεις ενημερώθηκαν',
    registration: 'Οι επισκέπτες μπορούν να εγγραφούν',
    timeout: 'Η σύνδεσή σας έληξε',
    otherUser: 'Προσπαθείτε να συνδεθείτε με διαφορετικό όνομα χρήστη',
    notFound: 'Ο χρήστης δεν βρέθηκε',
    mailSoon: 'Σύντομα θα λάβετε ένα email',
    noPermission: 'Δεν έχετε δικαίωμα πρόσβασης',
    required: 'Η τιμή είναι υποχρεωτική.',
    wrongCurrent: 'Ο τρέχων κωδικός είναι λάθος.',
    usedLink: 'Ο σύνδεσμος επαναφοράς δεν είναι έγκυρος ή έχει ήδη χρησιμοποιηθεί.',
    newLink: 'Ζητήστε νέο σύνδεσμο',
    notConfigured:
      'Ο διακομιστής δεν έχει διαπιστευτήρια για αυτή τη σύνδεση: ορίστε τα πρώτα στις ρυθμίσεις του.',
    google: 'Σύνδεση με Google',
    coordRange: 'Η τιμή πρέπει να είναι από 3691163.514 έως 4641211.322.',
    dashboard: 'Πίνακας ελέγχου',
    accept: 'Εντάξει',
    cookies: 'Cookies',
  },
} as const;

/** The visitor who registers in each language. */
const VISITOR = {
  el: {
    username: 'eleni',
    firstname: 'Ελένη',
    lastname: 'Γεωργίου',
    email: 'eleni@example.org',
    password: 'Eleni-secret-42',
    newPassword: 'Eleni-secret-43',
    width: 360,
  },
  en: {
    username: 'john',
    firstname: 'John',
    lastname: 'Smith',
    email: 'john@example.org',
    password: 'John-secret-42',
    newPassword: 'John-secret-43',
    width: 1280,
  },
} as const;

/** One user per role, and where the login sends each (spec part 1 §2). */
const ROLE_USERS = [
  { role: 'admin', username: 'admin', password: ADMIN_PASSWORD, home: '/admin/dashboard' },
  { role: 'editor', username: 'editor1', password: 'Editor-secret-1', home: '/admin/dashboard' },
  { role: 'reviewer', username: 'reviewer1', password: 'Reviewer-secret-1', home: '/admin/dashboard' },
  { role: 'authorized', username: 'authorized1', password: 'Authorized-secret-1', home: '/' },
  { role: 'guest', username: 'guest1', password: 'Guest-secret-1', home: '/' },
] as const;

describe('accounts and the site frame', () => {
  let stack: TestSite;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    stack = await startTestSite('accounts', ADMIN_PASSWORD);
    ({ browser, close: closeBrowser } = await launchBrowser());
    // one user per role, added by the admin
    const context = await newContext(browser, stack.url);
    const api = await typedApiAs(context, 'admin', ADMIN_PASSWORD);
    for (const u of ROLE_USERS.filter((r) => r.role !== 'admin')) {
      await api.POST('/api/users', {
        body: {
          username: u.username,
          firstname: 'Role',
          lastname: u.role,
          email: `${u.username}@example.org`,
          password: u.password,
          role: u.role,
        },
      });
    }
    await context.close();
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await stack?.stop();
  });

  async function open(locale: Locale, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, stack.url, { locale, width });
    const page = await context.newPage();
    return { context, page };
  }

  async function notification(page: Page, text: string | RegExp): Promise<void> {
    await page.getByTestId('notification').filter({ hasText: text }).first().waitFor();
  }

  async function noSeriousViolations(page: Page): Promise<string[]> {
    const result = await new AxeBuilder({ page }).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  function noSidewaysScroll(page: Page): Promise<number> {
    return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
  }

  it.each(['en', 'el'] as const)(
    'refuses a wrong password, then sends the admin to the dashboard and away from /login (%s)',
    async (locale) => {
      const { context, page } = await open(locale);
      await page.goto('/login');
      await page.locator('input[name="username"]').fill('admin');
      await page.locator('input[name="password"]').fill('wrong');
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-error').textContent()).resolves.toBe(T[locale].wrong);
      await notification(page, T[locale].wrong);
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL('**/admin/dashboard');
      await page.getByTestId('stats-card').waitFor();
      await page.goto('/login');
      await page.waitForURL('**/admin/dashboard');
      await context.close();
    },
  );

  it.each(['en', 'el'] as const)('sends each role to its home after login (%s)', async (locale) => {
    for (const u of ROLE_USERS) {
      const { context, page } = await open(locale, locale === 'el' ? 390 : 1280);
      await loginAs(page, u.username, u.password);
      expect([u.role, new URL(page.url()).pathname]).toEqual([u.role, u.home]);
      await page.getByTestId('user-name').waitFor();
      // back at /login while logged in: a guest sees the form, the others are sent home again
      await page.goto('/login');
      if (u.role === 'guest') {
        await page.getByTestId('login-form').waitFor();
        expect(new URL(page.url()).pathname).toBe('/login');
      } else {
        await page.waitForURL((url) => url.pathname === u.home);
      }
      await context.close();
    }
  });

  it.each([
    ['en', 1280, 'Δήμος SSO'],
    ['el', 390, 'Είσοδος Δήμου'],
  ] as const)(
    'changes the general settings: map picked on the map, flags and title, registration on (%s, %i px)',
    async (locale, width, title) => {
      const { context, page } = await open(locale, width);
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.goto('/admin/settings');
      await page.waitForURL('**/admin/settings/general');
      const map = page.getByTestId('settings-map');
      await map.locator('.leaflet-control-zoom-in').waitFor();
      const zoom = page.locator('input[name="zoom"]');
      // the centre is typed in EPSG:2100 first; in EPSG:4326 the second field is the latitude
      await page.locator('.ag-coords-set select').selectOption('EPSG:4326');
      const lat = page.locator('input[name="coord-y"]');
      const before = { zoom: Number(await zoom.inputValue()), lat: Number(await lat.inputValue()) };
      // zoom in with the map's button, then drag the map north: the fields follow the map
      await map.locator('.leaflet-control-zoom-in').click();
      await until(
        () => zoom.inputValue(),
        (v) => Number(v) === before.zoom + 1,
        'the zoom field',
      );
      const box = (await map.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 60, { steps: 6 });
      await page.mouse.up();
      await until(
        () => lat.inputValue(),
        (v) => Number(v) > before.lat,
        'the latitude',
      );
      const registration = page.getByLabel(T[locale].registration);
      if (!(await registration.isChecked())) await registration.check();
      // unsaved settings: leaving asks first
      const titleField = page.locator('input[name="openAuthTitle"]');
      await titleField.fill(title);
      if (width < 600) await page.getByTestId('nav-toggle').click();
      await page.locator('#sh-sidebar a').first().click();
      const leave = page.getByTestId('confirm-dialog');
      await leave.getByRole('button', { name: T[locale].stay }).click();
      await leave.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/admin/settings/general');
      expect(await noSidewaysScroll(page)).toBe(0);
      const newLat = Number(await lat.inputValue());
      await page.getByTestId('settings-submit').click();
      await notification(page, T[locale].settingsUpdated);
      const settings = await typedApi(context).GET('/api/settings');
      expect(settings).toMatchObject({
        map: { center: { lat: newLat }, zoom: before.zoom + 1 },
        openAuthTitle: title,
        registration: true,
      });
      await context.close();
    },
  );

  it.each(['el', 'en'] as const)(
    'offers each staff role only the pages the server lets it use, and one no-permission page (%s, 390 px)',
    async (locale) => {
      const expected = {
        editor: {
          links: ['/admin/dashboard', '/admin/library/gallery', '/admin/library/upload', '/admin/data'],
          absent: ['/admin/users/list', '/admin/settings/general', '/admin/administration/project/list'],
          refused: [
            '/admin/users/add',
            '/admin/users/list',
            '/admin/settings/general',
            '/admin/library/export',
          ],
          allowed: '/admin/library/gallery',
        },
        reviewer: {
          links: ['/admin/dashboard', '/admin/data'],
          absent: ['/admin/library/gallery', '/admin/administration/project/list', '/admin/users/list'],
          refused: ['/admin/library/gallery', '/admin/administration/project/list', '/admin/browse'],
          allowed: '/admin/data',
        },
      } as const;
      for (const role of ['editor', 'reviewer'] as const) {
        const u = ROLE_USERS.find((r) => r.role === role)!;
        const { context, page } = await open(locale, 390);
        await loginAs(page, u.username, u.password);
        await page.getByTestId('nav-toggle').click();
        // the library entry and its first page both lead to the gallery
        const hrefs = [
          ...new Set(
            await page.locator('#sh-sidebar a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
          ),
        ];
        expect([
          role,
          hrefs.filter((h) => (expected[role].links as readonly string[]).includes(h ?? '')),
        ]).toEqual([role, expected[role].links]);
        expect([
          role,
          hrefs.filter((h) => (expected[role].absent as readonly string[]).includes(h ?? '')),
        ]).toEqual([role, []]);
        await snap(page, `permissions-menu-${role}-${locale}-390`);
        for (const path of expected[role].refused) {
          await page.goto(path);
          await page
            .getByTestId('error-403')
            .getByRole('heading', { name: T[locale].noPermission })
            .waitFor();
          // one page: no red error box of the remote under it
          expect([path, await page.getByTestId('error-state').count()]).toEqual([path, 0]);
        }
        await snap(page, `permissions-403-${role}-${locale}-390`);
        await page.goto(expected[role].allowed);
        await page.locator('main h1').first().waitFor();
        expect(await page.getByTestId('error-403').count()).toBe(0);
        expect(await noSidewaysScroll(page)).toBe(0);
        await context.close();
      }
    },
  );

  it.each(['el', 'en'] as const)(
    'gives the admin the library pages, the file browser and the settings pages in the menu; a user is located in EPSG:2100 (%s, 390 px)',
    async (locale) => {
      const { context, page } = await open(locale, 390);
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.getByTestId('nav-toggle').click();
      const hrefs = await page
        .locator('#sh-sidebar a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(
        expect.arrayContaining([
          '/admin/library/export',
          '/admin/browse',
          '/admin/administration/profile',
          '/admin/users/list',
          '/admin/settings/general',
        ]),
      );
      await snap(page, `admin-menu-${locale}-390`);
      await page.goto('/admin/users/list');
      const row = page.getByTestId('user-row').filter({ hasText: 'editor1' });
      await row.getByRole('button', { name: locale === 'en' ? 'Edit' : 'Επεξεργασία' }).click();
      const modal = page.getByTestId('user-edit');
      expect(await modal.locator('.ag-coords-set select').inputValue()).toBe('EPSG:2100');
      await modal.locator('.ag-coords-set').scrollIntoViewIfNeeded();
      await snap(page, `user-edit-coords-${locale}-390`);
      await context.close();
    },
  );

  it.each(['el', 'en'] as const)(
    'explains the account flows: empty recovery, used reset link, wrong current password (%s, 390 px)',
    async (locale) => {
      const t = T[locale];
      const { context, page } = await open(locale, 390);
      await page.goto('/password_recovery');
      await page.getByTestId('recovery-submit').click();
      await page.getByTestId('recovery-form').getByText(t.required).waitFor();
      await snap(page, `recovery-empty-${locale}-390`);
      await page.goto('/password_recovery/reset/no-such-token-0123456789');
      await page.locator('input[name="password"]').fill('Fresh-secret-77');
      await page.locator('input[name="password_repeat"]').fill('Fresh-secret-77');
      await page.getByTestId('reset-submit').click();
      const invalid = page.getByTestId('reset-invalid');
      await invalid.getByText(t.usedLink).waitFor();
      expect(await invalid.getByRole('link', { name: t.newLink }).getAttribute('href')).toBe(
        '/password_recovery',
      );
      await snap(page, `reset-used-link-${locale}-390`);
      const u = ROLE_USERS.find((r) => r.role === 'authorized')!;
      await loginAs(page, u.username, u.password);
      await page.goto('/profile');
      const form = page.getByTestId('password-form');
      await form.locator('input[name="password_current"]').fill('not-my-password-1');
      await form.locator('input[name="password"]').fill('Another-secret-9');
      await form.locator('input[name="password_repeat"]').fill('Another-secret-9');
      await page.getByTestId('password-submit').click();
      await form.getByText(t.wrongCurrent).waitFor();
      expect(await form.locator('input[name="password_current"]').getAttribute('aria-invalid')).toBe('true');
      await form.scrollIntoViewIfNeeded();
      await snap(page, `profile-wrong-current-${locale}-390`);
      expect(await noSidewaysScroll(page)).toBe(0);
      await context.close();
    },
  );

  it.each(['el', 'en'] as const)(
    'settings: a login without server credentials cannot be ticked; the centre is typed in EPSG:2100 (%s, 390 px)',
    async (locale) => {
      const t = T[locale];
      const { context, page } = await open(locale, 390);
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.goto('/admin/settings/general');
      const google = page.getByLabel(t.google);
      await google.waitFor();
      expect(await google.isDisabled()).toBe(true);
      await page.getByText(t.notConfigured).first().waitFor();
      // the server refuses it too
      const api = await typedApiAs(context, 'admin', ADMIN_PASSWORD);
      const refused = await failureOf(
        api.POST('/api/settings/scope/general', { body: { isGoogleAuthEnabled: true } }),
      );
      expect(refused).toMatchObject({ status: 400, body: { code: 'ACCOUNTS.OAUTH_NOT_CONFIGURED' } });
      // out of range: the page says so under the field, no browser bubble, nothing sent
      expect(await page.locator('.ag-coords-set select').inputValue()).toBe('EPSG:2100');
      await page.locator('input[name="coord-x"]').fill('475920.265');
      await page.locator('input[name="coord-y"]').fill('3000000');
      await page.getByTestId('settings-submit').click();
      await page.getByText(t.coordRange).waitFor();
      await notification(page, t.invalid);
      await page.locator('.ag-coords-set').scrollIntoViewIfNeeded();
      await snap(page, `settings-coords-${locale}-390`);
      // Athens, Syntagma square, in the Greek Grid
      await page.locator('input[name="coord-y"]').fill('4203764.699');
      await page.getByTestId('settings-submit').click();
      await notification(page, t.settingsUpdated);
      const settings = await typedApi(context).GET('/api/settings');
      expect(settings.map.center.lat).toBeCloseTo(37.9838, 4);
      expect(settings.map.center.lng).toBeCloseTo(23.7275, 4);
      expect(await noSidewaysScroll(page)).toBe(0);
      await context.close();
    },
  );

  it.each(['el', 'en'] as const)(
    'registers a visitor, who logs in to /, edits the profile and logs out (%s)',
    async (locale) => {
      const t = T[locale];
      const v = VISITOR[locale];
      const { context, page } = await open(locale, v.width);
      await page.goto('/login');
      await page.getByTestId('signup-link').click();
      await page.waitForURL('**/register');
      // the server's rules apply in the browser once they are loaded (the fields say which are required): a too
      // short username and an empty form are refused
      const username = page.locator('input[name="username"][aria-required="true"]');
      await username.fill('ab');
      await page.getByTestId('register-submit').click();
      await notification(page, t.invalid);
      const usernameError = page.locator(`#${await username.getAttribute('id')}-error`);
      await usernameError.waitFor();
      expect([await username.inputValue(), await usernameError.textContent()]).toEqual(['ab', t.min3]);
      await page.locator('input[name="username"]').fill(v.username);
      await page.locator('input[name="firstname"]').fill(v.firstname);
      await page.locator('input[name="lastname"]').fill(v.lastname);
      await page.locator('input[name="email"]').fill(v.email);
      await page.locator('input[name="password"]').fill(v.password);
      await page.locator('input[name="password_repeat"]').fill('not the same');
      await page.getByTestId('register-submit').click();
      await notification(page, t.mismatch);
      await page.locator('input[name="password_repeat"]').fill(v.password);
      await page.getByTestId('register-submit').click();
      await notification(page, t.registered);
      expect(await page.getByTestId('register-submit').isDisabled()).toBe(true);
      // the same username again
      await page.goto('/register');
      await page.locator('input[name="username"]').fill(v.username);
      await page.getByText(t.exists).waitFor();
      await page.locator('input[name="firstname"]').fill(v.firstname);
      await page.locator('input[name="lastname"]').fill('Other');
      await page.locator('input[name="email"]').fill(`other-${v.email}`);
      await page.locator('input[name="password"]').fill(v.password);
      await page.locator('input[name="password_repeat"]').fill(v.password);
      await page.getByTestId('register-submit').click();
      await notification(page, t.invalid);

      await loginAs(page, v.username, v.password);
      expect(new URL(page.url()).pathname).toBe('/');
      await page.goto('/profile');
      await page.getByTestId('profile-form').waitFor();
      // registered in this language: the account mails will be in it
      await expect(page.locator('select[name="locale"]').inputValue()).resolves.toBe(locale);
      await page.locator('input[name="phone"]').fill('2101234567');
      // leaving a changed profile asks first; staying keeps the change
      if (v.width < 600) await page.getByTestId('nav-toggle').click();
      await page.locator('#sh-sidebar a').first().click();
      const leave = page.getByTestId('confirm-dialog');
      await leave.waitFor();
      await leave.getByRole('button', { name: t.stay }).click();
      await leave.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/profile');
      expect(await page.locator('input[name="phone"]').inputValue()).toBe('2101234567');
      await page.getByTestId('profile-submit').click();
      await notification(page, t.updated);
      const profile = await typedApi(context).GET('/api/profile');
      expect(profile).toMatchObject({ username: v.username, phone: '2101234567', locale });
      if (v.width < 600) {
        // the phone header is one row
        const header = await page.locator('header.sh-header').boundingBox();
        expect(header?.height ?? 0).toBeLessThan(60);
      }
      expect(await noSidewaysScroll(page)).toBe(0);
      await page.getByTestId('user-menu-toggle').click();
      await page.getByTestId('logout').click();
      await page.waitForURL('**/login');
      await page.getByTestId('login-link').waitFor();
      await context.close();
    },
  );

  it.each(['el', 'en'] as const)(
    "changes the password on the profile, which ends the user's other sessions but not this one (%s)",
    async (locale) => {
      const t = T[locale];
      const v = VISITOR[locale];
      const elsewhere = await open(locale);
      await loginAs(elsewhere.page, v.username, v.password);
      const here = await open(locale, v.width);
      await loginAs(here.page, v.username, v.password);
      await here.page.goto('/profile');
      const form = here.page.getByTestId('password-form');
      await form.locator('input[name="password_current"]').fill(v.password);
      await form.locator('input[name="password"]').fill(v.newPassword);
      await form.locator('input[name="password_repeat"]').fill(v.newPassword);
      await here.page.getByTestId('password-submit').click();
      await notification(here.page, t.passwordChanged);

      // the other browser's cookie no longer opens the session (the gateway caches sessions for 2 s at most)
      await until(
        () => refusalStatus(typedApi(elsewhere.context).GET('/api/profile')),
        (status) => status === 401,
        "the other session's end",
      );
      await elsewhere.page.goto('/profile');
      await elsewhere.page.waitForURL('**/login**');
      // this one goes on
      expect(await refusalStatus(typedApi(here.context).GET('/api/profile'))).toBeNull();
      await here.page.reload();
      await here.page.getByTestId('profile-form').waitFor();
      // and the new password is the one that logs in
      await elsewhere.page.goto('/login');
      await elsewhere.page.locator('input[name="username"]').fill(v.username);
      await elsewhere.page.locator('input[name="password"]').fill(v.password);
      await elsewhere.page.getByTestId('login-submit').click();
      await expect(elsewhere.page.getByTestId('login-error').textContent()).resolves.toBe(t.wrong);
      await loginAs(elsewhere.page, v.username, v.newPassword);
      await here.context.close();
      await elsewhere.context.close();
    },
  );

  it.each(['en', 'el'] as const)('explains why an external login came back (%s)', async (locale) => {
    const text = {
      en: ['Your account is not active.', 'Signing in with the external provider failed.'],
      el: ['Ο λογαριασμός σας δεν είναι ενεργός.', 'Η σύνδεση μέσω του εξωτερικού παρόχου απέτυχε.'],
    }[locale];
    const { context, page } = await open(locale, 360);
    await page.goto('/login?error=inactive');
    await expect(page.getByTestId('login-warning').textContent()).resolves.toBe(text[0]);
    await page.goto('/login?error=oauth');
    await expect(page.getByTestId('login-warning').textContent()).resolves.toBe(text[1]);
    await page.goto('/policy');
    await page
      .getByRole('heading', { level: 1, name: locale === 'en' ? 'Privacy policy' : 'Πολιτική απορρήτου' })
      .waitFor();
    await page.getByTestId('policy-cookies').waitFor();
    await context.close();
  });

  it.each(['en', 'el'] as const)('answers password recovery requests (%s)', async (locale) => {
    const t = T[locale];
    const { context, page } = await open(locale);
    await page.goto('/password_recovery');
    await page.locator('input[name="username"]').fill('nobody-here');
    await page.getByTestId('recovery-submit').click();
    await notification(page, t.notFound);
    await page.locator('input[name="username"]').fill(VISITOR[locale].username);
    await page.getByTestId('recovery-submit').click();
    await notification(page, t.mailSoon);
    await page.goto('/password_recovery/reset/not-a-real-token');
    await page.locator('input[name="password"]').fill('Another-secret-1');
    await page.locator('input[name="password_repeat"]').fill('Another-secret-1');
    await page.getByTestId('reset-submit').click();
    // an unknown (or used, or expired) link says so, with a way to ask for a new one
    await page.getByTestId('reset-invalid').getByText(t.usedLink).waitFor();
    await context.close();
  });

  it('switches the language from the header, and remembers it on the account', async () => {
    const { context, page } = await open('en');
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(T.en.dashboard);
    await page.getByTestId('language-select').selectOption('el');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(T.el.dashboard);
    expect(await page.locator('html').getAttribute('lang')).toBe('el');
    await until(
      async () => (await typedApi(context).GET('/api/profile')).locale,
      (l) => l === 'el',
      'the stored language',
    );
    await page.getByTestId('language-select').selectOption('en');
    await until(
      async () => (await typedApi(context).GET('/api/profile')).locale,
      (l) => l === 'en',
      'the stored language',
    );
    await context.close();
  });

  it.each(['en', 'el'] as const)(
    'opens the login modal when the session times out: another username is refused, the same one stays (%s)',
    async (locale) => {
      const t = T[locale];
      const { context, page } = await open(locale);
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.goto('/profile');
      await page.getByTestId('profile-form').waitFor();
      await page.locator('.leaflet-control-zoom-in').scrollIntoViewIfNeeded();
      await context.clearCookies({ name: 'token' });
      const modal = page.getByRole('dialog', { name: t.timeout });
      await modal.waitFor();
      // the address map stays under the dialog
      const underDialog = await page.evaluate(() => {
        const b = document.querySelector('.leaflet-control-zoom-in')!.getBoundingClientRect();
        const top = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
        return !top?.closest('.leaflet-container');
      });
      expect(underDialog).toBe(true);
      await modal.locator('input[name="username"]').fill(VISITOR[locale].username);
      await modal.locator('input[name="password"]').fill(VISITOR[locale].newPassword);
      await modal.getByTestId('timeout-submit').click();
      await expect(modal.getByTestId('timeout-error').textContent()).resolves.toBe(t.otherUser);
      await modal.locator('input[name="username"]').fill('admin');
      await modal.locator('input[name="password"]').fill(ADMIN_PASSWORD);
      await modal.getByTestId('timeout-submit').click();
      await modal.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/profile');
      await page.getByTestId('user-name').waitFor();

      await context.clearCookies({ name: 'token' });
      await modal.waitFor();
      await modal.getByTestId('timeout-other-user').click();
      await page.waitForURL('**/login');
      await page.getByTestId('login-form').waitFor();
      // "another user": the other user logs in from here
      await loginAs(page, VISITOR[locale].username, VISITOR[locale].newPassword);
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(page.getByTestId('user-name').textContent()).resolves.toBe(
        `${VISITOR[locale].firstname} ${VISITOR[locale].lastname}`,
      );
      await context.close();
    },
  );

  it.each(['en', 'el'] as const)(
    'shows a compact cookie banner at phone width, reachable by keyboard, remembered once closed (%s)',
    async (locale) => {
      const { context, page } = await open(locale, 390);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/login');
      const banner = page.getByRole('region', { name: T[locale].cookies });
      await banner.waitFor();
      const box = (await banner.boundingBox())!;
      expect(box.height / 844).toBeLessThanOrEqual(0.15);
      // at the bottom of the screen, over nothing the user needs: the login button is above it
      expect(box.y + box.height).toBeLessThanOrEqual(844 + 1);
      const login = (await page.getByTestId('login-submit').boundingBox())!;
      expect(login.y + login.height).toBeLessThanOrEqual(box.y);
      await snap(page, `cookie-banner-${locale}-390`);
      const ok = banner.getByRole('button', { name: T[locale].accept });
      await ok.focus();
      await page.keyboard.press('Enter');
      await banner.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('login-form').waitFor();
      expect(await page.getByTestId('cookie-banner').count()).toBe(0);
      await context.close();
    },
  );

  it('opens the login modal when the session expires on the server, and closes it on a re-login here or in another tab', async () => {
    const t = T.en;
    const v = VISITOR.en;
    const { context, page } = await open('en');
    await loginAs(page, v.username, v.newPassword);
    await page.goto('/profile');
    await page.getByTestId('profile-form').waitFor();
    const modal = page.getByRole('dialog', { name: t.timeout });

    /** Ends this browser's session in the database, as the idle limit would, and waits until the site sees it. */
    async function expireOnServer(): Promise<void> {
      const sid = (await context.cookies()).find((c) => c.name === 'agora_sid')?.value;
      if (!sid) throw new Error('no session cookie');
      const rows = await stack.db.query(
        `UPDATE accounts.session SET expires_at = now() - interval '1 second' WHERE id_hash = $1 RETURNING id_hash`,
        [createHash('sha256').update(sid).digest('hex')],
      );
      expect(rows).toHaveLength(1);
      // raw HTTP on purpose: the expired session's cookie alone, outside any browser context
      await until(
        async () =>
          (await fetch(`${stack.url}/api/profile`, { headers: { cookie: `agora_sid=${sid}` } })).status,
        (status) => status === 401,
        'the gateway to see the session expired',
      );
    }

    // the token cookie is still there: the next call the page makes meets the ended session
    await expireOnServer();
    expect((await context.cookies()).some((c) => c.name === 'token')).toBe(true);
    await page.locator('input[name="phone"]').fill('2101234568');
    await page.getByTestId('profile-submit').click();
    await modal.waitFor();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('agora_sid');
    await modal.locator('input[name="username"]').fill(v.username);
    await modal.locator('input[name="password"]').fill(v.newPassword);
    await modal.getByTestId('timeout-submit').click();
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByTestId('profile-submit').click();
    await notification(page, t.updated);

    // again, and this time the user logs in in another tab: the open modal sees the session come back and closes
    await expireOnServer();
    await page.locator('input[name="phone"]').fill('2101234569');
    await page.getByTestId('profile-submit').click();
    await modal.waitFor();
    const other = await context.newPage();
    await loginAs(other, v.username, v.newPassword);
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile');
    await expect(page.getByTestId('user-name').textContent()).resolves.toBe(`${v.firstname} ${v.lastname}`);
    await context.close();
  });

  it('shows the error pages in both languages', async () => {
    const { context, page } = await open('en');
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: "Oops! You're lost." }).waitFor();
    await page.goto('/error/410');
    await page.getByRole('heading', { name: 'Too late!' }).waitFor();
    await page.goto('/error/500');
    await page.getByRole('heading', { name: 'Houston, we have a problem!' }).waitFor();
    await page.getByTestId('language-select').selectOption('el');
    await page.getByRole('heading', { name: 'Χιούστον, έχουμε πρόβλημα!' }).waitFor();
    await context.close();
  });

  it.each([
    ['en', 1280],
    ['en', 390],
    ['el', 1280],
    ['el', 390],
  ] as const)(
    'has no serious or critical axe violations on the account pages (%s, %i px)',
    async (locale, width) => {
      const problems: string[] = [];
      const { context, page } = await open(locale, width);
      const check = async (name: string) => {
        problems.push(...(await noSeriousViolations(page)));
        expect([name, await noSidewaysScroll(page)]).toEqual([name, 0]);
        await snap(page, `${name}-${locale}-${width}`);
      };
      for (const [url, name] of [
        ['/login', 'login'],
        ['/register', 'register'],
        ['/password_recovery', 'recovery'],
        ['/password_recovery/reset/some-token', 'reset'],
        ['/policy', 'policy'],
        ['/no/such/page', 'not-found'],
      ] as const) {
        await page.goto(url);
        await page.locator('h1').first().waitFor();
        await check(name);
      }
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      for (const [url, testId, name] of [
        ['/admin/dashboard', 'stats-card', 'dashboard'],
        ['/profile', 'profile-form', 'profile'],
        ['/admin/settings/general', 'settings-form', 'settings'],
      ] as const) {
        await page.goto(url);
        await page.getByTestId(testId).waitFor();
        await check(name);
      }
      // the user dropdown open
      await page.getByTestId('user-menu-toggle').click();
      await check('user-menu');
      await page.keyboard.press('Escape');
      // the time-out modal
      await context.clearCookies({ name: 'token' });
      await page.getByTestId('timeout-submit').waitFor();
      await check('timeout');
      await context.close();
      expect(problems).toEqual([]);
    },
  );
});
