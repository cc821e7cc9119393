// Invitations sent with OAuth, end to end in Chromium on a fresh database: the admin sends one with "Send with
// OAuth", the invitee opens the mail (maildev, read over its JSON API), takes the accept page's OpenID button, logs
// in at a real OpenID Connect provider (oidc-provider's development pages) with the invited e-mail, and lands on /
// logged in and enrolled. Once in English and once in Greek.
import type { Browser } from 'playwright-core';
import { typedApi, typedApiAs } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, loginAs, newContext } from './support/browser.js';
import { linkIn, type MailCatcher } from './support/mail.js';
import { startOidcSite, type OidcSite } from './support/oidc-site.js';
import type { TestSite } from './support/site.js';

const ADMIN_PASSWORD = 'invitations-oauth-pw1';
const OIDC_TITLE = 'Municipality login';

/** Each language's invitee; the provider's account (its subject) has the invited address. */
const INVITEES = {
  en: {
    firstname: 'Helen',
    lastname: 'Marsh',
    email: 'helen@example.org',
    subject: 'helen-sub',
    sent: 'queued',
  },
  el: {
    firstname: 'Ελένη',
    lastname: 'Γεωργίου',
    email: 'eleni@example.org',
    subject: 'eleni-sub',
    sent: 'μπήκε',
  },
} as const;

describe('invitations accepted with an external login', () => {
  let site: OidcSite;
  let stack: TestSite;
  let mail: MailCatcher;
  let oidc: OidcSite['oidc'];
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let category: string;

  beforeAll(async () => {
    site = await startOidcSite(
      'invitations_oauth',
      ADMIN_PASSWORD,
      Object.fromEntries(
        Object.values(INVITEES).map((i) => [
          i.subject,
          { email: i.email.toUpperCase(), email_verified: true, name: 'At the provider' },
        ]),
      ),
      OIDC_TITLE,
    );
    ({ site: stack, mail, oidc } = site);
    ({ browser, close: closeBrowser } = await launchBrowser());
    const context = await newContext(browser, stack.url, { locale: 'en' });
    const api = await typedApiAs(context, 'admin', ADMIN_PASSWORD);
    await api.POST('/api/settings/scope/general', {
      body: { isOpenAuthEnabled: true, openAuthTitle: OIDC_TITLE },
    });
    const created = await api.POST('/api/category', {
      body: { title: 'Seafront', mname: 'seafront', summary: 'Seafront', autosubscribe: false, active: true },
    });
    category = created.token;
    await context.close();
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await site?.stop();
  });

  it.each(['en', 'el'] as const)(
    'the admin sends with OAuth; the invitee accepts with the OpenID login and lands enrolled (%s)',
    async (locale) => {
      const { firstname, lastname, email, subject, sent } = INVITEES[locale];
      const admin = await newContext(browser, stack.url, { locale });
      const page = await admin.newPage();
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.goto('/admin/administration/invitations');
      await page.locator('select[name="locale"]').selectOption(locale);
      await page.getByTestId('invitation-file').setInputFiles({
        name: 'invitees.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `firstname,lastname,email,category_1,role_1\n${firstname},${lastname},${email},seafront,expert\n`,
        ),
      });
      await page.getByTestId('invitation-validate').click();
      await page.getByTestId('invitation-send-oauth').click();
      await page.getByTestId('confirm-yes').click();
      await page.getByTestId('notification').filter({ hasText: sent }).first().waitFor();

      const link = linkIn(await mail.mailTo(email, 'the invitation mail'), '/invitation/accept/');
      expect(link?.startsWith(`${stack.url}/invitation/accept/`)).toBe(true);

      const invitee = await newContext(browser, stack.url, { locale });
      const accept = await invitee.newPage();
      await accept.goto(link!);
      const button = accept.getByTestId('invitation-login-open');
      await expect(button.textContent()).resolves.toBe(OIDC_TITLE);
      expect(await seriousViolations(accept)).toEqual([]);
      await button.click();
      // the provider's own pages: its login form (the invited address's account), then its consent form
      await accept.waitForURL((url) => url.origin === oidc.issuer);
      while (new URL(accept.url()).origin === oidc.issuer) {
        if ((await accept.locator('input[name="prompt"]').getAttribute('value')) === 'login') {
          await accept.locator('input[name="login"]').fill(subject);
          await accept.locator('input[name="password"]').fill('anything');
        }
        await Promise.all([accept.waitForNavigation(), accept.locator('button[type="submit"]').click()]);
      }
      await accept.waitForURL((url) => url.origin === new URL(stack.url).origin && url.pathname === '/');
      await expect(accept.getByTestId('user-name').textContent()).resolves.toBe(`${firstname} ${lastname}`);
      const profile = await typedApi(invitee).GET('/api/profile');
      expect(profile).toMatchObject({ firstname, lastname, email, role: 'authorized' });
      expect(profile.enrolments).toEqual([{ category, role: 'expert' }]);
      await invitee.close();
      await admin.close();
    },
  );
});
