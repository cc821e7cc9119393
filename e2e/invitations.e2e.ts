// Invitations by mail, end to end in Chromium on a fresh database with a real mail catcher (maildev, read over
// its JSON API): the admin uploads a CSV with good and bad rows, reads the dry run's report and sends; the invitee
// opens the mail, accepts with a new password and lands logged in, enrolled in the right categories with the
// right roles. Once in English (a ',' separated file) and once in Greek (a ';' separated file with a byte order
// mark, as Greek Excel saves it).
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { typedApi } from './support/api.js';
import { launchBrowser, loginAs, newContext } from './support/browser.js';
import { linkIn, startMail, type MailCatcher } from './support/mail.js';
import { startTestSite, type TestSite } from './support/site.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'invitations-admin-pw1';

/** What each language's run uploads and expects. */
const RUNS = {
  en: {
    separator: ',',
    bom: '',
    invitee: {
      firstname: 'Helen',
      lastname: 'Marsh',
      email: 'helen.marsh@example.org',
      password: 'Helen-secret-41',
    },
    message: 'Welcome to the consultation on the seafront.',
    badEmail: 'The e-mail address is not valid.',
    unknownCategory: 'There is no category with this short name.',
    badRole: 'The role is not valid (expert or normal).',
    duplicate: 'This e-mail address appears earlier in the file.',
    sent: '1 invitation queued',
    welcome: 'Welcome, Helen Marsh!',
    wrongEmail: 'The e-mail does not correspond to the invitation.',
  },
  el: {
    separator: ';',
    bom: '\uFEFF',
    invitee: {
      firstname: 'Ελένη',
      lastname: 'Γεωργίου',
      email: 'eleni.georgiou@example.org',
      password: 'Eleni-secret-42',
    },
    message: 'Καλώς ήρθατε στη διαβούλευση για το παραλιακό μέτωπο.',
    badEmail: 'Η διεύθυνση ηλεκτρονικού ταχυδρομείου δεν είναι έγκυρη.',
    unknownCategory: 'Δεν υπάρχει κατηγορία με αυτό το σύντομο όνομα.',
    badRole: 'Ο ρόλος δεν είναι έγκυρος (expert ή normal).',
    duplicate: 'Αυτή η διεύθυνση ηλεκτρονικού ταχυδρομείου υπάρχει ήδη πιο πάνω στο αρχείο.',
    sent: '1 πρόσκληση μπήκε',
    welcome: 'Καλώς ήρθατε, Ελένη Γεωργίου!',
    wrongEmail: 'Η διεύθυνση ηλεκτρονικού ταχυδρομείου δεν αντιστοιχεί στην πρόσκληση.',
  },
} as const;

/** The serious and critical axe violations of the page, one line each. */
async function seriousViolations(page: Page, name: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('invitations by mail', () => {
  let stack: TestSite;
  let mail: MailCatcher;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  /** category tokens by short name */
  const categories: Record<string, string> = {};

  beforeAll(async () => {
    mail = await startMail();
    stack = await startTestSite('invitations', ADMIN_PASSWORD, { SMTP_URL: mail.smtpUrl });
    ({ browser, close: closeBrowser } = await launchBrowser());
    const context = await newContext(browser, stack.url, { locale: 'en' });
    const page = await context.newPage();
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    const api = typedApi(context);
    for (const [mname, title] of [
      ['seafront', 'Seafront'],
      ['parks', 'Parks'],
    ] as const) {
      const created = await api.POST('/api/category', {
        body: { title, mname, summary: title, autosubscribe: false, active: true },
      });
      categories[mname] = created.token;
    }
    await context.close();
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await stack?.stop();
    await mail?.stop();
  });

  it.each(['en', 'el'] as const)(
    'invites from a CSV with good and bad rows; the invitee accepts and lands enrolled (%s)',
    async (locale) => {
      const r = RUNS[locale];
      const s = r.separator;
      const { firstname, lastname, email, password } = r.invitee;
      const csv =
        r.bom +
        [
          ['firstname', 'lastname', 'email', 'category_1', 'role_1', 'category_2', 'role_2', 'notes'],
          [firstname, lastname, email, 'seafront', 'expert', 'parks', 'normal', 'ignored'],
          ['Bad', 'Mail', `not-an-email-${locale}`, 'seafront', 'normal', '', '', ''],
          ['No', 'Category', `nocat-${locale}@example.org`, 'nowhere', 'normal', '', '', ''],
          ['Bad', 'Role', `badrole-${locale}@example.org`, 'parks', 'chief', '', '', ''],
          ['Twice', 'Again', email.toUpperCase(), 'parks', 'normal', '', '', ''],
        ]
          .map((row) => row.join(s))
          .join('\r\n') +
        '\r\n';

      // the admin: upload, report, send
      const admin = await newContext(browser, stack.url, { locale });
      const page = await admin.newPage();
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.goto('/admin/administration/invitations');
      await page.getByTestId('invitation-form').waitFor();
      await page.locator('textarea[name="message"]').fill(r.message);
      await page.locator('select[name="locale"]').selectOption(locale);
      await page.getByTestId('invitation-file').setInputFiles({
        name: `invitees-${locale}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(csv, 'utf8'),
      });
      await page.getByTestId('invitation-validate').click();
      await page.getByTestId('invitation-report').waitFor();
      const rows = page.getByTestId('report-row');
      await expect(rows.count()).resolves.toBe(5);
      const texts = await rows.allTextContents();
      // the rows with errors come first; the good one last
      expect(texts[4]).toContain(email);
      for (const comment of [r.badEmail, r.unknownCategory, r.badRole, r.duplicate]) {
        expect(texts.slice(0, 4).some((t) => t.includes(comment))).toBe(true);
      }
      await expect(page.getByTestId('summary-invalid').textContent()).resolves.toContain('4');
      expect(await seriousViolations(page, `invitations ${locale}`)).toEqual([]);
      // nothing was sent by the validation
      const before = await mail.all();
      expect(before.some((m) => m.to.some((t) => t.address === email))).toBe(false);

      await page.getByTestId('invitation-send').click();
      await page.getByTestId('confirm-yes').click();
      await page.getByTestId('notification').filter({ hasText: r.sent }).first().waitFor();
      await page.getByTestId('batch-progress').waitFor();
      const row = page.getByTestId('invitation-row').filter({ hasText: email });
      await row.waitFor();

      // the invitee: the mail, the accept page, a wrong e-mail, then the right one
      const message = await mail.mailTo(email, 'the invitation mail');
      expect(message.text).toContain(r.message);
      const link = linkIn(message, '/invitation/accept/');
      expect(link?.startsWith(`${stack.url}/invitation/accept/`)).toBe(true);

      const invitee = await newContext(browser, stack.url, { locale });
      const accept = await invitee.newPage();
      await accept.goto(link!);
      await expect(accept.getByTestId('invitation-welcome').textContent()).resolves.toContain(r.welcome);
      expect(await seriousViolations(accept, `accept ${locale}`)).toEqual([]);
      await accept.locator('input[name="email"]').fill(`someone-else-${locale}@example.org`);
      await accept.locator('input[name="password"]').fill(password);
      await accept.locator('input[name="password_repeat"]').fill(password);
      await accept.getByTestId('invitation-accept').click();
      await accept.getByTestId('invitation-accept-form').getByText(r.wrongEmail).waitFor();

      await accept.locator('input[name="email"]').fill(email);
      await accept.getByTestId('invitation-accept').click();
      // the answer names the new account's user name: the page logs the invitee in and goes home
      await accept.waitForURL((url) => url.pathname === '/');
      const profile = await until(
        () => typedApi(invitee).GET('/api/profile'),
        (p) => p.email === email,
        'the new session',
      );
      expect(profile).toMatchObject({ firstname, lastname, role: 'authorized' });
      expect([...(profile.enrolments ?? [])].sort((a, b) => a.category.localeCompare(b.category))).toEqual(
        [
          { category: categories.seafront, role: 'expert' },
          { category: categories.parks, role: 'normal' },
        ].sort((a, b) => a.category.localeCompare(b.category)),
      );

      // the admin's list shows it accepted
      await page.reload();
      await page
        .getByTestId('invitation-row')
        .filter({ hasText: email })
        .getByTestId('invitation-status')
        .filter({ hasText: locale === 'en' ? 'Accepted' : 'Αποδεκτή' })
        .waitFor();
      await invitee.close();
      await admin.close();
    },
  );
});
